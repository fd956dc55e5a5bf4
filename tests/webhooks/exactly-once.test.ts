// One delivery per event and endpoint, and one webhook id for every send of it, when two instances
// (separate connection pools on PostgreSQL) dispatch the same event at once, when a dispatch runs
// again, when both run the delivery task at once, and when an instance dies in the middle of a send
// and another takes the task over. A receiver that dedupes by Relayboard-Webhook-Id acts once.
import { eq, sql } from "drizzle-orm";
import type http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, tasks, webhookEndpoints } from "../../src/server/db/schema";
import { dispatchEvent } from "../../src/server/services/events";
import { runDueTasks, type TaskHandler } from "../../src/server/services/tasks";
import { addWebhook } from "../../src/server/services/webhooks";
import { cliCtx } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { secondInstanceForFile } from "../helpers/race";
import { deliverTasks, deliveriesOf, drain, raise, setPrivateTargets } from "./helpers";
import { startReceiver, type Receiver } from "./receiver";

const t = testDbForFile();
const second = secondInstanceForFile(t);
let rx: Receiver;
let endpointId: string;
beforeAll(async () => {
  rx = await startReceiver();
  await setPrivateTargets(t.db, true);
});
afterAll(() => rx?.close());
beforeEach(async () => {
  rx.received.length = 0;
  rx.answer(204);
  await t.db.delete(webhookEndpoints);
  await t.db.delete(tasks);
  endpointId = (await addWebhook(cliCtx(t.db), { url: rx.url(), events: ["order.paid"] })).id;
});

/** What a receiver that dedupes by webhook id acts on. */
const actedOn = (r: Receiver) => new Set(r.received.map((x) => String(x.headers["relayboard-webhook-id"])));

describe("the dispatch", () => {
  it("run by two instances at once makes one delivery and one delivery task", async () => {
    const eventId = await raise(t.db, "order.paid", { orderId: "o-1" });
    const outcomes = await Promise.all([dispatchEvent(t.db, eventId), dispatchEvent(second.db, eventId), dispatchEvent(t.db, eventId), dispatchEvent(second.db, eventId)]);
    expect(outcomes.filter((o) => o.dispatched)).toHaveLength(1);
    expect(await deliveriesOf(t.db, endpointId)).toHaveLength(1);
    expect(await deliverTasks(t.db)).toHaveLength(1);
  });

  it("run again over an event already fanned out adds no delivery and no task", async () => {
    const eventId = await raise(t.db, "order.paid", { orderId: "o-2" });
    await drain(t.db);
    // As if the claim were lost (a restored backup replays the event): the sink runs a second time.
    await t.db.update(events).set({ dispatchedAt: null }).where(eq(events.id, eventId));
    expect(await dispatchEvent(second.db, eventId)).toMatchObject({ dispatched: true });
    await drain(t.db);
    expect(await deliveriesOf(t.db, endpointId)).toHaveLength(1);
    expect(await deliverTasks(t.db)).toHaveLength(1);
    expect(rx.received).toHaveLength(1);
  });
});

describe("the delivery task", () => {
  it("run by two instances at once sends once", async () => {
    await raise(t.db, "order.paid", { orderId: "o-3" });
    await runDueTasks(t.db, 1); // the dispatch
    await Promise.all([runDueTasks(t.db), runDueTasks(second.db), runDueTasks(t.db), runDueTasks(second.db)]);
    expect(rx.received).toHaveLength(1);
    expect((await deliveriesOf(t.db, endpointId))[0]).toMatchObject({ status: "SUCCEEDED", attempts: 1 });
  });

  it("an instance that dies mid-send: the other sends the same webhook id again, one delivery, and the late answer changes nothing", async () => {
    const eventId = await raise(t.db, "order.paid", { orderId: "o-4" });
    await runDueTasks(t.db, 1); // the dispatch
    // Instance A's request reaches the receiver, which holds it: A "hangs" mid-send.
    let arrived!: () => void;
    const firstArrived = new Promise<void>((r) => (arrived = r));
    let held: http.ServerResponse | undefined;
    rx.answer((_req, res) => {
      held = res;
      arrived();
    });
    const a = runDueTasks(t.db);
    await firstArrived;
    // A's lease runs out, as when its process is gone; instance B claims the task and sends.
    await t.db.update(tasks).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(tasks.kind, "webhook.deliver"));
    rx.answer(200);
    await runDueTasks(second.db);
    expect((await deliveriesOf(t.db, endpointId))[0]).toMatchObject({ status: "SUCCEEDED", responseStatus: 200 });
    // A's answer comes at last, and is a failure: it must not undo B's success.
    held!.writeHead(500).end();
    await a;

    expect(rx.received).toHaveLength(2);
    expect(rx.received.map((r) => r.headers["relayboard-webhook-id"])).toEqual([eventId, eventId]);
    expect(rx.received[1]!.body).toBe(rx.received[0]!.body);
    expect(actedOn(rx)).toEqual(new Set([eventId]));
    const rows = await deliveriesOf(t.db, endpointId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "SUCCEEDED", responseStatus: 200, attempts: 2, lastError: null });
    expect((await deliverTasks(t.db))[0]).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
  });

  it("re-run after a crash that came after the success was recorded sends nothing", async () => {
    await raise(t.db, "order.paid", { orderId: "o-5" });
    await drain(t.db);
    expect(rx.received).toHaveLength(1);
    // The process died after marking the delivery, before marking its task: the lease runs out.
    await t.db.update(tasks).set({ status: "RUNNING", lockedUntil: sql`now() - interval '1 second'` }).where(eq(tasks.kind, "webhook.deliver"));
    await runDueTasks(second.db);
    expect(rx.received).toHaveLength(1);
    expect((await deliverTasks(t.db))[0]).toMatchObject({ status: "SUCCEEDED", attempts: 2, result: { sent: false, skipped: "already_succeeded" } });
  });

  it("a run whose task was taken over before it sent sends nothing", async () => {
    await raise(t.db, "order.paid", { orderId: "o-6" });
    await runDueTasks(t.db, 1); // the dispatch
    const [task] = await deliverTasks(t.db);
    // Another instance holds attempt 2; this run still thinks it holds attempt 1.
    await t.db.update(tasks).set({ status: "RUNNING", attempts: 2, lockedUntil: sql`now() + interval '1 minute'` }).where(eq(tasks.id, task!.id));
    const handler = (globalThis as unknown as { __relayboardTaskHandlers: Map<string, TaskHandler> }).__relayboardTaskHandlers.get("webhook.deliver")!;
    expect(await handler(task!.payload, { id: task!.id, attempts: 1, db: second.db })).toMatchObject({ sent: false, skipped: "lease_lost" });
    expect(rx.received).toHaveLength(0);
    expect((await deliveriesOf(t.db, endpointId))[0]).toMatchObject({ status: "PENDING", attempts: 0 });
  });
});
