// The rules every change to a staff account obeys, whichever verb makes it (issue 29).
import { and, count, eq, ne, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { staffRoles, users } from "../../db/schema";
import { isBuiltInRole } from "../../auth/permissions";
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

/** A role name that exists: built in, or a custom role row. */
export async function assertRoleExists(tx: Tx, name: string): Promise<void> {
  if (isBuiltInRole(name)) return;
  const [row] = await tx.select({ name: staffRoles.name }).from(staffRoles).where(eq(staffRoles.name, name)).limit(1);
  if (!row) throw validationError("staff_role_unknown", { fields: { role: "invalid" } });
}
