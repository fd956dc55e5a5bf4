"use server";
// Signed-out account actions: thin wrappers over the accounts verbs (which rate-limit and validate).
import { runAction } from "@/server/actions/run-action";
import { confirmEmailLink, requestPasswordReset, resendVerification, resetPassword } from "@/server/services/accounts";

// These never act as the session's account (anyone may run them signed out), so a risk-restricted
// session changes nothing about them.
const SIGNED_OUT = { allowWhileRestricted: true };

export async function confirmEmailAction(token: string) {
  return runAction((ctx) => confirmEmailLink(ctx, { token }), SIGNED_OUT);
}

export async function resendVerificationAction(email: string) {
  return runAction((ctx) => resendVerification(ctx, { email }), SIGNED_OUT);
}

export async function requestPasswordResetAction(email: string) {
  return runAction((ctx) => requestPasswordReset(ctx, { email }), SIGNED_OUT);
}

export async function resetPasswordAction(token: string, password: string) {
  return runAction((ctx) => resetPassword(ctx, { token, password }), SIGNED_OUT);
}
