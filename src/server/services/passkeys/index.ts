// Passkeys (WebAuthn, issue 29): any account may register some and sign in with one instead of a
// password and a code; staff may be required to (setting staffPasskeyRequired, checked per request
// by user-sessions.ts through user_sessions.method).
export { startPasskeyRegistration, finishPasskeyRegistration, MAX_PASSKEYS, type RegisteredPasskey } from "./register";
export { listMyPasskeys, renameMyPasskey, removeMyPasskey, type MyPasskeys } from "./manage";
export { startPasskeySignIn, verifyPasskeySignIn } from "./sign-in";
export { relyingPartyOf, type RelyingParty } from "./relying-party";
export type { PasskeyItem } from "./item";
export type { StepUp } from "./step-up";
