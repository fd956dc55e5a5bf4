"use server";
// The signed-in user's own account. Each verb checks the session itself (requireUser).
import { rememberLocale } from "@/app/locale-cookie";
import { formToObject, runAction } from "@/server/actions/run-action";
import {
  changePassword,
  confirmTwoFactorSetup,
  disableTwoFactor,
  generateInviteCode,
  logoutEverywhere,
  regenerateRecoveryCodes,
  requestEmailChange,
  revokeMySession,
  startTwoFactorSetup,
  updateProfile,
} from "@/server/services/accounts";

/** The profile's language is also this browser's interface language (one language setting). */
export async function updateProfileAction(formData: FormData) {
  return runAction(
    async (ctx) => {
      const user = await updateProfile(ctx, formToObject(formData));
      await rememberLocale(user.locale);
      return user;
    },
    { revalidate: ["/account", "/dashboard"] },
  );
}

export async function changePasswordAction(formData: FormData) {
  return runAction((ctx) => changePassword(ctx, formToObject(formData)));
}

export async function requestEmailChangeAction(formData: FormData) {
  return runAction((ctx) => requestEmailChange(ctx, formToObject(formData)));
}

export async function generateInviteCodeAction() {
  return runAction((ctx) => generateInviteCode(ctx), { revalidate: ["/account"] });
}

export async function logoutEverywhereAction() {
  // Signing out (here or another device) stays open to a risk-restricted account; other account changes do not.
  return runAction((ctx) => logoutEverywhere(ctx), { allowWhileRestricted: true });
}

export async function revokeSessionAction(id: string) {
  return runAction((ctx) => revokeMySession(ctx, { id }), { revalidate: ["/account"], allowWhileRestricted: true });
}

export async function startTwoFactorSetupAction() {
  return runAction((ctx) => startTwoFactorSetup(ctx));
}

export async function confirmTwoFactorSetupAction(formData: FormData) {
  return runAction((ctx) => confirmTwoFactorSetup(ctx, formToObject(formData)), { revalidate: ["/account"] });
}

export async function regenerateRecoveryCodesAction(formData: FormData) {
  return runAction((ctx) => regenerateRecoveryCodes(ctx, formToObject(formData)), { revalidate: ["/account"] });
}

export async function disableTwoFactorAction(formData: FormData) {
  return runAction((ctx) => disableTwoFactor(ctx, formToObject(formData)), { revalidate: ["/account"] });
}
