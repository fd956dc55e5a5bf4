// One row of each log kind at a chosen age, written straight into the tables (the writers that
// produce these rows are tested in their own areas).
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { auditLogs, nodeLatencyLogs, subscriptionAccessLogs, subscriptionRiskEvents, tasks, trafficResetLogs, type TaskStatus } from "../../src/server/db/schema";
import type { LogTarget } from "../../src/server/services/logs";
import { node, proxyPlan, subscription } from "../admin-subscriptions/fixtures";

export const daysAgo = (now: Date, d: number) => new Date(now.getTime() - d * 86_400_000);

let seq = 0;

export async function world(db: Db, userId: string) {
  const n = await node(db);
  const plan = await proxyPlan(db, n.id);
  const sub = await subscription(db, { userId, planId: plan.id, nodeId: n.id });
  return { nodeId: n.id, subId: sub.id, userId };
}
export type World = Awaited<ReturnType<typeof world>>;

export interface SeedOpts { at: Date; taskStatus?: TaskStatus; restrictionActive?: boolean }

/** Inserts one row of `target` created (and, for tasks, finished) at `at`; returns its id as text. */
export async function seedRow(db: Db, w: World, target: LogTarget, o: SeedOpts): Promise<string> {
  const at = o.at;
  switch (target) {
    case "audit":
      return String((await db.insert(auditLogs).values({ actorKind: "system", action: "seed.row", createdAt: at }).returning())[0]!.id);
    case "task":
      return (await db.insert(tasks).values({ kind: "seed.task", status: o.taskStatus ?? "SUCCEEDED", createdAt: at, updatedAt: at }).returning())[0]!.id;
    case "traffic":
      return String(
        (await db.insert(trafficResetLogs).values({ subscriptionId: w.subId, strategy: "MONTHLY", usedBytes: 1, upBytes: 0, downBytes: 1, periodStart: new Date(at.getTime() - seq++ * 1000), createdAt: at }).returning())[0]!.id,
      );
    case "nodeLatency":
      return String((await db.insert(nodeLatencyLogs).values({ nodeId: w.nodeId, carrier: "telecom", latencyMs: 42, createdAt: at }).returning())[0]!.id);
    case "riskAccess":
      return String((await db.insert(subscriptionAccessLogs).values({ subscriptionId: w.subId, userId: w.userId, outcome: "OK", ip: "203.0.113.9", createdAt: at }).returning())[0]!.id);
    case "riskEvent":
      return (
        await db
          .insert(subscriptionRiskEvents)
          .values({
            userId: w.userId,
            subscriptionId: w.subId,
            scopeKey: `sub:${w.subId}`,
            reason: "COUNTRY_CHANGE",
            level: "WARNING",
            // One event per scope, reason and day: give each seeded event its own day.
            day: new Date(Date.UTC(2000, 0, 1) + seq++ * 86_400_000).toISOString().slice(0, 10),
            restrictionActive: o.restrictionActive ?? false,
            createdAt: at,
          })
          .returning()
      )[0]!.id;
  }
}

const TABLES: Record<LogTarget, string> = {
  audit: "audit_logs",
  task: "tasks",
  traffic: "traffic_reset_logs",
  nodeLatency: "node_latency_logs",
  riskAccess: "subscription_access_logs",
  riskEvent: "subscription_risk_events",
};

export async function exists(db: Db, target: LogTarget, id: string): Promise<boolean> {
  const r = (await db.execute(sql`select 1 from ${sql.raw(TABLES[target])} where id::text = ${id}`)) as unknown as { rows: unknown[] };
  return r.rows.length === 1;
}

export async function countRows(db: Db, table: string, where = sql`true`): Promise<number> {
  const r = (await db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}
