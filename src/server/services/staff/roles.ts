// Staff roles (issue 29): the built-in ones with their fixed permissions (read-only), and custom
// roles made from the same permission list. A custom role's permissions are read with every session
// check (user-sessions.ts joins staff_roles), so an edit applies to its holders on their next request.
import { and, count, eq } from "drizzle-orm";
import { BUILT_IN_ROLES, builtInPermissions, isBuiltInRole, PERMISSIONS, permissionsOf, type Permission } from "../../auth/permissions";
import { requireAdmin, type Ctx } from "../../context";
import { isUniqueViolation } from "../../db/pg-errors";
import { staffRoles, users } from "../../db/schema";
import { conflict, DomainError, validationError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { assertMayGrant } from "./guards";
import { CustomRoleNameInput, SaveRoleInput } from "./inputs";

export interface BuiltInRoleView { name: string; permissions: Permission[] }
export interface CustomRoleView { name: string; description: string; permissions: Permission[]; holders: number; updatedAt: Date }
export interface StaffRolesView { builtIn: BuiltInRoleView[]; custom: CustomRoleView[] }

/** Permissions in the catalogue's order, so every list reads the same. */
const ordered = (set: ReadonlySet<Permission>): Permission[] => PERMISSIONS.filter((p) => set.has(p));

export async function listStaffRoles(ctx: Ctx): Promise<StaffRolesView> {
  requireAdmin(ctx, "staff.manage");
  const rows = await ctx.db
    .select({ name: staffRoles.name, description: staffRoles.description, permissions: staffRoles.permissions, updatedAt: staffRoles.updatedAt, holders: count(users.id) })
    .from(staffRoles)
    .leftJoin(users, and(eq(users.staffRole, staffRoles.name), eq(users.role, "ADMIN")))
    .groupBy(staffRoles.name)
    .orderBy(staffRoles.name);
  return {
    builtIn: BUILT_IN_ROLES.map((name) => ({ name, permissions: [...builtInPermissions(name)] })),
    custom: rows.map((r) => ({ ...r, holders: Number(r.holders), permissions: ordered(permissionsOf(r.name, r.permissions)) })),
  };
}

/** A custom role's permissions, for a caller who must hold them all to change or delete it. */
async function currentPermissions(tx: Ctx["db"], name: string): Promise<Permission[] | null> {
  const [row] = await tx.select({ permissions: staffRoles.permissions }).from(staffRoles).where(eq(staffRoles.name, name)).limit(1).for("update");
  return row ? ordered(permissionsOf(name, row.permissions)) : null;
}

/**
 * Creates or replaces a custom role. A built-in name is refused; the caller must hold every
 * permission it grants, and (to change one) every permission the role held before.
 */
export async function saveStaffRole(ctx: Ctx, raw: unknown): Promise<CustomRoleView> {
  requireAdmin(ctx, "staff.manage");
  const input = parseInput(SaveRoleInput, raw);
  if (isBuiltInRole(input.name)) throw validationError("staff_role_builtin", { fields: { name: "taken" } });
  const permissions = ordered(new Set(input.permissions));
  assertMayGrant(ctx, input.name, permissions);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await currentPermissions(tx, input.name);
      const now = ctx.now();
      if (input.mode === "create") {
        if (before) throw conflict("staff_role_exists", { fields: { name: "taken" } });
        await tx.insert(staffRoles).values({ name: input.name, description: input.description, permissions, createdAt: now, updatedAt: now });
      } else {
        if (!before) throw validationError("staff_role_unknown", { fields: { name: "not_found" } });
        assertMayGrant(ctx, input.name, before);
        await tx.update(staffRoles).set({ description: input.description, permissions, updatedAt: now }).where(eq(staffRoles.name, input.name));
      }
      const metadata = { mode: input.mode, permissions, ...(before ? { before } : {}) };
      await recordAudit(ctx, { action: "staff_role.saved", targetType: "staff_role", targetId: input.name, metadata }, tx);
      const [held] = await tx.select({ n: count() }).from(users).where(and(eq(users.staffRole, input.name), eq(users.role, "ADMIN")));
      return { name: input.name, description: input.description, permissions, holders: Number(held?.n ?? 0), updatedAt: now };
    });
  } catch (err) {
    // Two creations of one name at once: the primary key decides, the loser is told it exists.
    if (isUniqueViolation(err)) throw conflict("staff_role_exists", { fields: { name: "taken" } });
    throw err;
  }
}

/**
 * Deletes a custom role nobody holds. The row is locked first, so a concurrent assignment (which
 * locks it KEY SHARE in assertRoleExists) either lands before the count and refuses the delete, or
 * waits and then finds no role.
 */
export async function deleteStaffRole(ctx: Ctx, rawName: unknown): Promise<{ deleted: true }> {
  requireAdmin(ctx, "staff.manage");
  const name = parseInput(CustomRoleNameInput, rawName);
  if (isBuiltInRole(name)) throw validationError("staff_role_builtin");
  await ctx.db.transaction(async (tx) => {
    const before = await currentPermissions(tx, name);
    if (!before) throw new DomainError("NOT_FOUND", "staff_role_unknown");
    assertMayGrant(ctx, name, before);
    const [held] = await tx.select({ n: count() }).from(users).where(eq(users.staffRole, name));
    const holders = Number(held?.n ?? 0);
    if (holders > 0) throw conflict("staff_role_in_use", { count: holders });
    await tx.delete(staffRoles).where(eq(staffRoles.name, name));
    await recordAudit(ctx, { action: "staff_role.deleted", targetType: "staff_role", targetId: name, metadata: { permissions: before } }, tx);
  });
  return { deleted: true };
}
