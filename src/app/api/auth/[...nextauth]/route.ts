// next-auth's own endpoints (csrf, callback/credentials, session, signout). A failed credentials
// login is turned into a proper status (401/403/429 with Retry-After) and our error body, so plain
// HTTP clients and the login page see why; next-auth's `url` stays in the body for its client.
import NextAuth from "next-auth";
import { NextRequest, NextResponse } from "next/server";
import { signInLocaleCookie } from "@/app/locale-cookie";
import { authOptions, decodeLoginError, type SignInHooks } from "@/server/auth/options";
import { REQUEST_ID_HEADER } from "@/server/http/client-ip";
import { readBodyCapped } from "@/server/http/read-json";
import { errorBody, errorResponse } from "@/server/http/respond";

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, RATE_LIMITED: 429, VALIDATION: 400, UNAVAILABLE: 503 };
const MESSAGE: Record<string, string> = {
  bad_credentials: "Wrong email or password",
  email_not_verified: "Please verify your email first: check your inbox",
  disabled: "This account is disabled; contact support",
  banned: "This account is banned",
  captcha: "Captcha verification failed, please try again",
  totp_required: "Enter the code from your authenticator app",
  totp_invalid: "The code is wrong or was already used",
  recovery_code_invalid: "This recovery code is wrong or was already used",
  captcha_unavailable: "Login and registration are paused: the captcha cannot be checked because of a configuration problem on this site; please contact support",
};

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx, hooks?: SignInHooks): Promise<Response> {
  return NextAuth(authOptions(hooks))(req, ctx) as Promise<Response>;
}

const isCredentialsCallback = (p: string[]) => p[0] === "callback" && p[1] === "credentials";

/** A browser that never chose a language takes the account's at sign-in (see locale-cookie.ts). */
function withSignInLocale(res: Response, incoming: Request, profileLocale: string | null): Response {
  const cookie = signInLocaleCookie(new NextRequest(incoming.url, { headers: incoming.headers }).cookies, profileLocale);
  if (!cookie) return res;
  const out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
  out.headers.append("set-cookie", cookie);
  return out;
}

export async function GET(req: Request, ctx: Ctx): Promise<Response> {
  // The credentials callback only takes a POSTed form; next-auth answers a GET with a 500.
  if (isCredentialsCallback((await ctx.params).nextauth)) {
    return NextResponse.json(errorBody("METHOD_NOT_ALLOWED", "Log in with POST"), { status: 405, headers: { allow: "POST" } });
  }
  return handler(req, ctx);
}

/** next-auth reads its form bodies whole, whatever their size: we read them first, with a cap. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

export async function POST(incoming: Request, ctx: Ctx): Promise<Response> {
  let req: Request;
  try {
    const body = await readBodyCapped(incoming, MAX_AUTH_BODY_BYTES);
    req = new NextRequest(incoming.url, { method: "POST", headers: incoming.headers, body: body.length ? new Uint8Array(body) : undefined });
  } catch (err) {
    return errorResponse(err, incoming.headers.get(REQUEST_ID_HEADER) ?? undefined);
  }
  let signedIn: { locale: string | null } | undefined;
  const res = await handler(req, ctx, { onSignIn: (u) => (signedIn = u) });
  const { nextauth } = await ctx.params;
  if (!isCredentialsCallback(nextauth)) return res;
  const location = res.headers.get("location") ?? ((await res.clone().json().catch(() => ({}))) as { url?: string }).url;
  const errorParam = location ? new URL(location, "http://x").searchParams.get("error") : null;
  if (!errorParam) return signedIn ? withSignInLocale(res, incoming, signedIn.locale) : res;
  const e = decodeLoginError(errorParam);
  const message =
    e.code === "RATE_LIMITED"
      ? `Too many attempts, retry in ${e.retryAfterSeconds ?? 60} s`
      : (MESSAGE[e.reason] ?? (e.code === "VALIDATION" ? "Enter your email and password" : "Login failed")) +
        (e.attemptsLeft === 1 ? "; one attempt left before logins from this address are paused" : "");
  const out = NextResponse.json(
    { ...errorBody(e.code, message, { reason: e.reason || undefined, retryAfterSeconds: e.retryAfterSeconds, attemptsLeft: e.attemptsLeft }), url: location },
    { status: STATUS[e.code] ?? 500 },
  );
  if (e.retryAfterSeconds) out.headers.set("retry-after", String(e.retryAfterSeconds));
  for (const c of res.headers.getSetCookie()) out.headers.append("set-cookie", c);
  return out;
}
