// The rules every change to a staff account obeys, whichever verb makes it (issue 29).
import { and, count, eq, ne, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { staffRoles, users } from "../../db/schema";
import { builtInPermissions, isBuiltInRole, permissionsOf, type Permission } from "../../auth/permissions";
import { conflict, forbidden, validationError } from "../../errors";

type Tx = Ctx["db"] | Db;

const LAST_OWNER_LOCK = 727_004; // advisory lock key, constant across releases

/**
 * A change to someone who is staff (role ADMIN) needs staff.manage; an owner's account is changed by
 * that owner alone (or the operator CLI): owners are never demoted, disabled or deleted by others.
 */
export function assertMayChangeStaff(ctx: Ctx, target: { id: string; role: string; staffRole: string | null }): void {
  if (target.role !== "ADMIN") return;
  requireAdmin(ctx, "staff.manage");
  if (target.staffRole === "owner" && ctx.actor.kind !== "cli" && ctx.actor.kind !== "system" && ctx.actor.userId !== target.id) throw forbidden("owner_protected");
}

/**
 * Every staff change by the staff verbs runs under this lock, taken before the person's row is read
 * and locked: changes are serialized, and the order (this lock, then the row) is the one the
 * accounts verbs use too (their advisory locks come before their row update), so none deadlock.
 */
export async function lockStaffChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LAST_OWNER_LOCK})`);
}

/**
 * At least one active owner must remain. Runs inside the change's transaction: the advisory lock
 * (held to commit) serializes these checks, so two owners demoting each other cannot both pass.
 */
export async function assertAnotherActiveOwner(tx: Tx, exceptId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LAST_OWNER_LOCK})`);
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), eq(users.staffRole, "owner"), eq(users.status, "ACTIVE"), ne(users.id, exceptId)));
  if (Number(row?.n ?? 0) === 0) throw conflict("last_owner");
}

/**
 * A role name that exists: built in, or a custom role row. The row is locked (KEY SHARE, to commit)
 * so a concurrent deleteStaffRole, which locks it FOR UPDATE and then counts its holders, either
 * waits for this change and sees the new holder, or deletes first and this check finds no role.
 */
export async function assertRoleExists(tx: Tx, name: string): Promise<void> {
  await roleGrants(tx, name);
}

/** The permissions a role grants (the role checked to exist, and a custom role's row locked as above). */
export async function roleGrants(tx: Tx, name: string): Promise<ReadonlySet<Permission>> {
  if (isBuiltInRole(name)) return new Set(builtInPermissions(name));
  const [row] = await tx.select({ permissions: staffRoles.permissions }).from(staffRoles).where(eq(staffRoles.name, name)).limit(1).for("key share");
  if (!row) throw validationError("staff_role_unknown", { fields: { role: "invalid" } });
  return permissionsOf(name, row.permissions);
}

/**
 * No escalation: a caller who is not an owner may not make owners, nor hand out (or take away) a
 * permission its own role lacks. Owners hold every permission, and the CLI and the system pass.
 */
export function assertMayGrant(ctx: Ctx, role: string, grants: Iterable<Permission>): void {
  if (ctx.actor.kind === "cli" || ctx.actor.kind === "system") return;
  if (role === "owner" && ctx.actor.staffRole !== "owner") throw forbidden("staff_role_owner_only");
  for (const p of grants) if (!ctx.actor.permissions?.has(p)) throw forbidden("staff_role_exceeds_yours", { permission: p });
}

/** What someone's current role grants (nothing for no role, or a custom role deleted since). */
export async function heldGrants(tx: Tx, name: string | null): Promise<ReadonlySet<Permission>> {
  if (!name) return new Set();
  if (isBuiltInRole(name)) return new Set(builtInPermissions(name));
  const [row] = await tx.select({ permissions: staffRoles.permissions }).from(staffRoles).where(eq(staffRoles.name, name)).limit(1);
  return permissionsOf(name, row?.permissions);
}
