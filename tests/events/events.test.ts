// Business events: raised in the transaction of the change (so a rollback raises nothing), with data
// that holds no secret, and fanned out once however often the dispatch runs, also from two
// connections at once on PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { events, subscriptions, tasks } from "../../src/server/db/schema";
import { dispatchEvent, publishEvent, registerEventSink, type PublishedEvent } from "../../src/server/services/events";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { refundOrder } from "../../src/server/services/refunds/refund-order";
import { suspendSubscription } from "../../src/server/services/subscriptions/admin-ops";
import { expireDueSubscriptions } from "../../src/server/services/subscription-lifecycle/expire-subscriptions";
import { registerTaskHandler, runDueTasks } from "../../src/server/services/tasks/run-due-tasks";
import { enqueueTask } from "../../src/server/services/tasks";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { secondInstanceForFile } from "../helpers/race";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { pruneEventHistory } from "../../src/server/services/events/prune";

const shop = openShop();
const second = secondInstanceForFile(shop);

const seen: PublishedEvent[] = [];
registerEventSink("test-recorder", async (event) => {
  seen.push(event);
});

const eventsOf = (db: Db, type: string, key: string, value: string) =>
  db.select().from(events).where(and(eq(events.type, type), sql`${events.data} ->> ${key} = ${value}`));

async function paidSubscription() {
  const plan = await proxyPlan(shop);
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  await confirmOrder(shop.admin.ctx, order.id);
  await drainTasks(shop.db);
  const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
  return { user: u, order, plan, sub: sub! };
}

describe("events raised by the business", () => {
  it("a paid order raises order.paid and subscription.created once each, without the subscription's token", async () => {
    const { order, sub, plan, user } = await paidSubscription();
    const paid = await eventsOf(shop.db, "order.paid", "orderId", order.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data).toMatchObject({ orderNo: order.orderNo, userId: user.id, totalMinor: order.totalMinor, currency: order.currency, paidVia: "ADMIN" });
    const created = await eventsOf(shop.db, "subscription.created", "subscriptionId", sub.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ userId: user.id, planId: plan.id, planName: plan.name, orderId: order.id });
    const token = decryptSecret(sub.downloadTokenEnc);
    expect(JSON.stringify([paid, created])).not.toContain(token);
    // Drained: both were dispatched, each once, to this file's recorder.
    expect(seen.filter((e) => e.id === paid[0]!.id || e.id === created[0]!.id)).toHaveLength(2);
    // Confirming again changes nothing and raises nothing.
    await expect(confirmOrder(shop.admin.ctx, order.id)).rejects.toThrow();
    expect(await eventsOf(shop.db, "order.paid", "orderId", order.id)).toHaveLength(1);
  });

  it("suspension, expiry and refund raise their events", async () => {
    const { sub, order } = await paidSubscription();
    await suspendSubscription(shop.admin.ctx, sub.id);
    const suspended = await eventsOf(shop.db, "subscription.suspended", "subscriptionId", sub.id);
    expect(suspended.map((e) => e.data.suspendedBy)).toEqual(["admin"]);

    const other = await paidSubscription();
    await shop.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(subscriptions.id, other.sub.id));
    await expireDueSubscriptions(shop.db, new Date());
    await expireDueSubscriptions(shop.db, new Date());
    expect((await eventsOf(shop.db, "subscription.expired", "subscriptionId", other.sub.id)).map((e) => e.data.status)).toEqual(["EXPIRED"]);

    await refundOrder(shop.admin.ctx, order.id, { amount: 300, destination: "manual", endSubscription: false, note: "partial" });
    const refunded = await eventsOf(shop.db, "order.refunded", "orderId", order.id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ orderNo: order.orderNo, amountMinor: 300, destination: "MANUAL" });
  });

  it("a change that rolls back raises nothing", async () => {
    const marker = `rollback-${Date.now()}`;
    await expect(
      shop.db.transaction(async (tx) => {
        await publishEvent(tx, "node.online", { nodeId: marker });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf(shop.db, "node.online", "nodeId", marker)).toHaveLength(0);
    expect(await shop.db.select().from(tasks).where(sql`${tasks.payload}::text like ${`%${marker}%`}`)).toHaveLength(0);
  });
});

