// Payouts seen from above: the admin's list (never the payout details), one payout's detail with the
// details decrypted (audited: reading someone's account number is a step too), approving (marked
// paid with the reference of the transfer made outside) and rejecting with a reason, which returns
// the amount to the user's available commission. Each decision is one conditional update from
// PENDING, so two admins (or the page and the CLI) deciding at once decide once.
import { and, count, desc, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { decryptSecret } from "../../crypto/secrets";
import { PAYOUT_METHODS, PAYOUT_STATUSES, referralCommissions, referralPayouts, users, type ReferralPayout } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { escapeLike } from "../accounts/users-by-email";
import { recordAudit } from "../audit";
import { MY_PAYOUT_COLUMNS, type MyPayout } from "./my-referral";
import { tellInviter } from "./notices";

const missing = () => new DomainError("NOT_FOUND", "referral_payout_not_found");
const PayoutId = z.uuid();
const idOf = (raw: unknown): string => {
  const r = PayoutId.safeParse(raw);
  if (!r.success) throw missing();
  return r.data;
};

const ListInput = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  method: z.enum(PAYOUT_METHODS).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A payout as the admin list shows it: the owner's view plus who asked (still never the payout details). */
export interface AdminPayoutRow extends MyPayout {
  userId: string;
  email: string;
}

const rowColumns = { ...MY_PAYOUT_COLUMNS, userId: referralPayouts.userId, email: users.email };

/** Newest first; filter by status and method, search the user's email (any part of it). */
export async function listReferralPayouts(ctx: Ctx, raw: unknown = {}): Promise<{ rows: AdminPayoutRow[]; total: number; page: number; pageSize: number }> {
  requireAdmin(ctx, "referral.read");
  const f = parseInput(ListInput, raw ?? {});
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(referralPayouts.status, f.status));
  if (f.method) conds.push(eq(referralPayouts.method, f.method));
  if (f.q) conds.push(ilike(users.email, `%${escapeLike(f.q)}%`));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(rowColumns)
      .from(referralPayouts)
      .innerJoin(users, eq(users.id, referralPayouts.userId))
      .where(where)
      .orderBy(desc(referralPayouts.createdAt), desc(referralPayouts.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(referralPayouts).innerJoin(users, eq(users.id, referralPayouts.userId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0), page: f.page, pageSize: f.pageSize };
}

export interface AdminPayoutDetail extends AdminPayoutRow {
  /** The payout details as the user typed them; null for a move to the balance, or when the keys cannot read them. */
  account: string | null;
  accountUnreadable: boolean;
  decidedByEmail: string | null;
}

/** One payout with its details decrypted, for the admin who pays it. The reading is audited. */
export async function getReferralPayout(ctx: Ctx, rawId: unknown): Promise<AdminPayoutDetail> {
  requireAdmin(ctx, "referral.read");
  const id = idOf(rawId);
  const [row] = await ctx.db.select({ ...rowColumns, accountEnc: referralPayouts.accountEnc, decidedById: referralPayouts.decidedById }).from(referralPayouts).innerJoin(users, eq(users.id, referralPayouts.userId)).where(eq(referralPayouts.id, id));
  if (!row) throw missing();
  const { accountEnc, decidedById, ...rest } = row;
  let account: string | null = null;
  let accountUnreadable = false;
  if (accountEnc) {
    try {
      account = decryptSecret(accountEnc);
    } catch {
      accountUnreadable = true;
    }
    await recordAudit(ctx, { action: "referral.payout.account_viewed", targetType: "referral_payout", targetId: id, metadata: { userId: row.userId } });
  }
  const [decider] = decidedById ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, decidedById)) : [];
  return { ...rest, account, accountUnreadable, decidedByEmail: decider?.email ?? null };
}

export const ApproveInput = z.object({ id: z.unknown(), reference: z.string().trim().min(1).max(200) });
export const RejectInput = z.object({ id: z.unknown(), reason: z.string().trim().min(1).max(500) });

