"use server";
// Admin user management: thin wrappers; admins only (the wrapper and every verb check).
import { args, fields, form, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { adminCreateUser, adminDeleteUser, adminUpdateUser, setUserStatus } from "@/server/services/accounts";

const OPTS = { revalidate: ["/admin/users", "/admin"], permission: "users.write" as const };

export async function createUser(...a: [formData: FormData]) {
  return runAction(args(["form", form]), a, (ctx, [input]) => adminCreateUser(ctx, input), OPTS);
}

export async function updateUser(...a: [id: string, formData: FormData]) {
  return runAction(args(["id", str], ["form", form]), a, (ctx, [id, input]) => adminUpdateUser(ctx, id, input), OPTS);
}

/** `{ status, reason }`: the reason is required for DISABLED and BANNED, an optional note for ACTIVE. */
export async function setUserStatusAction(...a: [id: string, input: { status: string; reason?: string }]) {
  return runAction(args(["id", str], ["input", fields]), a, (ctx, [id, input]) => setUserStatus(ctx, id, input), OPTS);
}

export async function deleteUser(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => adminDeleteUser(ctx, id), OPTS);
}
