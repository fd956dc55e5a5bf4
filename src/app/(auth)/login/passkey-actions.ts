"use server";
// The login page's passkey button: a sign-in challenge for navigator.credentials.get. Anyone may
// ask (counted per client address); the answer goes to next-auth's "passkey" provider.
import { noArgs } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { startPasskeySignIn } from "@/server/services/passkeys";

export async function startPasskeySignInAction(...a: []) {
  return runAction(noArgs, a, (ctx) => startPasskeySignIn(ctx));
}
