// What the /referral page and GET /api/referral read: the caller's invite link, the terms in force,
// their figures (read under their lock, after maturing what the holding period released, so the
// page shows what a withdrawal would see), and their invitees, commission and payouts, newest first.
import { and, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { referralCommissions, referralPayouts, users, type CommissionStatus, type PayoutMethod, type PayoutStatus } from "../../db/schema";
import { isWallet } from "../../env";
import { parseInput } from "../../validation";
import { newInviteCode } from "../accounts/own-account";
import { siteLink } from "../accounts/links";
import { getSettingsWithSecrets } from "../settings/queries";
import { lockedFigures, type ReferralFigures } from "./account-lock";
import { maskEmail } from "./arithmetic";

/** The caller's invite code, made on first use: a conditional update, so two first page loads agree on one code. */
async function ensureInviteCode(db: Tx, userId: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [own] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
    if (own?.code) return own.code;
    try {
      const [set] = await db.update(users).set({ inviteCode: newInviteCode(), updatedAt: now }).where(and(eq(users.id, userId), isNull(users.inviteCode))).returning({ code: users.inviteCode });
      if (set?.code) return set.code;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("could not give the user an invite code");
}

/** The link that opens registration with the code filled in. */
export const inviteLinkOf = (siteUrl: string, code: string) => siteLink(siteUrl, `/register?invite=${encodeURIComponent(code)}`);

export interface MyReferral extends ReferralFigures {
  link: string;
  inviteCode: string;
  currency: string;
  /** The terms in force (0 %: commission is off). */
  ratePercent: number;
  firstOrderOnly: boolean;
  holdDays: number;
  minPayoutMinor: number;
  /** [wallet] Available commission may be moved to the balance. */
  canMoveToBalance: boolean;
  inviteeCount: number;
}

/** The caller's link, terms and figures. */
export async function getMyReferral(ctx: Ctx): Promise<MyReferral> {
  const { userId } = requireUser(ctx);
  const now = ctx.now();
  const [settings, inviteCode] = await Promise.all([getSettingsWithSecrets(ctx.db), ensureInviteCode(ctx.db, userId, now)]);
  const [figures, [invitees]] = await Promise.all([
    ctx.db.transaction((tx) => lockedFigures(tx, userId, now)),
    ctx.db.select({ n: count() }).from(users).where(eq(users.invitedById, userId)),
  ]);
  return {
    link: inviteLinkOf(settings.siteUrl, inviteCode),
    inviteCode,
    currency: settings.currency,
    ratePercent: settings.referralRatePercent,
    firstOrderOnly: settings.referralFirstOrderOnly,
    holdDays: settings.referralHoldDays,
    minPayoutMinor: settings.referralMinPayout,
    canMoveToBalance: isWallet(),
    inviteeCount: Number(invitees?.n ?? 0),
    ...figures,
  };
}

const PageInput = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type Paged<T> = { rows: T[]; total: number; page: number; pageSize: number };

export interface MyInvitee {
  /** Masked: the first character and the domain. */
  email: string;
  registeredAt: Date;
  /** Commission their paid orders earned the caller (taken-back commission left out). */
  earnedMinor: number;
}

/** The people who registered with the caller's code, newest first. */
export async function listMyInvitees(ctx: Ctx, raw: unknown = {}): Promise<Paged<MyInvitee>> {
  const { userId } = requireUser(ctx);
  const f = parseInput(PageInput, raw ?? {});
  const earned = ctx.db
    .select({ inviteeId: referralCommissions.inviteeId, minor: sql<string>`sum(${referralCommissions.amountMinor})`.as("minor") })
    .from(referralCommissions)
    .where(and(eq(referralCommissions.inviterId, userId), ne(referralCommissions.status, "REVERSED")))
    .groupBy(referralCommissions.inviteeId)
    .as("earned");
  const mine = eq(users.invitedById, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ email: users.email, registeredAt: users.createdAt, earned: earned.minor })
      .from(users)
      .leftJoin(earned, eq(earned.inviteeId, users.id))
      .where(mine)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(users).where(mine),
  ]);
  return { rows: rows.map((r) => ({ email: maskEmail(r.email), registeredAt: r.registeredAt, earnedMinor: Number(r.earned ?? 0) })), total: Number(total?.n ?? 0), page: f.page, pageSize: f.pageSize };
}

