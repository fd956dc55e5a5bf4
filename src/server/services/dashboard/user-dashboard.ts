// The signed-in user's dashboard: their live subscriptions (usage and days left) and how many of
// their orders wait for payment. Every query is narrowed to the caller's id through
// subscriptions_user_idx / orders_user_idx, so its cost follows one user's rows, not the table's.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { requireUser, type Ctx } from "../../context";
import { nodes, orders, plans, streamingServices, subscriptions, type SubscriptionKind, type SubscriptionStatus } from "../../db/schema";

/** Live subscriptions shown; the subscriptions page lists all of them. */
export const DASHBOARD_SUBSCRIPTIONS = 6;
const DAY_MS = 86_400_000;

export interface DashboardSubscription {
  id: string;
  planName: string;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  nodeName: string | null;
  streamingName: string | null;
  expiresAt: Date;
  /** Whole days until it expires, rounded up (0 once it has). */
  daysLeft: number;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  trafficUpBytes: number;
  trafficDownBytes: number;
}

export interface UserDashboard {
  subscriptions: DashboardSubscription[];
  /** Live (active or suspended) subscriptions in all; more than shown when over DASHBOARD_SUBSCRIPTIONS. */
  liveSubscriptions: number;
  pendingOrders: number;
}

const LIVE: SubscriptionStatus[] = ["ACTIVE", "SUSPENDED"];

export async function getUserDashboard(ctx: Ctx): Promise<UserDashboard> {
  const { userId } = requireUser(ctx);
  const now = ctx.now();
  const live = and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE));
  const [rows, [total], [pending]] = await Promise.all([
    ctx.db
      .select({
        id: subscriptions.id,
        planName: plans.name,
        kind: subscriptions.kind,
        status: subscriptions.status,
        nodeName: nodes.name,
        streamingName: streamingServices.name,
        expiresAt: subscriptions.expiresAt,
        trafficLimitBytes: subscriptions.trafficLimitBytes,
        trafficUsedBytes: subscriptions.trafficUsedBytes,
        trafficUpBytes: subscriptions.trafficUpBytes,
        trafficDownBytes: subscriptions.trafficDownBytes,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
      .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
      .where(live)
      // Active before suspended, the soonest to expire first: what needs the user's attention.
      .orderBy(sql`case ${subscriptions.status} when 'ACTIVE' then 0 else 1 end`, asc(subscriptions.expiresAt), asc(subscriptions.id))
      .limit(DASHBOARD_SUBSCRIPTIONS),
    ctx.db.select({ n: count() }).from(subscriptions).where(live),
    ctx.db.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), eq(orders.status, "PENDING"))),
  ]);
  return {
    subscriptions: rows.map((r) => ({ ...r, daysLeft: Math.max(0, Math.ceil((r.expiresAt.getTime() - now.getTime()) / DAY_MS)) })),
    liveSubscriptions: Number(total?.n ?? 0),
    pendingOrders: Number(pending?.n ?? 0),
  };
}
