"use server";
// Signed-out account actions: thin wrappers over the accounts verbs (which rate-limit and validate).
import { cookies, headers } from "next/headers";
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { issueSessionCookie } from "@/server/auth/session-cookie";
import { confirmEmailLink, requestPasswordReset, resendVerification, resetPassword } from "@/server/services/accounts";

// These never act as the session's account (anyone may run them signed out), so a risk-restricted
// session changes nothing about them.
const SIGNED_OUT = { allowWhileRestricted: true };

const Token = args(["token", str]);
const Email = args(["email", str]);
const Reset = args(["token", str], ["password", str]);

/**
 * The link proves the mailbox, so a new account (or one just verified) is signed in here, in the
 * browser that opened the link, unless that browser is already signed in (its session is kept).
 * An email change signs nobody in: it ends the account's sessions by design.
 */
export async function confirmEmailAction(...a: [token: string]) {
  return runAction(Token, a, async (ctx, [token]) => {
    const { account, ...result } = await confirmEmailLink(ctx, { token });
    if (!account || ctx.actor.kind !== "anonymous") return { ...result, signedIn: false };
    const c = await issueSessionCookie(ctx.db, account, { ip: ctx.ip, userAgent: (await headers()).get("user-agent"), now: ctx.now() });
    (await cookies()).set(c.name, c.value, c.options);
    return { ...result, signedIn: true };
  }, SIGNED_OUT);
}

export async function resendVerificationAction(...a: [email: string]) {
  return runAction(Email, a, (ctx, [email]) => resendVerification(ctx, { email }), SIGNED_OUT);
}

export async function requestPasswordResetAction(...a: [email: string]) {
  return runAction(Email, a, (ctx, [email]) => requestPasswordReset(ctx, { email }), SIGNED_OUT);
}

export async function resetPasswordAction(...a: [token: string, password: string]) {
  return runAction(Reset, a, (ctx, [token, password]) => resetPassword(ctx, { token, password }), SIGNED_OUT);
}
