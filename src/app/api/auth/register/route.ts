import { NextResponse } from "next/server";
import { issueSessionCookie } from "@/server/auth/session-cookie";
import { readJson } from "@/server/http/read-json";
import { route } from "@/server/http/route";
import { register } from "@/server/services/accounts";

// An account that needs no email verification is signed in by this very answer (the session cookie
// a password sign-in would write), so the new customer goes straight on to what they came for.
export const POST = route("anonymous", async ({ req, ctx }) => {
  const { signIn, ...result } = await register(ctx, () => readJson(req, 16 * 1024));
  const res = NextResponse.json({ ok: true, ...result, signedIn: Boolean(signIn) }, { status: 201 });
  if (signIn) {
    const c = await issueSessionCookie(ctx.db, signIn, { ip: ctx.ip, userAgent: req.headers.get("user-agent"), now: ctx.now() });
    res.cookies.set(c.name, c.value, c.options);
  }
  return res;
});
