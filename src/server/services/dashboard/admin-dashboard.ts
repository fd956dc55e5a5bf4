// The admin dashboard in one read: money, orders, sign-ups, subscriptions, traffic, node health and
// the newest risk events. Each figure is an aggregate over an index (orders_paid_revenue_idx,
// orders_created_idx, users_created_at_idx, subscriptions_expiry_idx, traffic_daily_day_bytes_idx,
// subscription_risk_events_created_idx), and the queries run side by side, so the read stays fast
// at 100,000 users and 1,000,000 orders without summary tables (bench/README.md has the figures).
import { count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { hasPermission, requireAdmin, type Ctx } from "../../context";
import { nodes, orders, ORDER_STATUSES, subscriptionRiskEvents, subscriptions, trafficDaily, users, type OrderStatus, type PanelStatus, type RiskLevel, type RiskReason, type RiskReviewStatus } from "../../db/schema";
import { countUsers } from "../accounts";
import { getNodeIncidentOverview, type NodeIncidentOverview } from "../node-alerts/incidents";
import { getSettingsWithSecrets } from "../settings";
import { listNodeHealth, type AgentState } from "../telemetry";
import { CHART_DAYS, DASHBOARD_TIME_ZONE, lastN, localDayStart, localDays, utcDays } from "./day-windows";

export const RECENT_RISK_EVENTS = 5;

export type NodeHealthState = "online" | "stale" | "noAgent" | "failing";

/**
 * Each part is present only when the caller's staff role may read its area (issue 29): money and
 * orders with orders.read, sign-ups and user counts with users.read, active subscriptions with
 * subscriptions.read, traffic, nodes and outages with nodes.read, risk events with risk.read; null
 * otherwise, and the query behind it is not run.
 */
export interface AdminDashboard {
  /** The settings currency: revenue counts orders placed in it (minor units). */
  currency: string;
  timeZone: typeof DASHBOARD_TIME_ZONE;
  revenue: { today: number; last7: number; last30: number } | null;
  paidOrders: { today: number; last7: number; last30: number } | null;
  /** Orders created in the window, by their status now. */
  orders: { today: Record<OrderStatus, number>; last7: Record<OrderStatus, number> } | null;
  newUsers: { today: number; last7: number; last30: number } | null;
  users: { total: number; admins: number; byStatus: Record<string, number> } | null;
  activeSubscriptions: number | null;
  /** Up + down bytes, UTC days (traffic_daily's key). */
  traffic: { today: number; last7: number } | null;
  nodes: { total: number; counts: Record<NodeHealthState, number>; attention: { id: string; name: string; state: NodeHealthState }[] } | null;
  /** Nodes down now (node, cause, since) and the outages of the last 24 hours (services/node-alerts). */
  incidents: NodeIncidentOverview | null;
  riskEvents: { id: string; userId: string; email: string; reason: RiskReason; level: RiskLevel; reviewStatus: RiskReviewStatus; createdAt: Date }[] | null;
  /** Per local day (revenue, sign-ups) and per UTC day (traffic), oldest first, today last. */
  daily: { days: string[]; revenue: number[] | null; newUsers: number[] | null; trafficDays: string[]; traffic: number[] | null };
}

// The Shanghai day a timestamp falls in, as the instant it began: 24-hour bins from a Shanghai
// midnight (fixed offset: no daylight saving there). Written as absolute time, so it does not depend
// on the server's or the database's time zone setting (nor on tz data being installed). Rows are
// grouped by the bin and only each group's key is formatted: formatting every row first (to_char per
// paid order, 65,000 in 30 days at scale) cost about twice the time.
const localDayBin = (col: unknown) => sql`date_bin(interval '1 day', ${col}, timestamptz '2000-01-01 00:00:00+08')`;
/** "YYYY-MM-DD" of a bin: its first instant on the Shanghai clock, with UTC arithmetic. */
const binDay = (bin: SQL) => sql<string>`to_char((${bin} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const zeroStatuses = (): Record<OrderStatus, number> => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;

/** A node's place on the dashboard: a failing panel first, then what its agent says. */
export function nodeHealthState(panelStatus: PanelStatus, agent: AgentState): NodeHealthState {
  if (panelStatus === "ERROR") return "failing";
  if (agent === "stale") return "stale";
  if (agent === "none") return "noAgent";
  return "online";
}

/** A part's read, or null without running it when the caller's role may not read that area. */
const part = <T>(allowed: boolean, read: () => Promise<T>): Promise<T | null> => (allowed ? read() : Promise.resolve(null));

export async function getAdminDashboard(ctx: Ctx): Promise<AdminDashboard> {
  requireAdmin(ctx, "dashboard.read");
  const may = {
    orders: hasPermission(ctx, "orders.read"),
    users: hasPermission(ctx, "users.read"),
    subscriptions: hasPermission(ctx, "subscriptions.read"),
    nodes: hasPermission(ctx, "nodes.read"),
    risk: hasPermission(ctx, "risk.read"),
  };
  const now = ctx.now();
  const days = localDays(now);
  const start30 = localDayStart(now, CHART_DAYS - 1);
  const start7 = localDayStart(now, 6);
  const today = localDayStart(now);
  const trafficDays = utcDays(now);
  const paidBin = localDayBin(orders.paidAt);
  const userBin = localDayBin(users.createdAt);

  const [settings, revenueRows, orderRows, userRows, userCounts, active, trafficRows, nodeRows, health, riskRows, incidents] = await Promise.all([
    getSettingsWithSecrets(ctx.db),
    // The literal predicate (not a parameter) lets the planner use the partial index.
    part(may.orders, () =>
      ctx.db
        .select({ day: binDay(paidBin), currency: orders.currency, minor: sql<number>`coalesce(sum(${orders.totalMinor}), 0)`.mapWith(Number), n: count() })
        .from(orders)
        .where(sql`${orders.status} = 'PAID' and ${orders.paidAt} >= ${start30}`)
        .groupBy(paidBin, orders.currency),
    ),
    part(may.orders, () =>
      ctx.db
        .select({ status: orders.status, today: sql<number>`count(*) filter (where ${orders.createdAt} >= ${today})`.mapWith(Number), n: count() })
        .from(orders)
        .where(gte(orders.createdAt, start7))
        .groupBy(orders.status),
    ),
    part(may.users, () => ctx.db.select({ day: binDay(userBin), n: count() }).from(users).where(gte(users.createdAt, start30)).groupBy(userBin)),
    part(may.users, () => countUsers(ctx)),
    part(may.subscriptions, async () => {
      const [row] = await ctx.db.select({ n: count() }).from(subscriptions).where(sql`${subscriptions.status} = 'ACTIVE'`);
      return Number(row?.n ?? 0);
    }),
    part(may.nodes, () =>
      ctx.db
        .select({ day: trafficDaily.day, bytes: sql<number>`coalesce(sum(${trafficDaily.upBytes} + ${trafficDaily.downBytes}), 0)`.mapWith(Number) })
        .from(trafficDaily)
        .where(gte(trafficDaily.day, trafficDays[0]!))
        .groupBy(trafficDaily.day),
    ),
    part(may.nodes, () => ctx.db.select({ id: nodes.id, name: nodes.name, panelStatus: nodes.panelStatus }).from(nodes)),
    part(may.nodes, () => listNodeHealth(ctx)),
    part(may.risk, () =>
      ctx.db
        .select({
          id: subscriptionRiskEvents.id,
          userId: subscriptionRiskEvents.userId,
          email: users.email,
          reason: subscriptionRiskEvents.reason,
          level: subscriptionRiskEvents.level,
          reviewStatus: subscriptionRiskEvents.reviewStatus,
          createdAt: subscriptionRiskEvents.createdAt,
        })
        .from(subscriptionRiskEvents)
        .innerJoin(users, eq(users.id, subscriptionRiskEvents.userId))
        .orderBy(desc(subscriptionRiskEvents.createdAt), desc(subscriptionRiskEvents.id))
        .limit(RECENT_RISK_EVENTS),
    ),
    part(may.nodes, () => getNodeIncidentOverview(ctx)),
  ]);

  const currency = settings.currency;
  const perDay = (rows: { day: string; v: number }[], keys: string[]) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(r.day, (m.get(r.day) ?? 0) + r.v);
    return keys.map((d) => m.get(d) ?? 0);
  };
  const mine = revenueRows && revenueRows.filter((r) => r.currency === currency);
  const revenue = mine && perDay(mine.map((r) => ({ day: r.day, v: r.minor })), days);
  const paid = mine && perDay(mine.map((r) => ({ day: r.day, v: Number(r.n) })), days);
  const newUsers = userRows && perDay(userRows.map((r) => ({ day: r.day, v: Number(r.n) })), days);
  const traffic = trafficRows && perDay(trafficRows.map((r) => ({ day: r.day, v: r.bytes })), trafficDays);
  const windows = (v: number[]) => ({ today: lastN(v, 1), last7: lastN(v, 7), last30: lastN(v, CHART_DAYS) });

  return {
    currency,
    timeZone: DASHBOARD_TIME_ZONE,
    revenue: revenue && windows(revenue),
    paidOrders: paid && windows(paid),
    orders: orderRows && ordersByStatus(orderRows),
    newUsers: newUsers && windows(newUsers),
    users: userCounts,
    activeSubscriptions: active,
    traffic: traffic && { today: lastN(traffic, 1), last7: lastN(traffic, 7) },
    nodes: nodeRows && health && nodeStates(nodeRows, health),
    incidents,
    riskEvents: riskRows,
    daily: { days, revenue, newUsers, trafficDays, traffic },
  };
}

function ordersByStatus(rows: { status: OrderStatus; today: number; n: number }[]): NonNullable<AdminDashboard["orders"]> {
  const today = zeroStatuses();
  const last7 = zeroStatuses();
  for (const r of rows) {
    today[r.status] = r.today;
    last7[r.status] = Number(r.n);
  }
  return { today, last7 };
}

function nodeStates(rows: { id: string; name: string; panelStatus: PanelStatus }[], health: { nodeId: string; state: AgentState }[]): NonNullable<AdminDashboard["nodes"]> {
  const agentOf = new Map(health.map((h) => [h.nodeId, h.state]));
  const counts: Record<NodeHealthState, number> = { online: 0, stale: 0, noAgent: 0, failing: 0 };
  const attention: NonNullable<AdminDashboard["nodes"]>["attention"] = [];
  for (const n of [...rows].sort((a, b) => a.name.localeCompare(b.name))) {
    const state = nodeHealthState(n.panelStatus, agentOf.get(n.id) ?? "none");
    counts[state] += 1;
    if (state === "failing" || state === "stale") attention.push({ id: n.id, name: n.name, state });
  }
  return { total: rows.length, counts, attention: attention.slice(0, 10) };
}
