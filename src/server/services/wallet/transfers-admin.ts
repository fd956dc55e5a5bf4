// [wallet] Transfers seen from above (behaviour §13): the 24-hour expiry job, the admin's delete and
// the admin list. The job and the delete end an awaiting transfer through the same door and the same
// unwind as the users' reject and cancel (transfers-unwind.ts), so a delete or an expiry racing an
// accept ends one way, and a fee comes back at most once.
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { makeCtx, requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { plans, subscriptions, subscriptionTransfers, TRANSFER_STATUSES, users, type FeeBearer, type TransferStatus } from "../../db/schema";
import { describeError } from "../../describe-error";
import { isWallet } from "../../env";
import { log } from "../../logger";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { escapeLike } from "../accounts/users-by-email";
import { kickTasks } from "../tasks";
import { requireWalletEdition } from "./edition";
import { transferMissing } from "./transfers";
import { tellTransfer } from "./transfers-notice";
import { pastExpiry, resolveAwaiting, transferParties, unwindTransfer } from "./transfers-unwind";

/**
 * The expiry job (every minute, on every instance): AWAITING transfers past their 24 hours become
 * EXPIRED, the subscription goes back to the sender and a charged fee is refunded; the sender is told.
 * Two instances expiring one transfer (or an accept at the same moment) meet at the door: once.
 */
export async function expireDueTransfers(db: Db, now = new Date(), batch = 200): Promise<number> {
  if (!isWallet()) return 0;
  const ctx = makeCtx(db, { kind: "system" }, { now: () => now });
  let expired = 0;
  for (let round = 0; round < 10; round++) {
    const due = await db
      .select({ id: subscriptionTransfers.id })
      .from(subscriptionTransfers)
      .where(and(eq(subscriptionTransfers.status, "AWAITING"), pastExpiry(now)))
      .orderBy(asc(subscriptionTransfers.expiresAt))
      .limit(batch);
    for (const { id } of due) {
      try {
        if (await expireOne(ctx, id, now)) expired++;
      } catch (err) {
        log.error("transfer expiry failed", { transferId: id, error: describeError(err) });
      }
    }
    if (due.length < batch) break;
  }
  if (expired > 0) kickTasks();
  return expired;
}

/** true when this call expired it; false when it was answered, cancelled or expired meanwhile. */
async function expireOne(ctx: Ctx, id: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const t = await resolveAwaiting(tx, id, "EXPIRED", now, pastExpiry(now));
    if (!t) return false;
    const unwound = await unwindTransfer(tx, t, now, null);
    await recordAudit(ctx, { action: "wallet.transfer.expired", targetType: "subscription_transfer", targetId: t.id, metadata: { subscriptionId: t.subscriptionId, from: t.fromUserId, to: t.toUserId, ...unwound } }, tx);
    const parties = await transferParties(tx, t);
    await tellTransfer(tx, t.fromUserId, t.id, "expired", { plan: parties.plan, email: parties.toEmail });
    return true;
  });
}

export interface AdminTransferDeletion {
  id: string;
  /** AWAITING: cancelled (subscription restored, fee refunded) and removed; otherwise the history row removed only. */
  outcome: "cancelled" | "history_removed";
  refundedMinor: number;
  restored: boolean;
}

/**
 * The contract's deleteAdminSubscriptionTransfer(id): an awaiting transfer is cancelled the way its
 * sender would cancel it (restored, refunded, the sender told) and its row removed; any other is a
 * history row, removed without touching the subscription or money (the ledger keeps its rows).
 */
export async function deleteAdminSubscriptionTransfer(ctx: Ctx, rawId: string): Promise<AdminTransferDeletion> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const id = parseInput(z.uuid(), rawId);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx): Promise<AdminTransferDeletion> => {
    const t = await resolveAwaiting(tx, id, "CANCELLED", now);
    if (t) {
      const unwound = await unwindTransfer(tx, t, now, ctx.actor.userId ?? null);
      const parties = await transferParties(tx, t);
      await tellTransfer(tx, t.fromUserId, t.id, "cancelledByAdmin", { plan: parties.plan, email: parties.toEmail });
      await tx.delete(subscriptionTransfers).where(eq(subscriptionTransfers.id, id));
      await recordAudit(ctx, { action: "wallet.transfer.deleted", targetType: "subscription_transfer", targetId: id, metadata: { subscriptionId: t.subscriptionId, from: t.fromUserId, to: t.toUserId, was: "AWAITING", ...unwound } }, tx);
      return { id, outcome: "cancelled", ...unwound };
    }
    // Not awaiting (or not there): after the door above, a row can only be a finished one.
    const [gone] = await tx.delete(subscriptionTransfers).where(eq(subscriptionTransfers.id, id)).returning();
    if (!gone) throw transferMissing();
    await recordAudit(ctx, { action: "wallet.transfer.deleted", targetType: "subscription_transfer", targetId: id, metadata: { subscriptionId: gone.subscriptionId, from: gone.fromUserId, to: gone.toUserId, was: gone.status } }, tx);
    return { id, outcome: "history_removed", refundedMinor: 0, restored: false };
  });
  kickTasks();
  return result;
}

const ListInput = z.object({
  status: z.enum(TRANSFER_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export interface AdminTransferRow {
  id: string;
  subscriptionId: string;
  planName: string;
  fromEmail: string;
  toEmail: string;
  status: TransferStatus;
  feeMinor: number;
  feeBearer: FeeBearer;
  feeChargedAt: Date | null;
  feeRefundedAt: Date | null;
  expiresAt: Date;
  resolvedAt: Date | null;
  createdAt: Date;
}

/** Newest first; filter by status, search either party's email (any part of it). */
export async function listAdminSubscriptionTransfers(ctx: Ctx, raw: unknown = {}): Promise<{ rows: AdminTransferRow[]; total: number; page: number; pageSize: number }> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  const f = parseInput(ListInput, raw);
  const sender = alias(users, "sender");
  const receiver = alias(users, "receiver");
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(subscriptionTransfers.status, f.status));
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    conds.push(or(ilike(sender.email, pattern), ilike(receiver.email, pattern))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const base = () =>
    ctx.db
      .select({
        id: subscriptionTransfers.id,
        subscriptionId: subscriptionTransfers.subscriptionId,
        planName: plans.name,
        fromEmail: sender.email,
        toEmail: receiver.email,
        status: subscriptionTransfers.status,
        feeMinor: subscriptionTransfers.feeMinor,
        feeBearer: subscriptionTransfers.feeBearer,
        feeChargedAt: subscriptionTransfers.feeChargedAt,
        feeRefundedAt: subscriptionTransfers.feeRefundedAt,
        expiresAt: subscriptionTransfers.expiresAt,
        resolvedAt: subscriptionTransfers.resolvedAt,
        createdAt: subscriptionTransfers.createdAt,
      })
      .from(subscriptionTransfers)
      .innerJoin(sender, eq(sender.id, subscriptionTransfers.fromUserId))
      .innerJoin(receiver, eq(receiver.id, subscriptionTransfers.toUserId))
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionTransfers.subscriptionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(subscriptionTransfers.createdAt), desc(subscriptionTransfers.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db
      .select({ n: count() })
      .from(subscriptionTransfers)
      .innerJoin(sender, eq(sender.id, subscriptionTransfers.fromUserId))
      .innerJoin(receiver, eq(receiver.id, subscriptionTransfers.toUserId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0), page: f.page, pageSize: f.pageSize };
}
