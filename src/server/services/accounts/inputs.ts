// Input schemas of the accounts area, defined once and shared by routes, actions and the CLI.
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../../auth/password-policy";
import { safeRedirectPath } from "../../auth/safe-redirect";
import { USER_ROLES, USER_STATUSES } from "../../db/schema";

export const EmailInput = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const PasswordInput = z
  .string()
  .min(MIN_PASSWORD_LENGTH)
  .max(128);
export const NameInput = z.string().trim().max(50);
/** The languages the site speaks (src/i18n/request.ts LOCALES): the interface and the mails. */
export const LocaleInput = z.enum(["zh-CN", "en"]);
export type Locale = z.infer<typeof LocaleInput>;

export const RegisterInput = z.object({
  email: EmailInput,
  password: PasswordInput,
  name: NameInput.optional(),
  inviteCode: z.string().trim().max(64).optional(),
  turnstileToken: z.string().max(2048).optional(),
  locale: LocaleInput.optional(),
  // Where to go once signed in (a plan's buy dialog): kept through the verification link. Only a
  // same-site path survives; anything else is dropped, not refused (it is a convenience).
  next: z.string().max(1000).optional().transform((v) => safeRedirectPath(v) ?? undefined),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  email: EmailInput,
  password: z.string().min(1).max(128),
  turnstileToken: z.string().max(2048).optional(),
});
export const TokenInput = z.object({ token: z.string().trim().min(20).max(200) });
export const ResetPasswordInput = z.object({ token: z.string().trim().min(20).max(200), password: PasswordInput });
export const ProfileInput = z.object({ name: NameInput, locale: LocaleInput.optional() });
export const OwnLocaleInput = z.object({ locale: LocaleInput });
export const ChangePasswordInput = z.object({ currentPassword: z.string().min(1).max(128), newPassword: PasswordInput });
export const EmailChangeInput = z.object({ newEmail: EmailInput, currentPassword: z.string().min(1).max(128) });

export const AdminCreateUserInput = z.object({
  email: EmailInput,
  password: PasswordInput,
  name: NameInput.optional(),
  role: z.enum(USER_ROLES).default("USER"),
  status: z.enum(USER_STATUSES).default("ACTIVE"),
  // Staff only (role ADMIN): a built-in role or a custom role's name; "admin" when not given.
  staffRole: z.string().trim().min(1).max(40).optional(),
});
export const AdminUpdateUserInput = z.object({
  email: EmailInput.optional(),
  name: NameInput.optional(),
  role: z.enum(USER_ROLES).optional(),
  password: PasswordInput.optional().or(z.literal("").transform(() => undefined)),
});
export const StatusInput = z.enum(["ACTIVE", "DISABLED", "BANNED"]);
export const STATUS_REASON_MAX = 500;
/**
 * An admin's status change. The reason is required for DISABLED and BANNED (checked by the verb, so
 * the refusal carries its own `details.reason`); for ACTIVE it is an optional note. Blank is absent.
 */
export const StatusChangeInput = z.object({
  status: StatusInput,
  reason: z
    .string()
    .trim()
    .max(STATUS_REASON_MAX, `At most ${STATUS_REASON_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
});

export const ListUsersInput = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

/** Parses with zod and turns failures into one VALIDATION error listing each field. */
export { parseInput } from "../../validation";
