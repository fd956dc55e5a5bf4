// The passkey ceremonies as the browser and next-auth run them, with the software authenticator:
// enrol (start, create, finish) and sign in (start, get, then next-auth's "passkey" provider).
import type { JWT } from "next-auth/jwt";
import { authOptions, decodeLoginError } from "../../src/server/auth/options";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { CLIENT_IP_HEADER } from "../../src/server/http/client-ip";
import { finishPasskeyRegistration, startPasskeyRegistration, startPasskeySignIn } from "../../src/server/services/passkeys";
import { anonCtx, freshIp } from "../helpers/actors";
import { jwt } from "../helpers/next-auth";
import type { AnswerOpts, SoftAuthenticator } from "../helpers/webauthn";

type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<Record<string, unknown> | null>;
// next-auth merges a provider's own options (its id among them) over the defaults when it runs.
const providers = authOptions().providers as unknown as { options: { id?: string; authorize: Authorize } }[];
const passkeyProvider = providers.find((p) => p.options.id === "passkey")!;

/** Registers a passkey for the caller of `ctx` (a code when the change needs one). */
export async function enrol(ctx: Ctx, auth: SoftAuthenticator, p: { name?: string; code?: string; answer?: AnswerOpts } = {}) {
  const { challengeId, options } = await startPasskeyRegistration(ctx, p.code ? { code: p.code } : undefined);
  const response = auth.register(options, p.answer);
  return finishPasskeyRegistration(ctx, { challengeId, name: p.name ?? "Laptop", response });
}

/** A sign-in challenge and the authenticator's answer to it, not sent yet. */
export async function answer(db: Db, auth: SoftAuthenticator, o: AnswerOpts = {}, ip = freshIp()) {
  const { challengeId, options } = await startPasskeySignIn(anonCtx(db, ip));
  return { challengeId, response: auth.authenticate(options, o), options };
}

export interface PasskeyLoginOk { ok: true; token: JWT; sid: string }
export interface PasskeyLoginFailed { ok: false; code: string; reason: string; retryAfterSeconds?: number }

/** What POST /api/auth/callback/passkey does: the provider's authorize(), then the jwt callback. */
export async function passkeyLogin(credentials: { challengeId: string; response: unknown }, ip = freshIp()): Promise<PasskeyLoginOk | PasskeyLoginFailed> {
  try {
    const body = { challengeId: credentials.challengeId, response: JSON.stringify(credentials.response) };
    const user = await passkeyProvider.options.authorize(body, { headers: { [CLIENT_IP_HEADER]: ip, "user-agent": "vitest" } });
    const token = await jwt({ token: { email: String(user!.email) }, user });
    return { ok: true, token, sid: token.sid as string };
  } catch (err) {
    return { ok: false, ...decodeLoginError((err as Error).message) };
  }
}

/** Start, answer and send: a whole passkey sign-in from one client address. */
export async function signInWith(db: Db, auth: SoftAuthenticator, o: AnswerOpts = {}, ip = freshIp()) {
  const a = await answer(db, auth, o, ip);
  return passkeyLogin(a, ip);
}

/** The same user's context as the session `sid` gives it (what "this session was a passkey one" reads). */
export const inSession = (ctx: Ctx, sid: string): Ctx => makeCtx(ctx.db, { ...ctx.actor, sessionId: sid }, { ip: ctx.ip });
