// next-auth v4: Credentials provider, JWT cookie, plus a per-user session version checked on every
// session read so a ban, disable, password change or "log out everywhere" ends sessions at once.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { makeCtx } from "../context";
import { getDb } from "../db/client";
import { env } from "../env";
import { isDomainError } from "../errors";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import { log } from "../logger";
import { authenticate, getSessionState } from "../services/accounts";

class SessionRevokedError extends Error {
  constructor() {
    super("session revoked");
    this.name = "SessionRevokedError";
  }
}

/** How a failed login travels through next-auth's `error` parameter: CODE|reason|retryAfter. */
export function encodeLoginError(err: unknown): string {
  if (!isDomainError(err)) return "INTERNAL||";
  return `${err.code}|${String(err.details?.reason ?? "")}|${String(err.details?.retryAfterSeconds ?? "")}`;
}
export function decodeLoginError(s: string): { code: string; reason: string; retryAfterSeconds?: number } {
  const [code = "INTERNAL", reason = "", retry = ""] = s.split("|");
  return { code, reason, retryAfterSeconds: retry ? Number(retry) : undefined };
}

function headerOf(req: unknown, name: string): string | undefined {
  const h = (req as { headers?: Record<string, string | string[] | undefined> | Headers } | undefined)?.headers;
  if (!h) return undefined;
  if (typeof (h as Headers).get === "function") return (h as Headers).get(name) ?? undefined;
  const v = (h as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v[0] : v;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600, updateAge: 24 * 3600 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const ctx = makeCtx(getDb(), { kind: "anonymous" }, { ip: headerOf(req, CLIENT_IP_HEADER) });
          try {
            const c = credentials as Record<string, string> | undefined;
            const u = await authenticate(ctx, { email: c?.email ?? "", password: c?.password ?? "", turnstileToken: c?.turnstileToken || undefined });
            return { id: u.id, email: u.email, name: u.name, role: u.role, sv: u.sessionVersion };
          } catch (err) {
            if (!isDomainError(err)) log.error("login failed unexpectedly", { error: (err as Error).message });
            throw new Error(encodeLoginError(err));
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; role: "ADMIN" | "USER"; sv: number };
          return { ...token, uid: u.id, role: u.role, sv: u.sv };
        }
        if (typeof token.uid !== "string") throw new SessionRevokedError();
        const state = await getSessionState(getDb(), token.uid);
        if (!state || state.status !== "ACTIVE" || state.sessionVersion !== token.sv) throw new SessionRevokedError();
        return { ...token, role: state.role, email: state.email, name: state.name };
      },
      async session({ session, token }) {
        return { ...session, user: { id: token.uid as string, email: token.email ?? "", name: token.name ?? "", role: token.role as "ADMIN" | "USER" } };
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
