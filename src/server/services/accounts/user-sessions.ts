// Revocable sessions. The cookie is still a next-auth JWT, but it names a user_sessions row (`sid`)
// and every session read checks that row together with the user in one query: signing out,
// "log out everywhere" or revoking a device ends the session on its very next request.
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import { requireUser } from "../../context";
import type { Db } from "../../db/client";
import { appConfig, passkeys, staffRoles, userSessions, userTotp, users, type SessionMethod, type UserStatus } from "../../db/schema";
import { SETTINGS_DEFAULTS } from "../settings/schema";
import { DomainError, notFound } from "../../errors";
import { log } from "../../logger";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";

/** The cookie's lifetime; the row's expiry slides with it. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;
/** last_seen_at is written at most this often: the check runs on every request, the write must not. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const expiryFrom = (now: Date) => new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);

/** Opens the session row at sign-in, and drops this user's rows that can no longer be used. */
export async function openSession(db: Db, p: { userId: string; sessionVersion: number; ip?: string; userAgent?: string; now: Date; method?: SessionMethod }): Promise<string> {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, p.userId), or(lt(userSessions.expiresAt, p.now), sql`${userSessions.revokedAt} is not null`, lt(userSessions.sessionVersion, p.sessionVersion))));
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: p.userId,
      sessionVersion: p.sessionVersion,
      createdAt: p.now,
      lastSeenAt: p.now,
      expiresAt: expiryFrom(p.now),
      ip: p.ip?.slice(0, 64) ?? null,
      userAgent: p.userAgent?.slice(0, 400) || null,
      method: p.method ?? "password",
    })
    .returning({ id: userSessions.id });
  return row!.id;
}

/** The setting require2faForAdmins as a scalar subquery (a primary-key lookup), to join into other reads. */
export const ADMIN_TOTP_REQUIRED = sql<boolean>`coalesce((select ${appConfig.value} = 'true'::jsonb from ${appConfig} where ${appConfig.key} = 'require2faForAdmins'), false)`;

/**
 * The staff-session settings (issue 29) in one scalar subquery of primary-key lookups, joined into
 * the per-request check: a jsonb object of the keys that are set (defaults applied in code).
 */
const STAFF_SESSION_SETTINGS = sql<Record<string, unknown> | null>`(select jsonb_object_agg(${appConfig.key}, ${appConfig.value}) from ${appConfig} where ${appConfig.key} in ('staffIdleMinutes', 'staffSessionHours', 'staffPasskeyRequired'))`;

export interface StaffSessionPolicy { idleMinutes: number; sessionHours: number; passkeyRequired: boolean }

export function staffSessionPolicy(stored: Record<string, unknown> | null | undefined): StaffSessionPolicy {
  const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : d);
  return {
    idleMinutes: num(stored?.staffIdleMinutes, SETTINGS_DEFAULTS.staffIdleMinutes),
    sessionHours: num(stored?.staffSessionHours, SETTINGS_DEFAULTS.staffSessionHours),
    passkeyRequired: stored?.staffPasskeyRequired === true,
  };
}

/** A staff session's last-seen time is written at most this often, so the idle timeout holds to the minute. */
export const STAFF_TOUCH_INTERVAL_MS = 60 * 1000;

export interface LiveSession {
  role: "ADMIN" | "USER";
  email: string;
  name: string;
  /**
   * An administrator who must enrol in two-factor sign-in first (setting require2faForAdmins, or
   * staff invited or created with a role, who must enrol TOTP or a passkey).
   */
  twoFactorSetupRequired: boolean;
  /** Staff who signed in with a password while the setting staffPasskeyRequired is on. */
  passkeySignInRequired: boolean;
  /** The staff role (null for customers), and a custom role's stored permissions (null for built-in ones). */
  staffRole: string | null;
  customPermissions: string[] | null;
  /** users.riskRestrictedAt: the user-side risk restriction is on while set (admins are never held to it). */
  riskRestrictedAt: Date | null;
}

/**
 * The per-request check: the session row joined with its user (and the user's 2FA state and the
 * admin 2FA setting, both primary-key lookups) in ONE query on the sessions primary key. Null when
 * the session is unknown, revoked, expired, or ended by a session-version bump or a status change.
 */
