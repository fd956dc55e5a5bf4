"use server";
// Signed-out account actions: thin wrappers over the accounts verbs (which rate-limit and validate).
import { runAction } from "@/server/actions/run-action";
import { confirmEmailLink, requestPasswordReset, resendVerification, resetPassword } from "@/server/services/accounts";

export async function confirmEmailAction(token: string) {
  return runAction((ctx) => confirmEmailLink(ctx, { token }));
}

export async function resendVerificationAction(email: string) {
  return runAction((ctx) => resendVerification(ctx, { email }));
}

export async function requestPasswordResetAction(email: string) {
  return runAction((ctx) => requestPasswordReset(ctx, { email }));
}

export async function resetPasswordAction(token: string, password: string) {
  return runAction((ctx) => resetPassword(ctx, { token, password }));
}
