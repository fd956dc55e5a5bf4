// The traffic reset job (every 5 min, on every instance): plans with a monthly reset strategy give
// their subscriptions a fresh allowance at each period boundary (reset-periods.ts, Shanghai time).
// Once per boundary: a traffic_reset_logs row unique on (subscription, period start) is written in
// the same transaction as the reset, under the subscription's row lock, so a second instance (or a
// retry after a crash) finds it done. The reset zeroes used/up/down, re-enables the clients when
// nothing else keeps them off (syncClientsOf), and queues a panel-side counter reset per client: the
// panel enforces its own quota on its own counters. node_clients.last_* are left alone on purpose:
// the next traffic sync sees the panel's counter drop and counts from zero.
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodeClients, plans, subscriptions, trafficResetLogs, type TrafficResetStrategy } from "../../db/schema";
import { describeError } from "../../describe-error";
import { log } from "../../logger";
import { syncClientsOf } from "../provisioning/provision-order";
import { enqueueTask, kickTasks } from "../tasks";
import { dueResetPeriod } from "./reset-periods";
import { PANEL_CLIENT_RESET_TRAFFIC } from "./task-kinds";

/** A traffic-exhausted subscription stays ACTIVE (only its clients are off), so it is covered here. */
const RESETTABLE = ["ACTIVE", "SUSPENDED"] as const;

export async function resetDueTraffic(db: Db, now = new Date()): Promise<number> {
  const candidates = await db
    .select({ id: subscriptions.id, startsAt: subscriptions.startsAt, lastTrafficResetAt: subscriptions.lastTrafficResetAt, strategy: plans.trafficResetStrategy })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.kind, "PROXY"), inArray(subscriptions.status, [...RESETTABLE]), ne(plans.trafficResetStrategy, "NEVER")));
  let reset = 0;
  for (const c of candidates) {
    const periodStart = dueResetPeriod(c.strategy, c, now);
    if (!periodStart) continue;
    try {
      if (await db.transaction((tx) => resetOne(tx, c.id, c.strategy, periodStart, now))) reset++;
    } catch (err) {
      log.error("traffic reset failed", { subscriptionId: c.id, error: describeError(err) });
    }
  }
  if (reset > 0) kickTasks();
  return reset;
}

async function resetOne(tx: Db, id: string, strategy: TrafficResetStrategy, periodStart: Date, now: Date): Promise<boolean> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  // Checked again under the lock: another instance may have reset it, or an admin ended it.
  if (!sub || !(RESETTABLE as readonly string[]).includes(sub.status)) return false;
  if (periodStart.getTime() <= (sub.lastTrafficResetAt ?? sub.startsAt).getTime()) return false;
  const [logged] = await tx
    .insert(trafficResetLogs)
    .values({ subscriptionId: id, strategy, usedBytes: sub.trafficUsedBytes, upBytes: sub.trafficUpBytes, downBytes: sub.trafficDownBytes, periodStart })
    .onConflictDoNothing()
    .returning({ id: trafficResetLogs.id });
  if (!logged) return false;
  // lastTrafficResetAt is the period's start, not the clock: "due" compares boundaries exactly.
  const [next] = await tx
    .update(subscriptions)
    .set({ trafficUsedBytes: 0, trafficUpBytes: 0, trafficDownBytes: 0, lastTrafficResetAt: periodStart, updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  await syncClientsOf(tx, next!, now);
  const clients = await tx.select({ id: nodeClients.id }).from(nodeClients).where(eq(nodeClients.subscriptionId, id));
  for (const c of clients) await enqueueTask(tx, PANEL_CLIENT_RESET_TRAFFIC, { nodeClientId: c.id }, { maxAttempts: 12 });
  return true;
}
