// A signed-in session made without the password form: after registering (no email verification
// required) and after the verification link. It is the very cookie next-auth's credentials sign-in
// writes (same name, flags, encoding and a revocable session row behind its `sid`), so every later
// request reads it through the same jwt callback and sign-out, "log out everywhere" and bans end it.
import { encode } from "next-auth/jwt";
import type { Db } from "../db/client";
import { env } from "../env";
import { openSession, SESSION_MAX_AGE_SECONDS } from "../services/accounts/user-sessions";

export interface SessionCookie {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean; maxAge: number };
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: "ADMIN" | "USER";
  sessionVersion: number;
}

/** next-auth v4 chooses secure cookies (and the `__Secure-` prefix) from NEXTAUTH_URL's scheme. */
function secureCookies(): boolean {
  return (process.env.NEXTAUTH_URL ?? "").startsWith("https://");
}

export async function issueSessionCookie(db: Db, user: SignedInUser, meta: { ip?: string | null; userAgent?: string | null; now: Date }): Promise<SessionCookie> {
  const sid = await openSession(db, { userId: user.id, sessionVersion: user.sessionVersion, ip: meta.ip ?? undefined, userAgent: meta.userAgent ?? undefined, now: meta.now });
  // The fields the jwt callback writes at a credentials sign-in (options.ts), nothing more.
  const token = { name: user.name, email: user.email, sub: user.id, uid: user.id, role: user.role, sv: user.sessionVersion, sid };
  const value = await encode({ token, secret: env().AUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
  const secure = secureCookies();
  return {
    name: `${secure ? "__Secure-" : ""}next-auth.session-token`,
    value,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: SESSION_MAX_AGE_SECONDS },
  };
}