export async function checkSession(db: Db, t: { sid: string; uid: string; sv: unknown }, now: Date): Promise<LiveSession | null> {
  if (!UUID.test(t.sid)) return null;
  const [r] = await db
    .select({
      userId: userSessions.userId,
      rowVersion: userSessions.sessionVersion,
      expiresAt: userSessions.expiresAt,
      revokedAt: userSessions.revokedAt,
      lastSeenAt: userSessions.lastSeenAt,
      status: users.status,
      userVersion: users.sessionVersion,
      role: users.role,
      email: users.email,
      name: users.name,
      riskRestrictedAt: users.riskRestrictedAt,
      totpEnabled: sql<boolean>`(${userTotp.enabledAt} is not null)`,
      adminTotpRequired: ADMIN_TOTP_REQUIRED,
      createdAt: userSessions.createdAt,
      method: userSessions.method,
      staffRole: users.staffRole,
      secondFactorRequired: users.secondFactorRequired,
      customPermissions: staffRoles.permissions,
      // Only staff rows pay for these two lookups.
      hasPasskey: sql<boolean>`(${users.role} = 'ADMIN' and exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`,
      staffSettings: sql<Record<string, unknown> | null>`(case when ${users.role} = 'ADMIN' then ${STAFF_SESSION_SETTINGS} end)`,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, userSessions.userId))
    .leftJoin(staffRoles, eq(staffRoles.name, users.staffRole))
    .where(eq(userSessions.id, t.sid))
    .limit(1);
  if (!r || r.userId !== t.uid || r.revokedAt || r.expiresAt <= now) return null;
  if ((r.status as UserStatus) !== "ACTIVE" || r.rowVersion !== r.userVersion || t.sv !== r.userVersion) return null;
  const staff = r.role === "ADMIN";
  const policy = staff ? staffSessionPolicy(r.staffSettings) : null;
  // Staff sessions: an idle timeout and an absolute lifetime, both shorter than a customer's.
  if (policy && (now.getTime() - r.lastSeenAt.getTime() > policy.idleMinutes * 60_000 || now.getTime() - r.createdAt.getTime() > policy.sessionHours * 3_600_000)) return null;
  const touchEvery = staff ? STAFF_TOUCH_INTERVAL_MS : SESSION_TOUCH_INTERVAL_MS;
  if (now.getTime() - r.lastSeenAt.getTime() > touchEvery) await touch(db, t.sid, now, touchEvery);
  const secondFactor = Boolean(r.totpEnabled) || Boolean(r.hasPasskey);
  const factorRequired = Boolean(r.adminTotpRequired) || r.secondFactorRequired;
  // Staff whose only second factor is a passkey: a password alone must not open the admin area, so
  // such a session is held back as if a passkey sign-in were required (TOTP would have been asked for).
  const passkeyIsTheFactor = factorRequired && !r.totpEnabled && Boolean(r.hasPasskey);
  return {
    role: r.role,
    email: r.email,
    name: r.name,
    twoFactorSetupRequired: staff && factorRequired && !secondFactor,
    passkeySignInRequired: staff && (Boolean(policy?.passkeyRequired) || passkeyIsTheFactor) && r.method !== "passkey",
    staffRole: staff ? r.staffRole : null,
    customPermissions: staff ? r.customPermissions : null,
    riskRestrictedAt: staff ? null : r.riskRestrictedAt,
  };
}

async function touch(db: Db, sid: string, now: Date, every: number): Promise<void> {
  try {
    // Conditional, so the parallel requests of one page load write once.
    await db
      .update(userSessions)
      .set({ lastSeenAt: now, expiresAt: expiryFrom(now) })
      .where(and(eq(userSessions.id, sid), lt(userSessions.lastSeenAt, new Date(now.getTime() - every))));
  } catch (err) {
    // Bookkeeping only: a failed write must not sign the user out.
    log.warn("session last-seen update failed", { error: err }); // the logger describes it without SQL params
  }
}

/** Sign-out: ends exactly this session. */
export async function revokeSession(db: Db, sid: string, now = new Date()): Promise<boolean> {
  if (!UUID.test(sid)) return false;
  const r = await db.update(userSessions).set({ revokedAt: now }).where(and(eq(userSessions.id, sid), isNull(userSessions.revokedAt))).returning({ id: userSessions.id });
  return r.length > 0;
}

/** Every open session of the user ("log out everywhere", a 2FA reset). */
export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<number> {
  const r = await db.update(userSessions).set({ revokedAt: now }).where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt))).returning({ id: userSessions.id });
  return r.length;
}

export interface SessionListItem { id: string; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null; current: boolean }

/** The caller's sessions that still work, most recently used first. */
export async function listMySessions(ctx: Ctx): Promise<SessionListItem[]> {
  const { userId } = requireUser(ctx);
  const rows = await ctx.db
    .select({ id: userSessions.id, createdAt: userSessions.createdAt, lastSeenAt: userSessions.lastSeenAt, ip: userSessions.ip, userAgent: userSessions.userAgent })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, ctx.now()), eq(userSessions.sessionVersion, users.sessionVersion)))
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(50);
  return rows.map((r) => ({ ...r, current: r.id === ctx.actor.sessionId }));
}

const RevokeSessionInput = z.object({ id: z.string().regex(UUID) });

/** Signs one of the caller's other devices out. This device signs out with the sign-out button. */
export async function revokeMySession(ctx: Ctx, raw: unknown): Promise<void> {
  const { userId } = requireUser(ctx);
  const { id } = parseInput(RevokeSessionInput, raw);
  if (id === ctx.actor.sessionId) throw new DomainError("VALIDATION", "current_session");
  await ctx.db.transaction(async (tx) => {
    const r = await tx
      .update(userSessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(userSessions.id, id), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    if (!r.length) throw notFound("session");
    await recordAudit(ctx, { action: "user.revoke_session", targetType: "user", targetId: userId, metadata: { sessionId: id } }, tx);
  });
}
