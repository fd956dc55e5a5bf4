// [wallet] What the /transfers page reads (behaviour §13): the caller's subscriptions that can be
// pushed with the fee each would cost and who pays it, and the caller's outgoing and incoming
// transfers with what the receiver needs to decide (plan, time and traffic left, their fee).
import { and, count, desc, eq, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { plans, subscriptions, subscriptionTransfers, users, type FeeBearer, type TransferStatus } from "../../db/schema";
import { parseInput } from "../../validation";
import { getSettingsWithSecrets } from "../settings/queries";
import { requireWalletEdition } from "./edition";
import { balanceOf } from "./ledger";
import { planPriceMinor, transferTerms } from "./transfers-fee";

export interface TransferableSubscription {
  id: string;
  planName: string;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  /** What pushing it would cost, and who would pay (the receiver pays only if they accept). */
  feeMinor: number;
  feeBearer: FeeBearer;
}

export interface TransferOverview {
  currency: string;
  balanceMinor: number;
  feeKind: "FIXED" | "PERCENT";
  feeValue: number;
  feeBearer: FeeBearer;
  subscriptions: TransferableSubscription[];
}

/** The push form: the caller's active proxy subscriptions (not trials) with no push awaiting, each with its fee. */
export async function getTransferOverview(ctx: Ctx): Promise<TransferOverview> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const [settings, balanceMinor, rows] = await Promise.all([
    getSettingsWithSecrets(ctx.db),
    balanceOf(ctx.db, userId),
    ctx.db
      .select({ sub: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.kind, "PROXY"),
          eq(subscriptions.trial, false),
          eq(subscriptions.status, "ACTIVE"),
          eq(subscriptions.riskRestricted, false),
          notExists(ctx.db.select({ id: subscriptionTransfers.id }).from(subscriptionTransfers).where(and(eq(subscriptionTransfers.subscriptionId, subscriptions.id), eq(subscriptionTransfers.status, "AWAITING")))),
        ),
      )
      .orderBy(desc(subscriptions.createdAt)),
  ]);
  return {
    currency: settings.currency,
    balanceMinor,
    feeKind: settings.transferFeeKind,
    feeValue: settings.transferFeeValue,
    feeBearer: settings.transferFeeBearer,
    subscriptions: rows.map(({ sub, plan }) => ({
      id: sub.id,
      planName: plan.name,
      expiresAt: sub.expiresAt,
      trafficLimitBytes: sub.trafficLimitBytes,
      trafficUsedBytes: sub.trafficUsedBytes,
      ...transferTerms(settings, planPriceMinor(plan, sub.trafficLimitBytes)),
    })),
  };
}

const ListInput = z.object({
  direction: z.enum(["outgoing", "incoming"]),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export interface MyTransferRow {
  id: string;
  subscriptionId: string;
  planName: string;
  /** The other party: the receiver of an outgoing transfer, the sender of an incoming one. */
  otherEmail: string;
  status: TransferStatus;
  feeMinor: number;
  feeBearer: FeeBearer;
  feeChargedAt: Date | null;
  feeRefundedAt: Date | null;
  /**
   * While it awaits: the subscription's end and traffic as they stand (what the receiver would get).
   * Null once answered: by then the subscription is one party's alone, and its use is theirs.
   */
  subscription: { expiresAt: Date; trafficLimitBytes: number; trafficUsedBytes: number } | null;
  expiresAt: Date;
  resolvedAt: Date | null;
  createdAt: Date;
}

/** The caller's outgoing or incoming transfers, newest first. */
export async function listMySubscriptionTransfers(ctx: Ctx, raw: unknown): Promise<{ rows: MyTransferRow[]; total: number; page: number; pageSize: number }> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const f = parseInput(ListInput, raw);
  const other = alias(users, "other");
  const mine = f.direction === "outgoing" ? eq(subscriptionTransfers.fromUserId, userId) : eq(subscriptionTransfers.toUserId, userId);
  const otherId = f.direction === "outgoing" ? subscriptionTransfers.toUserId : subscriptionTransfers.fromUserId;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: subscriptionTransfers.id,
        subscriptionId: subscriptionTransfers.subscriptionId,
        planName: plans.name,
        otherEmail: other.email,
        status: subscriptionTransfers.status,
        feeMinor: subscriptionTransfers.feeMinor,
        feeBearer: subscriptionTransfers.feeBearer,
        feeChargedAt: subscriptionTransfers.feeChargedAt,
        feeRefundedAt: subscriptionTransfers.feeRefundedAt,
        subscriptionExpiresAt: subscriptions.expiresAt,
        trafficLimitBytes: subscriptions.trafficLimitBytes,
        trafficUsedBytes: subscriptions.trafficUsedBytes,
        expiresAt: subscriptionTransfers.expiresAt,
        resolvedAt: subscriptionTransfers.resolvedAt,
        createdAt: subscriptionTransfers.createdAt,
      })
      .from(subscriptionTransfers)
      .innerJoin(other, eq(other.id, otherId))
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionTransfers.subscriptionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(mine)
      .orderBy(desc(subscriptionTransfers.createdAt), desc(subscriptionTransfers.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(subscriptionTransfers).where(mine),
  ]);
  return {
    rows: rows.map(({ subscriptionExpiresAt, trafficLimitBytes, trafficUsedBytes, ...r }) => ({
      ...r,
      subscription: r.status === "AWAITING" ? { expiresAt: subscriptionExpiresAt, trafficLimitBytes, trafficUsedBytes } : null,
    })),
    total: Number(total?.n ?? 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}
