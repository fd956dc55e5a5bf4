// Admin verbs on users. Each checks the caller, writes in one transaction with its audit row.
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { hashPassword } from "../../auth/password";
import { isUniqueViolation } from "../../db/pg-errors";
import { ticketAttachments, tickets, users, type UserStatus } from "../../db/schema";
import { conflict, forbidden, validationError } from "../../errors";
import { recordAudit } from "../audit";
import { removeAttachmentFiles } from "../support/attachment-store";
import { emailTaken } from "./email-taken";
import { AdminCreateUserInput, AdminUpdateUserInput, parseInput, StatusChangeInput } from "./inputs";
import { getPublicUser, getUserOrThrow } from "./queries";
import { eraseAccessLogsOfUser } from "../subscription-content/access-log-erase";
import { assertAnotherActiveOwner, assertMayChangeStaff, assertMayGrant, assertRoleExists, roleGrants } from "../staff/guards";

/** A unique violation on insert/update of users can only be the email. */
const emailTakenOr = (err: unknown) => (isUniqueViolation(err) ? emailTaken("email") : err);

export async function adminCreateUser(ctx: Ctx, raw: unknown) {
  requireAdmin(ctx, "users.write");
  const input = parseInput(AdminCreateUserInput, raw);
  // Creating staff is managing staff; a staff role without an admin account means nothing.
  const staffRole = input.role === "ADMIN" ? (input.staffRole ?? "admin") : null;
  if (staffRole) requireAdmin(ctx, "staff.manage");
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      if (staffRole) {
        await assertRoleExists(tx, staffRole);
        // Nobody makes staff with more rights than their own (only owners make owners).
        assertMayGrant(ctx, staffRole, await roleGrants(tx, staffRole));
      }
      const [u] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, name: input.name || input.email.split("@")[0]!, role: input.role, staffRole, status: input.status, emailVerifiedAt: ctx.now() })
        .returning({ id: users.id });
      await recordAudit(ctx, { action: "admin.user.create", targetType: "user", targetId: u!.id, metadata: { email: input.email, role: input.role, status: input.status } }, tx);
      return u!.id;
    });
    return getPublicUser(ctx.db, id);
  } catch (err) {
    throw emailTakenOr(err);
  }
}

const LAST_ADMIN_LOCK = 727_002; // advisory lock key, constant across releases

/**
 * Guards against an admin removing the last way to administer the site. Must run inside the
 * transaction of the change: the advisory lock (held until commit) serializes these checks, so two
 * admins banning each other at once cannot both see "another admin is still active" (write skew).
 */
async function assertAnotherActiveAdmin(ctx: Ctx, db: Ctx["db"], exceptId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
  const [{ n }] = await db.select({ n: count() }).from(users).where(and(eq(users.role, "ADMIN"), eq(users.status, "ACTIVE"), ne(users.id, exceptId)));
  if (Number(n) === 0) throw conflict("last_admin");
}

export async function adminUpdateUser(ctx: Ctx, id: string, raw: unknown) {
  requireAdmin(ctx, "users.write");
  const input = parseInput(AdminUpdateUserInput, raw);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await getUserOrThrow(tx, id);
      const roleChange = input.role !== undefined && input.role !== before.role;
      assertMayChangeStaff(ctx, before);
      if (roleChange) {
        requireAdmin(ctx, "staff.manage");
        // Promoted to the built-in admin role: only by someone who holds all of it.
        if (input.role === "ADMIN") assertMayGrant(ctx, "admin", await roleGrants(tx, "admin"));
      }
      if (input.role === "USER" && before.role === "ADMIN") {
        await assertAnotherActiveAdmin(ctx, tx, id);
        if (before.staffRole === "owner") await assertAnotherActiveOwner(tx, id);
      }
      const revoke = Boolean(passwordHash) || roleChange || (input.email !== undefined && input.email !== before.email);
      await tx
        .update(users)
        .set({
          ...(input.email ? { email: input.email } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.role ? { role: input.role } : {}),
          // Promoted: the least-surprising built-in role short of owner; demoted: no staff role.
          ...(roleChange ? { staffRole: input.role === "ADMIN" ? "admin" : null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(revoke ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(users.id, id));
      const changed = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
      await recordAudit(ctx, { action: "admin.user.update", targetType: "user", targetId: id, metadata: { fields: changed, ...(input.email ? { email: { from: before.email, to: input.email } } : {}), ...(input.role ? { role: input.role } : {}) } }, tx);
    });
  } catch (err) {
    throw emailTakenOr(err);
  }
  return getPublicUser(ctx.db, id);
}

/** Disabling or banning someone without saying why is refused: the reason goes into the audit row. */
const statusReasonRequired = () => validationError("status_reason_required", { fields: { reason: "required" } });

/**
 * ACTIVE, DISABLED or BANNED, as `{ status, reason }`. Leaving ACTIVE needs a reason and ends the
 * user's sessions at once; re-activating takes an optional note. Both are kept in the audit row.
 */
export async function setUserStatus(ctx: Ctx, id: string, raw: unknown) {
  requireAdmin(ctx, "users.write");
  const input = parseInput(StatusChangeInput, raw);
  const status: UserStatus = input.status;
  if (status !== "ACTIVE" && !input.reason) throw statusReasonRequired();
  if (ctx.actor.userId === id && status !== "ACTIVE") throw forbidden("cannot_disable_self");
  await ctx.db.transaction(async (tx) => {
    const before = await getUserOrThrow(tx, id);
    assertMayChangeStaff(ctx, before);
    if (before.status === status) return;
    if (before.role === "ADMIN" && status !== "ACTIVE") await assertAnotherActiveAdmin(ctx, tx, id);
    if (before.staffRole === "owner" && status !== "ACTIVE") await assertAnotherActiveOwner(tx, id);
    await tx
      .update(users)
      .set({ status, updatedAt: ctx.now(), ...(status !== "ACTIVE" ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}) })
      .where(eq(users.id, id));
    const metadata = { from: before.status, to: status, email: before.email, ...(input.reason ? { reason: input.reason } : {}) };
    await recordAudit(ctx, { action: "admin.user.set_status", targetType: "user", targetId: id, metadata }, tx);
  });
  return getPublicUser(ctx.db, id);
}

export async function adminDeleteUser(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx, "users.write");
  if (ctx.actor.userId === id) throw forbidden("cannot_delete_self");
  const files = await ctx.db.transaction(async (tx) => {
    const before = await getUserOrThrow(tx, id);
    assertMayChangeStaff(ctx, before);
    if (before.role === "ADMIN") await assertAnotherActiveAdmin(ctx, tx, id);
    if (before.staffRole === "owner") await assertAnotherActiveOwner(tx, id);
    // Their tickets go with them (cascade); the image files on disk are removed after commit.
    const attached = await tx.select({ id: ticketAttachments.id }).from(ticketAttachments).innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId)).where(eq(tickets.userId, id));
    await eraseAccessLogsOfUser(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(ctx, { action: "admin.user.delete", targetType: "user", targetId: id, metadata: { email: before.email } }, tx);
    return attached.map((a) => a.id);
  });
  await removeAttachmentFiles(files);
  return { deleted: true };
}
