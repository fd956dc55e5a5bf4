// Changes to a staff member: role, disable/enable, removal from the staff. Each runs in one
// transaction under the staff-change lock with its audit row, obeys the guards (owners are changed by
// themselves only, one active owner always remains, nobody hands out or takes away more than they
// hold), and bumps users.session_version where the person's rights change, so every one of their
// sessions ends on its next request.
import { and, eq, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { users, type User } from "../../db/schema";
import { DomainError, forbidden, validationError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { assertAnotherActiveOwner, assertMayChangeStaff, assertMayGrant, heldGrants, lockStaffChanges, roleGrants } from "./guards";
import { ChangeRoleInput, StaffStatusInput } from "./inputs";

const staffNotFound = () => new DomainError("NOT_FOUND", "staff_not_found");

/** The staff member's row, locked for this change (after lockStaffChanges), and the checks every change makes. */
async function lockedStaff(ctx: Ctx, tx: Db, userId: unknown): Promise<User> {
  if (typeof userId !== "string" || !isUuid(userId)) throw staffNotFound();
  await lockStaffChanges(tx);
  const [target] = await tx.select().from(users).where(and(eq(users.id, userId), eq(users.role, "ADMIN"))).limit(1).for("update");
  if (!target) throw staffNotFound();
  assertMayChangeStaff(ctx, target);
  // A non-owner with staff.manage may change only people whose every right it holds itself.
  assertMayGrant(ctx, target.staffRole ?? "", await heldGrants(tx, target.staffRole));
  return target;
}

const endSessions = { sessionVersion: sql`${users.sessionVersion} + 1` };

export interface StaffChange { id: string; email: string; role: string | null; status: string; changed: boolean }

export async function changeStaffRole(ctx: Ctx, userId: unknown, raw: unknown): Promise<StaffChange> {
  requireAdmin(ctx, "staff.manage");
  const { role } = parseInput(ChangeRoleInput, raw);
  return ctx.db.transaction(async (tx) => {
    const target = await lockedStaff(ctx, tx, userId);
    const unchanged = { id: target.id, email: target.email, role: target.staffRole, status: target.status, changed: false };
    if (target.staffRole === role) return unchanged;
    assertMayGrant(ctx, role, await roleGrants(tx, role));
    if (target.staffRole === "owner") await assertAnotherActiveOwner(tx, target.id);
    await tx.update(users).set({ staffRole: role, updatedAt: ctx.now(), ...endSessions }).where(eq(users.id, target.id));
    await recordAudit(ctx, { action: "staff.role_changed", targetType: "user", targetId: target.id, metadata: { email: target.email, from: target.staffRole, to: role } }, tx);
    return { ...unchanged, role, changed: true };
  });
}

/** `{ status: "DISABLED", reason }` ends every session of theirs; `{ status: "ACTIVE" }` lets them sign in again. */
export async function setStaffStatus(ctx: Ctx, userId: unknown, raw: unknown): Promise<StaffChange> {
  requireAdmin(ctx, "staff.manage");
  const input = parseInput(StaffStatusInput, raw);
  if (input.status === "DISABLED" && !input.reason) throw validationError("status_reason_required", { fields: { reason: "required" } });
  if (input.status === "DISABLED" && ctx.actor.userId === userId) throw forbidden("cannot_disable_self");
  return ctx.db.transaction(async (tx) => {
    const target = await lockedStaff(ctx, tx, userId);
    const unchanged = { id: target.id, email: target.email, role: target.staffRole, status: target.status, changed: false };
    if (target.status === input.status) return unchanged;
    const disabling = input.status === "DISABLED";
    if (disabling && target.staffRole === "owner") await assertAnotherActiveOwner(tx, target.id);
    await tx
      .update(users)
      .set({ status: input.status, updatedAt: ctx.now(), ...(disabling ? endSessions : {}) })
      .where(eq(users.id, target.id));
    const metadata = { email: target.email, from: target.status, to: input.status, ...(input.reason ? { reason: input.reason } : {}) };
    await recordAudit(ctx, { action: disabling ? "staff.disabled" : "staff.enabled", targetType: "user", targetId: target.id, metadata }, tx);
    return { ...unchanged, status: input.status, changed: true };
  });
}

/** Back to an ordinary account: no staff role, no admin rights, every session ended. */
export async function removeStaff(ctx: Ctx, userId: unknown): Promise<StaffChange> {
  requireAdmin(ctx, "staff.manage");
  if (ctx.actor.userId === userId) throw forbidden("cannot_remove_self");
  return ctx.db.transaction(async (tx) => {
    const target = await lockedStaff(ctx, tx, userId);
    if (target.staffRole === "owner") await assertAnotherActiveOwner(tx, target.id);
    await tx
      .update(users)
      .set({ role: "USER", staffRole: null, secondFactorRequired: false, updatedAt: ctx.now(), ...endSessions })
      .where(eq(users.id, target.id));
    await recordAudit(ctx, { action: "staff.removed", targetType: "user", targetId: target.id, metadata: { email: target.email, role: target.staffRole } }, tx);
    return { id: target.id, email: target.email, role: null, status: target.status, changed: true };
  });
}
