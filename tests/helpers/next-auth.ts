// next-auth's own hooks, called the way its core calls them: authorize() at a credentials login,
// the jwt callback on every session read, and the signOut event at POST /api/auth/signout.
import type { JWT } from "next-auth/jwt";
import { authOptions, decodeLoginError } from "../../src/server/auth/options";
import { CLIENT_IP_HEADER } from "../../src/server/http/client-ip";
import { freshIp } from "./actors";

type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<Record<string, unknown> | null>;
type JwtCallback = (p: { token: JWT; user?: unknown }) => Promise<JWT>;
type SignOutEvent = (m: { token: JWT | null }) => Promise<void>;

const opts = authOptions();
const provider = opts.providers[0] as unknown as { options: { authorize: Authorize } };

export const jwt = opts.callbacks!.jwt as unknown as JwtCallback;
export const signOutEvent = opts.events!.signOut as unknown as SignOutEvent;

export interface LoginOk { ok: true; token: JWT }
export interface LoginFailed { ok: false; code: string; reason: string; retryAfterSeconds?: number }

/** A credentials login as next-auth runs it: authorize(), then the jwt callback that mints the cookie's token. */
export async function login(credentials: Record<string, string>, p: { ip?: string; userAgent?: string } = {}): Promise<LoginOk | LoginFailed> {
  try {
    const user = await provider.options.authorize(credentials, { headers: { [CLIENT_IP_HEADER]: p.ip ?? freshIp(), "user-agent": p.userAgent ?? "vitest" } });
    const token = await jwt({ token: { email: String(user!.email) }, user });
    return { ok: true, token };
  } catch (err) {
    return { ok: false, ...decodeLoginError((err as Error).message) };
  }
}

export async function loginOrThrow(credentials: Record<string, string>, p: { ip?: string; userAgent?: string } = {}): Promise<JWT> {
  const r = await login(credentials, p);
  if (!r.ok) throw new Error(`login failed: ${r.code} ${r.reason}`);
  return r.token;
}

/** True when the token still opens a session (the jwt callback accepts it). */
export const accepted = (token: JWT) =>
  jwt({ token }).then(
    () => true,
    (err: Error) => {
      if (err.name !== "SessionRevokedError") throw err;
      return false;
    },
  );
