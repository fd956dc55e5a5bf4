// The expiry job (every 60 s, on every instance): ACTIVE subscriptions past their expiry become
// EXPIRED, their panel clients are switched off (desired state + outbox), and their stock unit goes
// back, like every other way a subscription ends. The status flip is a conditional update, so two
// instances expiring the same row do it once; the stock release is itself once (holds_stock flips).
//
// A renewal of an EXPIRED subscription holds a stock unit again, like a purchase: the renewal line
// takes it when the order is placed and payment passes it to the subscription
// (provisioning/revival-stock.ts); see the lifecycle section of the README.
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema";
import { describeError } from "../../describe-error";
import { log } from "../../logger";
import { releaseSubscriptionStock } from "../orders/release-order";
import { syncClientsOf } from "../provisioning/provision-order";
import { kickTasks } from "../tasks";
import { publishEvent } from "../events/publish";
import { subscriptionEventData } from "../events/subscription-data";

export async function expireDueSubscriptions(db: Db, now = new Date(), batch = 200): Promise<number> {
  let expired = 0;
  // A few batches per tick: a backlog (the service was down) drains without one huge transaction.
  for (let round = 0; round < 10; round++) {
    const due = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, "ACTIVE"), lte(subscriptions.expiresAt, now)))
      .orderBy(asc(subscriptions.expiresAt))
      .limit(batch);
    for (const { id } of due) {
      try {
        if (await db.transaction((tx) => expireOne(tx, id, now))) expired++;
      } catch (err) {
        log.error("subscription expiry failed", { subscriptionId: id, error: describeError(err) });
      }
    }
    if (due.length < batch) break;
  }
  if (expired > 0) kickTasks();
  return expired;
}

/** true when this call expired it; false when it was renewed or expired meanwhile (by another instance). */
async function expireOne(tx: Db, id: string, now: Date): Promise<boolean> {
  const [sub] = await tx
    .update(subscriptions)
    .set({ status: "EXPIRED", updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, "ACTIVE"), lte(subscriptions.expiresAt, now)))
    .returning();
  if (!sub) return false;
  await releaseSubscriptionStock(tx, id);
  await syncClientsOf(tx, sub, now);
  await publishEvent(tx, "subscription.expired", subscriptionEventData(sub));
  return true;
}
