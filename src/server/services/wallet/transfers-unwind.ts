// [wallet] The shared ends of a subscription transfer (behaviour §13). Every state change of a
// transfer is ONE conditional update from AWAITING (the door): whoever's update returns the row
// does the effects, in the same transaction; everyone else finds it no longer awaiting. A transfer
// that does not complete (rejected, cancelled, expired, deleted by an admin) gives the subscription
// back to the sender as it was (prior status, panel clients on again) and refunds a charged fee
// exactly once: feeRefundedAt is claimed by its own conditional update, and the ledger's
// idempotency key `transfer-fee-refund:<id>` backs that up.
import { and, eq, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { plans, subscriptions, subscriptionTransfers, users, type SubscriptionStatus, type SubscriptionTransfer, type TransferStatus } from "../../db/schema";
import { syncClientsOf } from "../provisioning/provision-order";
import { moveBalance } from "./ledger";

/** A transfer's subscription's plan name and the other party's email, for notices. */
export async function transferParties(tx: Tx, t: SubscriptionTransfer): Promise<{ plan: string; fromEmail: string; toEmail: string }> {
  const [sub] = await tx.select({ plan: plans.name }).from(subscriptions).innerJoin(plans, eq(plans.id, subscriptions.planId)).where(eq(subscriptions.id, t.subscriptionId));
  const [from] = await tx.select({ email: users.email }).from(users).where(eq(users.id, t.fromUserId));
  const [to] = await tx.select({ email: users.email }).from(users).where(eq(users.id, t.toUserId));
  return { plan: sub?.plan ?? "", fromEmail: from?.email ?? "", toEmail: to?.email ?? "" };
}

/**
 * The door: AWAITING -> `to` for the row `where` also matches (the caller's side, an expiry).
 * Returns the row when this call moved it, undefined otherwise (someone else resolved it first).
 */
export async function resolveAwaiting(tx: Tx, id: string, to: Exclude<TransferStatus, "AWAITING">, now: Date, where?: SQL): Promise<SubscriptionTransfer | undefined> {
  const [row] = await tx
    .update(subscriptionTransfers)
    .set({ status: to, resolvedAt: now })
    .where(and(eq(subscriptionTransfers.id, id), eq(subscriptionTransfers.status, "AWAITING"), where))
    .returning();
  return row;
}

/** Due for expiry: still awaiting and past its 24 hours. */
export const pastExpiry = (now: Date) => lte(subscriptionTransfers.expiresAt, now);

export interface Unwound {
  /** The subscription was given back to the sender's prior status (false: someone else changed it meanwhile). */
  restored: boolean;
  /** Minor units refunded to the fee payer (0 when no fee was charged). */
  refundedMinor: number;
}

/**
 * After a non-completing door: the subscription back to the sender and the fee back to whoever paid
 * it, in the door's transaction. The subscription is restored only if the transfer's suspension
 * still holds (SUSPENDED, still the sender's): an admin who activated or cancelled it meanwhile
 * decided its state, and that stays.
 */
export async function unwindTransfer(tx: Tx, t: SubscriptionTransfer, now: Date, actorId: string | null): Promise<Unwound> {
  const [sub] = await tx
    .update(subscriptions)
    .set({ status: t.priorStatus as SubscriptionStatus, updatedAt: now })
    .where(and(eq(subscriptions.id, t.subscriptionId), eq(subscriptions.userId, t.fromUserId), eq(subscriptions.status, "SUSPENDED")))
    .returning();
  // Panel clients follow the restored status (on again, unless it ran out meanwhile) and the
  // content version moves, so no cached document says "suspended".
  if (sub) await syncClientsOf(tx, sub, now);
  return { restored: Boolean(sub), refundedMinor: await refundFeeOnce(tx, t, now, actorId) };
}

/** The fee back to its payer, once: the claim on feeRefundedAt decides, the ledger key backs it up. */
async function refundFeeOnce(tx: Tx, t: SubscriptionTransfer, now: Date, actorId: string | null): Promise<number> {
  const [claimed] = await tx
    .update(subscriptionTransfers)
    .set({ feeRefundedAt: now })
    .where(and(eq(subscriptionTransfers.id, t.id), isNotNull(subscriptionTransfers.feeChargedAt), isNull(subscriptionTransfers.feeRefundedAt), sql`${subscriptionTransfers.feeMinor} > 0`))
    .returning();
  if (!claimed) return 0;
  await moveBalance(tx, {
    userId: claimed.feeBearer === "SENDER" ? claimed.fromUserId : claimed.toUserId,
    kind: "TRANSFER_FEE_REFUND",
    amountMinor: claimed.feeMinor,
    referenceType: "transfer",
    referenceId: claimed.id,
    idempotencyKey: `transfer-fee-refund:${claimed.id}`,
    actorId,
    now,
  });
  return claimed.feeMinor;
}

/** Charges the fee to its bearer once (a zero fee charges nothing); insufficient_balance aborts the caller's transaction. */
export async function chargeFeeOnce(tx: Tx, t: SubscriptionTransfer, payerId: string, now: Date, actorId: string | null): Promise<number> {
  if (t.feeMinor <= 0) return 0;
  const [claimed] = await tx
    .update(subscriptionTransfers)
    .set({ feeChargedAt: now })
    .where(and(eq(subscriptionTransfers.id, t.id), isNull(subscriptionTransfers.feeChargedAt)))
    .returning({ id: subscriptionTransfers.id });
  if (!claimed) return 0;
  await moveBalance(tx, {
    userId: payerId,
    kind: "TRANSFER_FEE",
    amountMinor: -t.feeMinor,
    referenceType: "transfer",
    referenceId: t.id,
    idempotencyKey: `transfer-fee:${t.id}`,
    actorId,
    now,
  });
  return t.feeMinor;
}
