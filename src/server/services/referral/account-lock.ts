// The inviter's money, under one lock. Every step that decides how much of an inviter's commission
// is still theirs (a withdrawal, a move to the balance, a refund taking held commission back, a
// read of the figures) first locks the inviter's referral_accounts row, then matures what its
// holding period has released (HELD -> AVAILABLE, one conditional update), then reads the sums.
// A reversal moves only HELD rows, so under the lock a refund and a withdrawal racing for the same
// commission are ordered: whichever comes second sees what the first did, and never both win.
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { referralAccounts, referralCommissions, referralPayouts } from "../../db/schema";

/** Takes the inviter's row lock (the row is made on first use) for the rest of the transaction. */
export async function lockReferralAccount(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.insert(referralAccounts).values({ userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
  await tx.select({ userId: referralAccounts.userId }).from(referralAccounts).where(eq(referralAccounts.userId, userId)).for("update");
}

/** HELD -> AVAILABLE for the inviter's commission whose holding period ended by `now`. Under the lock. */
export async function matureDueCommission(tx: Tx, userId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(referralCommissions)
    .set({ status: "AVAILABLE", maturedAt: now })
    .where(and(eq(referralCommissions.inviterId, userId), eq(referralCommissions.status, "HELD"), lte(referralCommissions.availableAt, now)))
    .returning({ id: referralCommissions.id });
  return rows.length;
}

export interface ReferralFigures {
  /** Every commission not taken back: held and matured. */
  earnedMinor: number;
  /** Still in its holding period. */
  pendingMinor: number;
  /** Matured, minus every payout that was not rejected (asked, paid or moved to the balance). */
  availableMinor: number;
  /** Payouts waiting for an admin. */
  requestedMinor: number;
  /** Paid out by an admin or moved to the balance. */
  paidOutMinor: number;
  /** Commission taken back by refunds. */
  reversedMinor: number;
}

const n = (v: unknown) => Number(v ?? 0);

/** The inviter's figures as the rows stand (call after matureDueCommission, under the lock, to decide with them). */
export async function referralFigures(tx: Tx, userId: string): Promise<ReferralFigures> {
  const [[c], [p]] = await Promise.all([
    tx
      .select({
        held: sql<string>`coalesce(sum(${referralCommissions.amountMinor}) filter (where ${referralCommissions.status} = 'HELD'), 0)`,
        matured: sql<string>`coalesce(sum(${referralCommissions.amountMinor}) filter (where ${referralCommissions.status} = 'AVAILABLE'), 0)`,
        reversed: sql<string>`coalesce(sum(${referralCommissions.amountMinor}) filter (where ${referralCommissions.status} = 'REVERSED'), 0)`,
      })
      .from(referralCommissions)
      .where(eq(referralCommissions.inviterId, userId)),
    tx
      .select({
        pending: sql<string>`coalesce(sum(${referralPayouts.amountMinor}) filter (where ${referralPayouts.status} = 'PENDING'), 0)`,
        paid: sql<string>`coalesce(sum(${referralPayouts.amountMinor}) filter (where ${referralPayouts.status} = 'PAID'), 0)`,
      })
      .from(referralPayouts)
      .where(eq(referralPayouts.userId, userId)),
  ]);
  const held = n(c?.held);
  const matured = n(c?.matured);
  const requested = n(p?.pending);
  const paid = n(p?.paid);
  return {
    earnedMinor: held + matured,
    pendingMinor: held,
    availableMinor: matured - requested - paid,
    requestedMinor: requested,
    paidOutMinor: paid,
    reversedMinor: n(c?.reversed),
  };
}

/** Lock, mature, read: the figures a decision about this inviter's money may rely on until commit. */
export async function lockedFigures(tx: Tx, userId: string, now: Date): Promise<ReferralFigures> {
  await lockReferralAccount(tx, userId, now);
  await matureDueCommission(tx, userId, now);
  return referralFigures(tx, userId);
}