describe("dispatch", () => {
  it("fans an event out once, however often it runs", async () => {
    const id = await publishEvent(shop.db, "node.offline", { nodeId: `once-${Date.now()}` });
    expect(await dispatchEvent(shop.db, id)).toMatchObject({ dispatched: true });
    expect(await dispatchEvent(shop.db, id)).toEqual({ dispatched: false, sinks: 0 });
    expect(seen.filter((e) => e.id === id)).toHaveLength(1);
    // The outbox task of the event finds it claimed and does nothing more.
    await drainTasks(shop.db);
    expect(seen.filter((e) => e.id === id)).toHaveLength(1);
  });

  it("two instances dispatching the same event at once fan it out once", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await publishEvent(shop.db, "node.offline", { nodeId: `race-${round}-${Date.now()}` });
      const results = await Promise.all([dispatchEvent(shop.db, id), dispatchEvent(second.db, id)]);
      expect(results.filter((r) => r.dispatched)).toHaveLength(1);
      expect(seen.filter((e) => e.id === id)).toHaveLength(1);
    }
  });
});

describe("task.failed", () => {
  registerTaskHandler("test.always_fails", async () => {
    throw new Error("the receiver is gone");
  });
  registerTaskHandler(
    "test.fails_quietly",
    async () => {
      throw new Error("quiet");
    },
    { alertOnFinalFailure: false },
  );

  it("a task that fails its last attempt raises task.failed once; a quiet kind and an earlier attempt raise nothing", async () => {
    const loud = await enqueueTask(shop.db, "test.always_fails", {}, { maxAttempts: 2 });
    const quiet = await enqueueTask(shop.db, "test.fails_quietly", {}, { maxAttempts: 1 });
    await runDueTasks(shop.db);
    expect(await eventsOf(shop.db, "task.failed", "taskId", loud)).toHaveLength(0);
    await shop.db.update(tasks).set({ runAt: new Date(Date.now() - 1000) }).where(eq(tasks.id, loud));
    await runDueTasks(shop.db);
    const failed = await eventsOf(shop.db, "task.failed", "taskId", loud);
    expect(failed.map((e) => e.data)).toEqual([{ taskId: loud, kind: "test.always_fails", attempts: 2, error: expect.stringContaining("the receiver is gone") }]);
    expect(await eventsOf(shop.db, "task.failed", "taskId", quiet)).toHaveLength(0);
  });
});

describe("history", () => {
  it("the cleanup removes old dispatched events and keeps fresh ones and ones not yet dispatched", async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const [dispatchedOld, pendingOld, fresh] = await Promise.all([
      publishEvent(shop.db, "node.online", { nodeId: "prune-a" }),
      publishEvent(shop.db, "node.online", { nodeId: "prune-b" }),
      publishEvent(shop.db, "node.online", { nodeId: "prune-c" }),
    ]);
    await shop.db.update(events).set({ createdAt: old, dispatchedAt: old }).where(eq(events.id, dispatchedOld));
    await shop.db.update(events).set({ createdAt: old }).where(eq(events.id, pendingOld));
    await shop.db.update(events).set({ dispatchedAt: new Date() }).where(eq(events.id, fresh));
    const removed = await pruneEventHistory(shop.db, new Date(Date.now() - 30 * 86_400_000));
    expect(removed.events).toBeGreaterThanOrEqual(1);
    const left = (await shop.db.select({ id: events.id }).from(events)).map((r) => r.id);
    expect(left).not.toContain(dispatchedOld);
    expect(left).toEqual(expect.arrayContaining([pendingOld, fresh]));
  });
});