/** Why a decision found nothing to decide: not there, or decided already. */
async function refusal(ctx: Ctx, id: string): Promise<DomainError> {
  const [row] = await ctx.db.select({ status: referralPayouts.status }).from(referralPayouts).where(and(eq(referralPayouts.id, id), ne(referralPayouts.method, "BALANCE")));
  return row ? conflict("referral_payout_not_pending") : missing();
}

async function decide(ctx: Ctx, id: string, to: "PAID" | "REJECTED", words: { reference?: string; rejectReason?: string }): Promise<ReferralPayout> {
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    // The door: PENDING -> PAID | REJECTED once. Rejecting needs no lock of the user's: it only gives
    // back, and a withdrawal that misses it sees less available, never more.
    const [row] = await tx
      .update(referralPayouts)
      .set({ status: to, ...words, decidedById: ctx.actor.userId ?? null, decidedAt: now, updatedAt: now })
      .where(and(eq(referralPayouts.id, id), eq(referralPayouts.status, "PENDING")))
      .returning();
    if (!row) return null;
    const money = { minor: row.amountMinor, currency: row.currency };
    if (to === "PAID") {
      await recordAudit(ctx, { action: "referral.payout.approved", targetType: "referral_payout", targetId: id, metadata: { userId: row.userId, amountMinor: row.amountMinor, method: row.method, reference: row.reference } }, tx);
      await tellInviter(tx, row.userId, "payoutPaid", { amount: money, reference: row.reference ?? "" }, `referral-payout-paid:${id}`);
    } else {
      await recordAudit(ctx, { action: "referral.payout.rejected", targetType: "referral_payout", targetId: id, metadata: { userId: row.userId, amountMinor: row.amountMinor, method: row.method, reason: row.rejectReason } }, tx);
      await tellInviter(tx, row.userId, "payoutRejected", { amount: money, reason: row.rejectReason ?? "" }, `referral-payout-rejected:${id}`);
    }
    return row;
  });
  if (!decided) throw await refusal(ctx, id);
  return decided;
}

/** `{ id, reference }`: the admin paid it outside (a bank or Alipay transfer) and records its reference. */
export async function approveReferralPayout(ctx: Ctx, raw: unknown): Promise<ReferralPayout> {
  requireAdmin(ctx, "referral.write");
  const input = parseInput(ApproveInput, raw);
  return decide(ctx, idOf(input.id), "PAID", { reference: input.reference });
}

/** `{ id, reason }`: not paid; the amount is available to the user again and they are told why. */
export async function rejectReferralPayout(ctx: Ctx, raw: unknown): Promise<ReferralPayout> {
  requireAdmin(ctx, "referral.write");
  const input = parseInput(RejectInput, raw);
  return decide(ctx, idOf(input.id), "REJECTED", { rejectReason: input.reason });
}

export interface TopInviter {
  userId: string;
  email: string;
  invitees: number;
  earnedMinor: number;
  paidOutMinor: number;
}

/** The inviters who earned the most commission (taken-back commission left out). */
export async function listTopInviters(ctx: Ctx, raw: unknown = {}): Promise<TopInviter[]> {
  requireAdmin(ctx, "referral.read");
  const { limit } = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) }), raw ?? {});
  const earned = ctx.db
    .select({ inviterId: referralCommissions.inviterId, minor: sql<string>`sum(${referralCommissions.amountMinor})`.as("earned_minor") })
    .from(referralCommissions)
    .where(ne(referralCommissions.status, "REVERSED"))
    .groupBy(referralCommissions.inviterId)
    .as("earned");
  const rows = await ctx.db
    .select({
      userId: users.id,
      email: users.email,
      earned: earned.minor,
      invitees: sql<string>`(select count(*) from ${users} i where i.invited_by_id = ${users.id})`,
      paidOut: sql<string>`(select coalesce(sum(p.amount_minor), 0) from ${referralPayouts} p where p.user_id = ${users.id} and p.status = 'PAID')`,
    })
    .from(earned)
    .innerJoin(users, eq(users.id, earned.inviterId))
    .orderBy(desc(earned.minor), users.email)
    .limit(limit);
  return rows.map((r) => ({ userId: r.userId, email: r.email, invitees: Number(r.invitees), earnedMinor: Number(r.earned), paidOutMinor: Number(r.paidOut) }));
}
