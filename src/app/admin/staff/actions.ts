"use server";
// Staff management (issue 29): thin wrappers over the staff verbs; staff.manage only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { changeStaffRole, deleteStaffRole, inviteStaff, removeStaff, revokeStaffInvite, saveStaffRole, setStaffStatus, staffAuditTrail } from "@/server/services/staff";

const OPTS = { revalidate: ["/admin/staff"], permission: "staff.manage" as const };

/** `{ email, role }`: mails a one-time link to join the staff with that role. */
export async function inviteStaffAction(...a: [input: { email: string; role: string }]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => inviteStaff(ctx, input), OPTS);
}

export async function revokeStaffInviteAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => revokeStaffInvite(ctx, id), OPTS);
}

/** Every session of that person ends. */
export async function changeStaffRoleAction(...a: [userId: string, role: string]) {
  return runAction(args(["userId", str], ["role", str]), a, (ctx, [userId, role]) => changeStaffRole(ctx, userId, { role }), OPTS);
}

/** `{ status: "DISABLED", reason }` or `{ status: "ACTIVE" }`. */
export async function setStaffStatusAction(...a: [userId: string, input: { status: "ACTIVE" | "DISABLED"; reason?: string }]) {
  return runAction(args(["userId", str], ["input", fields]), a, (ctx, [userId, input]) => setStaffStatus(ctx, userId, input), OPTS);
}

export async function removeStaffAction(...a: [userId: string]) {
  return runAction(args(["userId", str]), a, (ctx, [userId]) => removeStaff(ctx, userId), OPTS);
}

/** A staff member's last 20 audit entries (the drawer reads it when it opens). */
export async function staffAuditTrailAction(...a: [userId: string]) {
  return runAction(args(["userId", str]), a, (ctx, [userId]) => staffAuditTrail(ctx, userId), { permission: "staff.manage" });
}

/** `{ name, description, permissions, mode: "create" | "update" }`. */
export async function saveStaffRoleAction(...a: [input: { name: string; description: string; permissions: string[]; mode: "create" | "update" }]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => saveStaffRole(ctx, input), OPTS);
}

export async function deleteStaffRoleAction(...a: [name: string]) {
  return runAction(args(["name", str]), a, (ctx, [name]) => deleteStaffRole(ctx, name), OPTS);
}
