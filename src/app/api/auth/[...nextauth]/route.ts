// next-auth's own endpoints (csrf, callback/credentials, session, signout). A failed credentials
// login is turned into a proper status (401/403/429 with Retry-After) and our error body, so plain
// HTTP clients and the login page see why; next-auth's `url` stays in the body for its client.
import NextAuth from "next-auth";
import { NextRequest, NextResponse } from "next/server";
import { signInLocaleCookie } from "@/app/locale-cookie";
import { authOptions, decodeLoginError, type SignInHooks } from "@/server/auth/options";
import { safeCallbackUrl } from "@/server/auth/safe-redirect";
import { REQUEST_ID_HEADER } from "@/server/http/client-ip";
import { readBodyCapped } from "@/server/http/read-json";
import { localeOfHeaders } from "@/server/http/request-meta";
import { errorBody, errorResponse } from "@/server/http/respond";
import { errorText } from "@/server/i18n/error-text";

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, RATE_LIMITED: 429, VALIDATION: 400, UNAVAILABLE: 503 };

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx, hooks?: SignInHooks): Promise<Response> {
  return NextAuth(authOptions(hooks))(req, ctx) as Promise<Response>;
}

// Both sign-in providers: a password (and a code), or a passkey (services/passkeys).
const isCredentialsCallback = (p: string[]) => p[0] === "callback" && (p[1] === "credentials" || p[1] === "passkey");

/**
 * The query as next-auth can take it. A `callbackUrl` that is not a URL is refused by next-auth
 * with a 500 before any callback runs, so it becomes a same-site URL or the site root here (the
 * same rule as the `redirect` callback, against the public origin next-auth uses). `error` goes
 * raw into a Location header, a 500 for anything outside Latin-1: it travels percent-encoded.
 */
function safeQueryUrl(raw: string): string {
  const url = new URL(raw);
  const callback = url.searchParams.get("callbackUrl");
  if (callback !== null) url.searchParams.set("callbackUrl", safeCallbackUrl(callback, process.env.NEXTAUTH_URL || url.origin));
  const error = url.searchParams.get("error");
  if (error !== null) url.searchParams.set("error", encodeURIComponent(error));
  return url.toString();
}

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
    return NextResponse.json(errorBody("METHOD_NOT_ALLOWED", "Log in with POST", { reason: "post_required" }), { status: 405, headers: { allow: "POST" } });
  }
  return handler(new NextRequest(safeQueryUrl(req.url), { headers: req.headers }), ctx);
}

/** next-auth reads its form bodies whole, whatever their size: we read them first, with a cap. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

export async function POST(incoming: Request, ctx: Ctx): Promise<Response> {
  let req: Request;
  try {
    const body = await readBodyCapped(incoming, MAX_AUTH_BODY_BYTES);
    req = new NextRequest(safeQueryUrl(incoming.url), { method: "POST", headers: incoming.headers, body: body.length ? new Uint8Array(body) : undefined });
  } catch (err) {
    return errorResponse(err, incoming.headers.get(REQUEST_ID_HEADER) ?? undefined, localeOfHeaders(incoming.headers));
  }
  let signedIn: { locale: string | null } | undefined;
  const res = await handler(req, ctx, { onSignIn: (u) => (signedIn = u) });
  const { nextauth } = await ctx.params;
  if (!isCredentialsCallback(nextauth)) return res;
  const location = res.headers.get("location") ?? ((await res.clone().json().catch(() => ({}))) as { url?: string }).url;
  const errorParam = location ? new URL(location, "http://x").searchParams.get("error") : null;
  if (!errorParam) return signedIn ? withSignInLocale(res, incoming, signedIn.locale) : res;
  const e = decodeLoginError(errorParam);
  // In the caller's language, from the same catalogue as every other error; `login_failed` for a
  // failure that carries no reason we know (INTERNAL: the cause is in the log, never in the body).
  const locale = localeOfHeaders(incoming.headers);
  const message = errorText(locale, e.reason, { retryAfterSeconds: e.retryAfterSeconds }) ?? errorText(locale, "login_failed")!;
  const out = NextResponse.json(
    { ...errorBody(e.code, message, { reason: e.reason || undefined, retryAfterSeconds: e.retryAfterSeconds, attemptsLeft: e.attemptsLeft }), url: location },
    { status: STATUS[e.code] ?? 500 },
  );
  if (e.retryAfterSeconds) out.headers.set("retry-after", String(e.retryAfterSeconds));
  for (const c of res.headers.getSetCookie()) out.headers.append("set-cookie", c);
  return out;
}