export interface MyCommission {
  id: string;
  /** The invitee, masked; null once their account was deleted. */
  invitee: string | null;
  baseMinor: number;
  ratePercent: number;
  amountMinor: number;
  currency: string;
  status: CommissionStatus;
  availableAt: Date;
  createdAt: Date;
}

/** The caller's commission, one row per paid order line, newest first. */
export async function listMyCommissions(ctx: Ctx, raw: unknown = {}): Promise<Paged<MyCommission>> {
  const { userId } = requireUser(ctx);
  const f = parseInput(PageInput, raw ?? {});
  const mine = eq(referralCommissions.inviterId, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ c: referralCommissions, email: users.email })
      .from(referralCommissions)
      .leftJoin(users, eq(users.id, referralCommissions.inviteeId))
      .where(mine)
      .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(referralCommissions).where(mine),
  ]);
  return {
    rows: rows.map(({ c, email }) => ({
      id: c.id,
      invitee: email ? maskEmail(email) : null,
      baseMinor: c.baseMinor,
      ratePercent: c.ratePercent,
      amountMinor: c.amountMinor,
      currency: c.currency,
      status: c.status,
      availableAt: c.availableAt,
      createdAt: c.createdAt,
    })),
    total: Number(total?.n ?? 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** A payout as its owner sees it: never the payout details they typed (stored encrypted, shown to admins only). */
export interface MyPayout {
  id: string;
  amountMinor: number;
  currency: string;
  method: PayoutMethod;
  status: PayoutStatus;
  reference: string | null;
  rejectReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** The columns of a MyPayout (the admin's row adds who asked). */
export const MY_PAYOUT_COLUMNS = {
  id: referralPayouts.id,
  amountMinor: referralPayouts.amountMinor,
  currency: referralPayouts.currency,
  method: referralPayouts.method,
  status: referralPayouts.status,
  reference: referralPayouts.reference,
  rejectReason: referralPayouts.rejectReason,
  createdAt: referralPayouts.createdAt,
  decidedAt: referralPayouts.decidedAt,
};

/** The caller's payouts and moves to the balance, newest first. */
export async function listMyPayouts(ctx: Ctx, raw: unknown = {}): Promise<Paged<MyPayout>> {
  const { userId } = requireUser(ctx);
  const f = parseInput(PageInput, raw ?? {});
  const mine = eq(referralPayouts.userId, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(MY_PAYOUT_COLUMNS)
      .from(referralPayouts)
      .where(mine)
      .orderBy(desc(referralPayouts.createdAt), desc(referralPayouts.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(referralPayouts).where(mine),
  ]);
  return { rows, total: Number(total?.n ?? 0), page: f.page, pageSize: f.pageSize };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET /api/referral: `{ link, invitees, earnedMinor, pendingMinor, availableMinor, payouts, ... }`.
 * `page` pages the invitees (50 a page); payouts are the newest 50. Amounts in minor units.
 */
export async function getMyReferralSummary(ctx: Ctx, raw: unknown = {}) {
  requireUser(ctx);
  const { page } = parseInput(z.object({ page: PageInput.shape.page }), raw ?? {});
  const overview = await getMyReferral(ctx);
  const [invitees, payouts] = await Promise.all([listMyInvitees(ctx, { page, pageSize: 50 }), listMyPayouts(ctx, { pageSize: 50 })]);
  return {
    link: overview.link,
    inviteCode: overview.inviteCode,
    currency: overview.currency,
    terms: { ratePercent: overview.ratePercent, firstOrderOnly: overview.firstOrderOnly, holdDays: overview.holdDays, minPayoutMinor: overview.minPayoutMinor },
    earnedMinor: overview.earnedMinor,
    pendingMinor: overview.pendingMinor,
    availableMinor: overview.availableMinor,
    requestedMinor: overview.requestedMinor,
    paidOutMinor: overview.paidOutMinor,
    invitees: invitees.rows.map((i) => ({ email: i.email, registeredAt: i.registeredAt.toISOString(), earnedMinor: i.earnedMinor })),
    inviteesTotal: invitees.total,
    page: invitees.page,
    payouts: payouts.rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), decidedAt: iso(p.decidedAt) })),
    payoutsTotal: payouts.total,
  };
}
