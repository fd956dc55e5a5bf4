// Traffic for the admin charts (issue 10 item 7), read from traffic_daily: per node, per user, and
// the users who moved the most bytes, over the last 7, 30 or 90 UTC days.
import { and, asc, countDistinct, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { nodes, trafficDaily, users } from "../../db/schema";
import { notFound } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { alignDaily, rangeDays, TrafficRangeInput, type TrafficRange } from "./range";
import { dailySeries, inWindow, sumDown, sumTotal, sumUp, type DailySeries } from "./series";

const RangeOnly = z.object({ range: TrafficRangeInput });

export interface NodeTraffic {
  nodeId: string;
  name: string;
  upBytes: number;
  downBytes: number;
  totalBytes: number;
  /** Up + down per day, aligned with `days`. */
  daily: number[];
}

/**
 * Every node (those without traffic too, so an idle node shows as idle), busiest first, with its
 * daily totals; and the whole window's totals per day.
 */
export async function getNodeTraffic(ctx: Ctx, raw: unknown = {}): Promise<{ range: TrafficRange; days: string[]; series: DailySeries; nodes: NodeTraffic[] }> {
  requireAdmin(ctx, "nodes.read");
  const { range } = parseInput(RangeOnly, raw);
  const days = rangeDays(range, ctx.now());
  const [all, rows, series] = await Promise.all([
    ctx.db.select({ id: nodes.id, name: nodes.name }).from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name)),
    ctx.db
      .select({ nodeId: trafficDaily.nodeId, day: trafficDaily.day, up: sumUp(), down: sumDown() })
      .from(trafficDaily)
      .where(inWindow(days))
      .groupBy(trafficDaily.nodeId, trafficDaily.day),
    dailySeries(ctx.db, days),
  ]);
  const list = all.map((n) => {
    const mine = rows.filter((r) => r.nodeId === n.id);
    const upBytes = mine.reduce((a, r) => a + r.up, 0);
    const downBytes = mine.reduce((a, r) => a + r.down, 0);
    return { nodeId: n.id, name: n.name, upBytes, downBytes, totalBytes: upBytes + downBytes, daily: alignDaily(days, mine, (r) => r.up + r.down) };
  });
  // Busiest first; the admin's order (sortOrder, name) among equals.
  list.sort((a, b) => b.totalBytes - a.totalBytes);
  return { range, days, series, nodes: list };
}

const TopInput = z.object({
  range: TrafficRangeInput,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  nodeId: z.uuid().optional(),
});

export interface TopTrafficUser {
  userId: string;
  email: string;
  upBytes: number;
  downBytes: number;
  totalBytes: number;
  /** Subscriptions of this user that moved bytes in the window. */
  subscriptions: number;
}

/** The users who moved the most bytes in the window (optionally on one node), most first. */
export async function listTopTrafficUsers(ctx: Ctx, raw: unknown = {}): Promise<{ range: TrafficRange; rows: TopTrafficUser[] }> {
  requireAdmin(ctx, "nodes.read");
  const f = parseInput(TopInput, raw);
  const days = rangeDays(f.range, ctx.now());
  const total = sumTotal();
  const rows = await ctx.db
    .select({ userId: trafficDaily.userId, email: users.email, upBytes: sumUp(), downBytes: sumDown(), totalBytes: total, subscriptions: countDistinct(trafficDaily.subscriptionId) })
    .from(trafficDaily)
    .innerJoin(users, eq(users.id, trafficDaily.userId))
    .where(inWindow(days, f.nodeId ? eq(trafficDaily.nodeId, f.nodeId) : undefined))
    .groupBy(trafficDaily.userId, users.email)
    .orderBy(desc(total), asc(users.email))
    .limit(f.limit);
  return { range: f.range, rows };
}

const UserInput = z.object({ userId: z.string(), range: TrafficRangeInput });

/** One user's traffic: daily up/down and the split per node. */
export async function getUserTraffic(ctx: Ctx, raw: unknown) {
  requireAdmin(ctx, "users.read");
  const f = parseInput(UserInput, raw);
  if (!isUuid(f.userId)) throw notFound("user");
  const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, f.userId));
  if (!user) throw notFound("user");
  const days = rangeDays(f.range, ctx.now());
  const mine: SQL = eq(trafficDaily.userId, user.id);
  const [series, perNode] = await Promise.all([
    dailySeries(ctx.db, days, mine),
    ctx.db
      .select({ nodeId: trafficDaily.nodeId, name: nodes.name, upBytes: sumUp(), downBytes: sumDown(), totalBytes: sumTotal() })
      .from(trafficDaily)
      .innerJoin(nodes, eq(nodes.id, trafficDaily.nodeId))
      .where(and(inWindow(days, mine)))
      .groupBy(trafficDaily.nodeId, nodes.name)
      .orderBy(desc(sumTotal()), asc(nodes.name)),
  ]);
  return { range: f.range, userId: user.id, email: user.email, series, nodes: perNode };
}
