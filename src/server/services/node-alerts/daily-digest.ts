// The daily digest's figures for one day on the site's clock (Asia/Shanghai, as the dashboard counts
// money, orders and sign-ups): revenue and paid orders by payment time, sign-ups, traffic and node
// outages. Plain data (ISO strings, integers), so it can go into a task payload or a Telegram
// message as it is. Each figure is one aggregate query over an index the dashboard already uses.
//
// Two figures cannot follow the local day exactly, and say so:
// - traffic: traffic_daily is keyed by UTC day (that is how the traffic sync writes it), so the digest
//   counts the UTC day of the same date, 08:00 that day to 08:00 the next on the site's clock;
// - revenue counts orders still PAID when the digest is built (a refund since takes it out), as the
//   dashboard does.
import { and, count, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodeIncidents, nodes, orders, trafficDaily, users } from "../../db/schema";
import { DASHBOARD_TIME_ZONE, localDayWindow } from "../dashboard/day-windows";

export interface DigestNodeIncidents { nodeId: string; name: string; incidents: number; downtimeSeconds: number }

export interface DailyDigest {
  /** "YYYY-MM-DD" on the site's clock. */
  day: string;
  timeZone: typeof DASHBOARD_TIME_ZONE;
  /** The day's first instant and the next day's first instant (ISO). */
  from: string;
  to: string;
  /** Paid orders' totals per currency, in minor units, currencies in alphabetical order. */
  revenue: { currency: string; minor: number; orders: number }[];
  ordersPaid: number;
  newUsers: number;
  /** Bytes of the UTC day with the same date (see above). */
  traffic: { utcDay: string; upBytes: number; downBytes: number; totalBytes: number };
  /**
   * Outages going on at some moment of the day: how many, on which nodes, and how long nodes were
   * down within the day (an outage still open counts up to the time the digest was built).
   */
  incidents: { count: number; downtimeSeconds: number; nodes: DigestNodeIncidents[] };
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export async function buildDailyDigest(db: Db, day: string, now: Date = new Date()): Promise<DailyDigest> {
  if (!DAY_PATTERN.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new Error(`buildDailyDigest: not a day: ${day}`);
  const { start, end } = localDayWindow(day);
  // One after another, not side by side: the digest is built inside the claim's transaction, and a
  // transaction is one connection, which runs one query at a time.
  // The literal status predicate (not a parameter) lets the planner use orders_paid_revenue_idx.
  const revenueRows = await db
    .select({ currency: orders.currency, minor: sql<number>`coalesce(sum(${orders.totalMinor}), 0)`.mapWith(Number), n: count() })
    .from(orders)
    .where(and(sql`${orders.status} = 'PAID'`, gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  const [joined] = await db.select({ n: count() }).from(users).where(and(gte(users.createdAt, start), lt(users.createdAt, end)));
  const [traffic] = await db
    .select({
      up: sql<number>`coalesce(sum(${trafficDaily.upBytes}), 0)`.mapWith(Number),
      down: sql<number>`coalesce(sum(${trafficDaily.downBytes}), 0)`.mapWith(Number),
    })
    .from(trafficDaily)
    .where(eq(trafficDaily.day, day));
  const incidentRows = await db
    .select({ nodeId: nodeIncidents.nodeId, name: nodes.name, startedAt: nodeIncidents.startedAt, endedAt: nodeIncidents.endedAt })
    .from(nodeIncidents)
    .innerJoin(nodes, eq(nodes.id, nodeIncidents.nodeId))
    .where(and(lt(nodeIncidents.startedAt, end), or(isNull(nodeIncidents.endedAt), gt(nodeIncidents.endedAt, start))));

  const byNode = new Map<string, DigestNodeIncidents>();
  let downtimeSeconds = 0;
  for (const r of incidentRows) {
    const overlapMs = Math.min((r.endedAt ?? now).getTime(), end.getTime()) - Math.max(r.startedAt.getTime(), start.getTime());
    const seconds = Math.max(0, Math.round(overlapMs / 1000));
    const entry = byNode.get(r.nodeId) ?? { nodeId: r.nodeId, name: r.name, incidents: 0, downtimeSeconds: 0 };
    entry.incidents += 1;
    entry.downtimeSeconds += seconds;
    byNode.set(r.nodeId, entry);
    downtimeSeconds += seconds;
  }

  const revenue = revenueRows.map((r) => ({ currency: r.currency, minor: r.minor, orders: Number(r.n) }));
  const up = traffic?.up ?? 0;
  const down = traffic?.down ?? 0;
  return {
    day,
    timeZone: DASHBOARD_TIME_ZONE,
    from: start.toISOString(),
    to: end.toISOString(),
    revenue,
    ordersPaid: revenue.reduce((a, r) => a + r.orders, 0),
    newUsers: Number(joined?.n ?? 0),
    traffic: { utcDay: day, upBytes: up, downBytes: down, totalBytes: up + down },
    incidents: {
      count: incidentRows.length,
      downtimeSeconds,
      nodes: [...byNode.values()].sort((a, b) => b.downtimeSeconds - a.downtimeSeconds || a.name.localeCompare(b.name)),
    },
  };
}
