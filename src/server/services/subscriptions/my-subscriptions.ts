// The owner's subscriptions with what their plans allow next (renew, add traffic) and at what price
// terms, so the page can offer exactly the extensions placeOrder will accept.
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { nodes, plans, streamingServices, subscriptions, type RenewalMode, type SubscriptionKind, type SubscriptionStatus, type TopupMode } from "../../db/schema";
import { parseInput } from "../../validation";
import { extensionAllowed } from "../orders/extension-target";

/** The columns of one's own subscription with its plan's extension terms (the list and the detail page). */
export const ownSubscriptionColumns = {
  id: subscriptions.id,
  planId: subscriptions.planId,
  planName: plans.name,
  planKind: plans.kind,
  kind: subscriptions.kind,
  status: subscriptions.status,
  trial: subscriptions.trial,
  nodeName: nodes.name,
  streamingName: streamingServices.name,
  startsAt: subscriptions.startsAt,
  expiresAt: subscriptions.expiresAt,
  trafficLimitBytes: subscriptions.trafficLimitBytes,
  trafficUsedBytes: subscriptions.trafficUsedBytes,
  renewalMode: plans.renewalMode,
  renewalPriceMinor: plans.renewalPriceMinor,
  renewalPricePerDayMinor: plans.renewalPricePerDayMinor,
  durationDays: plans.durationDays,
  topupMode: plans.topupMode,
  topupPricePerGbMinor: plans.topupPricePerGbMinor,
  topupGb: plans.topupGb,
  topupPriceMinor: plans.topupPriceMinor,
};

const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) });

export interface MySubscription {
  id: string;
  planId: string;
  planName: string;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  trial: boolean;
  nodeName: string | null;
  streamingName: string | null;
  startsAt: Date;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  /** What renewing costs: the plan's renewal terms (NONE when it cannot be renewed). */
  renewalMode: RenewalMode;
  renewalPriceMinor: number;
  renewalPricePerDayMinor: number;
  durationDays: number;
  /** What adding traffic costs (NONE when it cannot be topped up). */
  topupMode: TopupMode;
  topupPricePerGbMinor: number;
  topupGb: number;
  topupPriceMinor: number;
  canRenew: boolean;
  canAddTraffic: boolean;
}

// Live ones first (active, then suspended), then the ended ones; the soonest to expire first among live ones.
const statusRank = sql<number>`case ${subscriptions.status} when 'ACTIVE' then 0 when 'SUSPENDED' then 1 when 'EXPIRED' then 2 else 3 end`;

/** The caller's subscriptions, a page at a time. canRenew / canAddTraffic: the plan's terms and the rule placeOrder applies (extensionAllowed). */
export async function listMySubscriptions(ctx: Ctx, raw: unknown = {}): Promise<{ rows: MySubscription[]; total: number; page: number; pageSize: number }> {
  const { userId } = requireUser(ctx);
  const { page, pageSize } = parseInput(Page, raw);
  const where = eq(subscriptions.userId, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(ownSubscriptionColumns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
      .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
      .where(where)
      .orderBy(asc(statusRank), asc(subscriptions.expiresAt), desc(subscriptions.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(subscriptions).where(where),
  ]);
  return {
    rows: rows.map(({ planKind, ...r }) => ({
      ...r,
      canRenew: planKind !== "TRIAL" && r.renewalMode !== "NONE" && extensionAllowed("RENEWAL", r),
      canAddTraffic: planKind === "PROXY" && r.topupMode !== "NONE" && extensionAllowed("TRAFFIC_TOPUP", r),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
