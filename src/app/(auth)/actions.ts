"use server";
// Signed-out account actions: thin wrappers over the accounts verbs (which rate-limit and validate).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { confirmEmailLink, requestPasswordReset, resendVerification, resetPassword } from "@/server/services/accounts";

// These never act as the session's account (anyone may run them signed out), so a risk-restricted
// session changes nothing about them.
const SIGNED_OUT = { allowWhileRestricted: true };

const Token = args(["token", str]);
const Email = args(["email", str]);
const Reset = args(["token", str], ["password", str]);

export async function confirmEmailAction(...a: [token: string]) {
  return runAction(Token, a, (ctx, [token]) => confirmEmailLink(ctx, { token }), SIGNED_OUT);
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
