// next-auth v4: Credentials provider and a JWT cookie that names a revocable session row (`sid`).
// Every session read checks that row and its user in one query, so sign-out, "log out everywhere",
// a ban, a disable or a password change (session version) ends sessions on the next request.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { makeCtx } from "../context";
import { getDb } from "../db/client";
import { env } from "../env";
import { isDomainError } from "../errors";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import { log } from "../logger";
import { authenticate } from "../services/accounts";
import { verifySecondFactor } from "../services/accounts/second-factor";
import { verifyPasskeySignIn } from "../services/passkeys/sign-in";
import { checkSession, openSession, revokeSession, SESSION_MAX_AGE_SECONDS } from "../services/accounts/user-sessions";
import { safeCallbackUrl } from "./safe-redirect";

class SessionRevokedError extends Error {
  constructor() {
    super("session revoked");
    this.name = "SessionRevokedError";
  }
}

/**
 * How a failed login travels through next-auth's `error` parameter: CODE|reason|retryAfter, plus
 * |attemptsLeft when the limits warn of a lock-out. The fourth field is only written when present,
 * so the common forms stay what they were and a three-field string still decodes.
 */
export function encodeLoginError(err: unknown): string {
  if (!isDomainError(err)) return "INTERNAL||";
  const base = `${err.code}|${String(err.details?.reason ?? "")}|${String(err.details?.retryAfterSeconds ?? "")}`;
  const left = err.details?.attemptsLeft;
  return typeof left === "number" ? `${base}|${left}` : base;
}
export interface DecodedLoginError { code: string; reason: string; retryAfterSeconds?: number; attemptsLeft?: number }
const count = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : undefined);
export function decodeLoginError(s: string): DecodedLoginError {
  const [code = "INTERNAL", reason = "", retry = "", left = ""] = s.split("|");
  const out: DecodedLoginError = { code, reason, retryAfterSeconds: retry ? Number(retry) : undefined };
  const attemptsLeft = count(left);
  if (attemptsLeft !== undefined) out.attemptsLeft = attemptsLeft;
  return out;
}

