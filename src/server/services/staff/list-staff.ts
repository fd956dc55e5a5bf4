// Reads of the staff page and the CLI: who is staff, with which role, whether they can sign in with
// a second factor, and what each of them did recently (their audit entries as the actor).
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { auditLogs, passkeys, userTotp, users, type ActorKind, type UserStatus } from "../../db/schema";
import { parseInput } from "../../validation";
import { isUuid } from "../../uuid";
import { DomainError } from "../../errors";
import { ListStaffInput } from "./inputs";

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: string;
  status: UserStatus;
  /** TOTP enabled. */
  twoFactor: boolean;
  /** How many passkeys the account has. */
  passkeys: number;
  /** Invited or CLI-created and neither TOTP nor a passkey yet: no admin page opens until one exists. */
  enrolmentPending: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface StaffPage { rows: StaffRow[]; total: number; page: number; pageSize: number }

const isStaff = eq(users.role, "ADMIN");

/** Staff members, owners first, then by address; one query for the page and one for the count. */
export async function listStaff(ctx: Ctx, raw: unknown = {}): Promise<StaffPage> {
  requireAdmin(ctx, "staff.manage");
  const f = parseInput(ListStaffInput, raw);
  const passkeyCount = sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: sql<string>`coalesce(${users.staffRole}, '')`,
        status: users.status,
        twoFactor: sql<boolean>`(${userTotp.enabledAt} is not null)`,
        passkeys: passkeyCount,
        secondFactorRequired: users.secondFactorRequired,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(userTotp, eq(userTotp.userId, users.id))
      .where(isStaff)
      .orderBy(desc(sql`${users.staffRole} = 'owner'`), asc(users.email))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(users).where(isStaff),
  ]);
  return {
    rows: rows.map(({ secondFactorRequired, ...r }) => ({ ...r, twoFactor: Boolean(r.twoFactor), enrolmentPending: secondFactorRequired && !r.twoFactor && r.passkeys === 0 })),
    total: Number(total?.n ?? 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}

export interface StaffAuditEntry {
  id: number;
  createdAt: Date;
  actorKind: ActorKind;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  metadata: Record<string, unknown>;
}

export const STAFF_AUDIT_TRAIL_SIZE = 20;

/** A staff member's last 20 audit entries as the actor (the (actor_id, created_at) index answers it). */
export async function staffAuditTrail(ctx: Ctx, userId: unknown): Promise<StaffAuditEntry[]> {
  requireAdmin(ctx, "staff.manage");
  if (typeof userId !== "string" || !isUuid(userId)) throw new DomainError("NOT_FOUND", "staff_not_found");
  const [person] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isStaff)).limit(1);
  if (!person) throw new DomainError("NOT_FOUND", "staff_not_found");
  return ctx.db
    .select({ id: auditLogs.id, createdAt: auditLogs.createdAt, actorKind: auditLogs.actorKind, action: auditLogs.action, targetType: auditLogs.targetType, targetId: auditLogs.targetId, ip: auditLogs.ip, metadata: auditLogs.metadata })
    .from(auditLogs)
    .where(eq(auditLogs.actorId, userId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(STAFF_AUDIT_TRAIL_SIZE);
}
