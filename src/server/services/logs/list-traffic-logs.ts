// The admin's traffic log list: one row per traffic reset (what a subscription had used when its
// period rolled over), newest first, keyset pages (keyset.ts). Filters: user (email, whole or its
// beginning), subscription and date range. A user filter becomes that user's subscriptions, so
// every filter walks the (subscription_id, created_at) index; no filter walks created_at.
import { inArray, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { subscriptions, trafficResetLogs as r, users } from "../../db/schema";
import { parseInput } from "../../validation";
import { cursorTextOf, keysetPage, opt, pageFields, rangeConds, rangeIsOrdered, type LogPage } from "./keyset";
import { usersByEmail } from "../accounts/users-by-email";

export const TrafficLogListInput = z
  .object({
    user: opt(z.string().trim().toLowerCase().max(254)),
    subscriptionId: opt(z.uuid()),
    ...pageFields,
  })
  .refine(rangeIsOrdered, { path: ["to"], message: "before_start" });
export type TrafficLogListFilter = z.input<typeof TrafficLogListInput>;

export interface TrafficLogRow {
  id: number;
  createdAt: Date;
  subscriptionId: string;
  userId: string | null;
  email: string | null;
  strategy: string;
  usedBytes: number;
  upBytes: number;
  downBytes: number;
  periodStart: Date;
}

export interface TrafficLogPage extends LogPage<TrafficLogRow> {
  userMatches: number | null;
  usersTruncated: boolean;
}

const cols = { createdAt: r.createdAt, id: r.id };

export async function listTrafficLogs(ctx: Ctx, raw: unknown = {}): Promise<TrafficLogPage> {
  requireAdmin(ctx, "logs.read");
  const f = parseInput(TrafficLogListInput, raw);
  const conds: SQL[] = [];
  let userMatches: number | null = null;
  let usersTruncated = false;
  const none = (): TrafficLogPage => ({ rows: [], pageSize: f.pageSize, older: null, newer: null, userMatches: 0, usersTruncated: false });
  if (f.user) {
    const found = await usersByEmail(ctx.db, f.user);
    userMatches = found.ids.length;
    usersTruncated = found.truncated;
    if (!found.ids.length) return none();
    const subs = await ctx.db.select({ id: subscriptions.id }).from(subscriptions).where(inArray(subscriptions.userId, found.ids));
    if (!subs.length) return { ...none(), userMatches };
    conds.push(inArray(r.subscriptionId, subs.map((s) => s.id)));
  }
  if (f.subscriptionId) conds.push(eq(r.subscriptionId, f.subscriptionId));
  conds.push(...rangeConds(cols, f));

  const page = await keysetPage<Omit<TrafficLogRow, "userId" | "email">>(cols, conds, f, (where, orderBy, limit) =>
    ctx.db
      .select({
        id: r.id,
        cursor: cursorTextOf(cols),
        createdAt: r.createdAt,
        subscriptionId: r.subscriptionId,
        strategy: r.strategy,
        usedBytes: r.usedBytes,
        upBytes: r.upBytes,
        downBytes: r.downBytes,
        periodStart: r.periodStart,
      })
      .from(r)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  );
  // Owners of one page, looked up by primary key after the page is cut (a join could make the
  // planner read the whole users table when a filter matches many rows).
  const subIds = [...new Set(page.rows.map((x) => x.subscriptionId))];
  const owners = subIds.length
    ? await ctx.db.select({ id: subscriptions.id, userId: users.id, email: users.email }).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(inArray(subscriptions.id, subIds))
    : [];
  const bySub = new Map(owners.map((o) => [o.id, o]));
  return {
    ...page,
    rows: page.rows.map((x) => ({ ...x, userId: bySub.get(x.subscriptionId)?.userId ?? null, email: bySub.get(x.subscriptionId)?.email ?? null })),
    userMatches,
    usersTruncated,
  };
}