function headerOf(req: unknown, name: string): string | undefined {
  const h = (req as { headers?: Record<string, string | string[] | undefined> | Headers } | undefined)?.headers;
  if (!h) return undefined;
  if (typeof (h as Headers).get === "function") return (h as Headers).get(name) ?? undefined;
  const v = (h as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v[0] : v;
}

/** What the credentials route learns about a completed sign-in (the account's language, for the cookie). */
export interface SignInHooks {
  onSignIn?: (user: { id: string; locale: string | null }) => void;
}

export function authOptions(hooks: SignInHooks = {}): NextAuthOptions {
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 3600 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          // Second step, for accounts with two-factor sign-in (either one).
          totpCode: { label: "Authentication code", type: "text" },
          recoveryCode: { label: "Recovery code", type: "text" },
        },
        async authorize(credentials, req) {
          const ctx = makeCtx(getDb(), { kind: "anonymous" }, { ip: headerOf(req, CLIENT_IP_HEADER) });
          try {
            const c = credentials as Record<string, string> | undefined;
            const secondFactor = (userId: string) => verifySecondFactor(ctx, userId, { totpCode: c?.totpCode || undefined, recoveryCode: c?.recoveryCode || undefined });
            const u = await authenticate(ctx, { email: c?.email ?? "", password: c?.password ?? "", turnstileToken: c?.turnstileToken || undefined }, { secondFactor });
            const sid = await openSession(ctx.db, { userId: u.id, sessionVersion: u.sessionVersion, ip: ctx.ip, userAgent: headerOf(req, "user-agent"), now: ctx.now() });
            return { id: u.id, email: u.email, name: u.name, role: u.role, sv: u.sessionVersion, sid, locale: u.locale };
          } catch (err) {
            if (!isDomainError(err)) log.error("login failed unexpectedly", { error: err }); // the logger describes it without SQL params
            throw new Error(encodeLoginError(err));
          }
        },
      }),
      // A passkey instead of a password and a code (services/passkeys): the login page's button
      // posts the challenge's id and the browser's answer; the session remembers how it began.
      CredentialsProvider({
        id: "passkey",
        name: "passkey",
        credentials: {
          challengeId: { label: "Challenge", type: "text" },
          response: { label: "Passkey answer", type: "text" },
        },
        async authorize(credentials, req) {
          const ctx = makeCtx(getDb(), { kind: "anonymous" }, { ip: headerOf(req, CLIENT_IP_HEADER) });
          try {
            const c = credentials as Record<string, string> | undefined;
            const u = await verifyPasskeySignIn(ctx, { challengeId: c?.challengeId ?? "", response: c?.response ?? "" });
            const sid = await openSession(ctx.db, { userId: u.id, sessionVersion: u.sessionVersion, ip: ctx.ip, userAgent: headerOf(req, "user-agent"), now: ctx.now(), method: "passkey" });
            return { id: u.id, email: u.email, name: u.name, role: u.role, sv: u.sessionVersion, sid, locale: u.locale };
          } catch (err) {
            if (!isDomainError(err)) log.error("passkey login failed unexpectedly", { error: err });
            throw new Error(encodeLoginError(err));
          }
        },
      }),
    ],
    callbacks: {
      // Every callback URL (parameter, form field, cookie): next-auth's default throws on one that is
      // not a URL and puts "/中" raw into a Location header, both a 500. Same site or the site root.
      async redirect({ url, baseUrl }) {
        return safeCallbackUrl(url, baseUrl);
      },
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; role: "ADMIN" | "USER"; sv: number; sid: string };
          return { ...token, uid: u.id, role: u.role, sv: u.sv, sid: u.sid };
        }
        // A token without a session id predates revocable sessions: it cannot be revoked, so it is refused.
        if (typeof token.uid !== "string" || typeof token.sid !== "string") throw new SessionRevokedError();
        const live = await checkSession(getDb(), { sid: token.sid, uid: token.uid, sv: token.sv }, new Date());
        if (!live) throw new SessionRevokedError();
        return {
          ...token,
          role: live.role,
          email: live.email,
          name: live.name,
          tfaSetup: live.twoFactorSetupRequired || undefined,
          pkReq: live.passkeySignInRequired || undefined,
          srole: live.staffRole ?? undefined,
          sperms: live.customPermissions ?? undefined,
          // Read in the same query, so the restriction starts and ends on the very next request.
          riskRestrictedAt: live.riskRestrictedAt?.toISOString(),
        };
      },
      async session({ session, token }) {
        return {
          ...session,
          user: {
            id: token.uid as string,
            email: token.email ?? "",
            name: token.name ?? "",
            role: token.role as "ADMIN" | "USER",
            sid: token.sid as string,
            ...(token.tfaSetup ? { twoFactorSetupRequired: true } : {}),
            ...(token.pkReq ? { passkeySignInRequired: true } : {}),
            ...(typeof token.srole === "string" ? { staffRole: token.srole } : {}),
            ...(Array.isArray(token.sperms) ? { customPermissions: token.sperms as string[] } : {}),
            ...(typeof token.riskRestrictedAt === "string" ? { riskRestrictedAt: token.riskRestrictedAt } : {}),
          },
        };
      },
    },
    events: {
      // A complete sign-in (password and second factor): after authorize(), before the response.
      async signIn({ user }) {
        const u = user as unknown as { id: string; locale?: string | null };
        hooks.onSignIn?.({ id: u.id, locale: u.locale ?? null });
      },
      // POST /api/auth/signout: end this session server-side too, not only the browser's cookie.
      async signOut({ token }) {
        const sid = (token as { sid?: unknown } | null)?.sid;
        if (typeof sid === "string") await revokeSession(getDb(), sid);
      },
    },
    logger: {
      error(code, metadata) {
        const m = metadata as { name?: string; error?: { name?: string } } | undefined;
        // A revoked session is expected: next-auth clears the cookie and answers an empty session.
        if (code === "JWT_SESSION_ERROR" && (m?.name === "SessionRevokedError" || m?.error?.name === "SessionRevokedError")) return;
        log.error("next-auth", { code, error: m instanceof Error ? m.message : undefined });
      },
      warn(code) {
        log.warn("next-auth", { code });
      },
      debug() {},
    },
  };
}
