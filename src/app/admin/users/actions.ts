"use server";
// Admin user management: thin wrappers; every verb checks for an admin caller itself.
import { formToObject, runAction } from "@/server/actions/run-action";
import { adminCreateUser, adminDeleteUser, adminUpdateUser, setUserStatus } from "@/server/services/accounts";

const PAGES = ["/admin/users", "/admin"];

export async function createUser(formData: FormData) {
  return runAction((ctx) => adminCreateUser(ctx, formToObject(formData)), { revalidate: PAGES });
}

export async function updateUser(id: string, formData: FormData) {
  return runAction((ctx) => adminUpdateUser(ctx, id, formToObject(formData)), { revalidate: PAGES });
}

/** `{ status, reason }`: the reason is required for DISABLED and BANNED, an optional note for ACTIVE. */
export async function setUserStatusAction(id: string, input: { status: string; reason?: string }) {
  return runAction((ctx) => setUserStatus(ctx, id, input), { revalidate: PAGES });
}

export async function deleteUser(id: string) {
  return runAction((ctx) => adminDeleteUser(ctx, id), { revalidate: PAGES });
}
