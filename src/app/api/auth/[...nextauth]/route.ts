// next-auth's own endpoints (csrf, callback/credentials, session, signout). A failed credentials
// login is turned into a proper status (401/403/429 with Retry-After) and our error body, so plain
// HTTP clients and the login page see why; next-auth's `url` stays in the body for its client.
import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authOptions, decodeLoginError } from "@/server/auth/options";
import { errorBody } from "@/server/http/respond";

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, RATE_LIMITED: 429, VALIDATION: 400 };
const MESSAGE: Record<string, string> = {
  bad_credentials: "Wrong email or password",
  email_not_verified: "Please verify your email first: check your inbox",
  disabled: "This account is disabled; contact support",
  banned: "This account is banned",
  captcha: "Captcha verification failed, please try again",
};

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx): Promise<Response> {
  return NextAuth(authOptions())(req, ctx) as Promise<Response>;
}

export const GET = handler;

export async function POST(req: Request, ctx: Ctx): Promise<Response> {
  const res = await handler(req, ctx);
  const { nextauth } = await ctx.params;
  if (nextauth[0] !== "callback" || nextauth[1] !== "credentials") return res;
  const location = res.headers.get("location") ?? ((await res.clone().json().catch(() => ({}))) as { url?: string }).url;
  const errorParam = location ? new URL(location, "http://x").searchParams.get("error") : null;
  if (!errorParam) return res;
  const e = decodeLoginError(errorParam);
  const message =
    e.code === "RATE_LIMITED"
      ? `Too many attempts, retry in ${e.retryAfterSeconds ?? 60} s`
      : (MESSAGE[e.reason] ?? (e.code === "VALIDATION" ? "Enter your email and password" : "Login failed"));
  const out = NextResponse.json(
    { ...errorBody(e.code, message, { reason: e.reason || undefined, retryAfterSeconds: e.retryAfterSeconds }), url: location },
    { status: STATUS[e.code] ?? 500 },
  );
  if (e.retryAfterSeconds) out.headers.set("retry-after", String(e.retryAfterSeconds));
  for (const c of res.headers.getSetCookie()) out.headers.append("set-cookie", c);
  return out;
}
