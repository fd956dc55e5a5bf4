"use server";
// The signed-in user's own account. Each verb checks the session itself (requireUser).
import { rememberLocale } from "@/app/locale-cookie";
import { args, form, noArgs, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
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

const Form = args(["form", form]);

/** The profile's language is also this browser's interface language (one language setting). */
export async function updateProfileAction(...a: [formData: FormData]) {
  return runAction(
    Form,
    a,
    async (ctx, [input]) => {
      const user = await updateProfile(ctx, input);
      await rememberLocale(user.locale);
      return user;
    },
    { revalidate: ["/account", "/dashboard"] },
  );
}

export async function changePasswordAction(...a: [formData: FormData]) {
  return runAction(Form, a, (ctx, [input]) => changePassword(ctx, input));
}

export async function requestEmailChangeAction(...a: [formData: FormData]) {
  return runAction(Form, a, (ctx, [input]) => requestEmailChange(ctx, input));
}

export async function generateInviteCodeAction(...a: []) {
  return runAction(noArgs, a, (ctx) => generateInviteCode(ctx), { revalidate: ["/account"] });
}

export async function logoutEverywhereAction(...a: []) {
  // Signing out (here or another device) stays open to a risk-restricted account; other account changes do not.
  return runAction(noArgs, a, (ctx) => logoutEverywhere(ctx), { allowWhileRestricted: true });
}

export async function revokeSessionAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => revokeMySession(ctx, { id }), { revalidate: ["/account"], allowWhileRestricted: true });
}

export async function startTwoFactorSetupAction(...a: []) {
  return runAction(noArgs, a, (ctx) => startTwoFactorSetup(ctx));
}

export async function confirmTwoFactorSetupAction(...a: [formData: FormData]) {
  return runAction(Form, a, (ctx, [input]) => confirmTwoFactorSetup(ctx, input), { revalidate: ["/account"] });
}

export async function regenerateRecoveryCodesAction(...a: [formData: FormData]) {
  return runAction(Form, a, (ctx, [input]) => regenerateRecoveryCodes(ctx, input), { revalidate: ["/account"] });
}

export async function disableTwoFactorAction(...a: [formData: FormData]) {
  return runAction(Form, a, (ctx, [input]) => disableTwoFactor(ctx, input), { revalidate: ["/account"] });
}
