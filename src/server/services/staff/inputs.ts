// Input schemas of the staff area, shared by the Server Actions, the CLI and the tests.
import { z } from "zod";
import { PERMISSIONS } from "../../auth/permissions";
import { EmailInput, NameInput, PasswordInput } from "../accounts/inputs";

/** A role's name as stored in users.staff_role: a built-in name or a custom role's slug. */
export const RoleNameInput = z.string().trim().min(1).max(40);

/** A custom role's name: a lowercase slug (it is shown in the CLI and the audit log as it is). */
export const CustomRoleNameInput = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[a-z][a-z0-9-]*$/, { message: "invalid" });

export const InviteStaffInput = z.object({ email: EmailInput, role: RoleNameInput });

export const AcceptInviteInput = z.object({
  token: z.string().trim().min(20).max(200),
  // A new account only: an existing account keeps its name and password.
  name: NameInput.optional(),
  password: PasswordInput.optional(),
});

export const ChangeRoleInput = z.object({ role: RoleNameInput });

export const StaffStatusInput = z.object({
  status: z.enum(["ACTIVE", "DISABLED"]),
  reason: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v || undefined),
});

export const SaveRoleInput = z.object({
  name: CustomRoleNameInput,
  description: z.string().trim().max(200).default(""),
  permissions: z.array(z.enum(PERMISSIONS)).min(1).max(PERMISSIONS.length),
  /** "create" refuses a name in use; "update" refuses a name that is not a custom role. */
  mode: z.enum(["create", "update"]),
});

export const ListStaffInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** What the CLI's `admin create` makes: an active, verified staff account with a role. */
export const CreateStaffInput = z.object({
  email: EmailInput,
  password: PasswordInput,
  name: NameInput.optional(),
  role: RoleNameInput.default("owner"),
  secondFactorRequired: z.boolean().default(true),
});
