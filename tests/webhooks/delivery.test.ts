// Webhooks end to end against a real receiver on 127.0.0.1 (private targets allowed, as tests must):
// an event raised in a business transaction is fanned out, signed and posted; the receiver verifies
// the signature with the secret the admin was shown; failures are retried on the back-off schedule
// until the last attempt; removed and switched-off endpoints get nothing; resend and test send one
// more attempt; and the secret appears nowhere but in the answer to `add`.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, tasks, webhookDeliveries, webhookEndpoints } from "../../src/server/db/schema";
import { addWebhook, removeWebhook, resendWebhookDelivery, secondsBeforeAttempt, sendTestWebhook, setWebhookEnabled, WEBHOOK_MAX_ATTEMPTS, webhookBackoffSeconds } from "../../src/server/services/webhooks";
import { postWebhook } from "../../src/server/services/webhooks/send";
import { checkWebhookTarget } from "../../src/server/services/webhooks/target-check";
import { runDueTasks } from "../../src/server/services/tasks";
import { captureOutput } from "../helpers/capture-logs";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { deliverTasks, deliveriesOf, drain, makeDeliveriesDue, raise, setPrivateTargets } from "./helpers";
import { startReceiver, verifySignature, type Receiver } from "./receiver";

const t = testDbForFile();
let rx: Receiver;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  rx = await startReceiver();
  admin = await makeUser(t.db, "ADMIN");
  await setPrivateTargets(t.db, true);
});
afterAll(() => rx?.close());
beforeEach(async () => {
  rx.received.length = 0;
  rx.answer(204);
  // Each test starts with no endpoint and no task, so an event reaches only the endpoints it adds
  // and the tasks it reads are its own.
  await t.db.delete(webhookEndpoints);
  await t.db.delete(tasks);
});

const secondsUntil = (d: Date | null, from: Date) => (d ? (d.getTime() - from.getTime()) / 1000 : null);

describe("a delivery", () => {
  it("is posted once, signed with the shown secret, with the documented headers and body", async () => {
    const { id, secret } = await addWebhook(admin.ctx, { url: rx.url("/in?src=rb"), events: ["order.paid", "order.refunded"], description: "shop ERP" });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const eventId = await raise(t.db, "order.paid", { orderId: "o-1", orderNo: "RB-1", totalMinor: 1990, currency: "CNY" });
    await raise(t.db, "user.registered", { userId: "u-1" }); // not subscribed
    await drain(t.db);

    expect(rx.received).toHaveLength(1);
    const r = rx.received[0]!;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/in?src=rb");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["user-agent"]).toBe("Relayboard-Webhooks/1");
    expect(r.headers["relayboard-webhook-id"]).toBe(eventId);
    const ts = Number(r.headers["relayboard-webhook-timestamp"]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
    expect(String(r.headers["relayboard-webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifySignature(secret, r)).toBe(true);
    // Any change to the signed text breaks it: the receiver really checks id, timestamp and body.
    expect(verifySignature(secret, { ...r, body: r.body.replace("1990", "1") })).toBe(false);
    expect(verifySignature(secret, { ...r, headers: { ...r.headers, "relayboard-webhook-timestamp": String(ts + 1) } })).toBe(false);
    expect(verifySignature(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, r)).toBe(false);

    const body = JSON.parse(r.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["createdAt", "data", "id", "type"]);
    expect(body).toMatchObject({ type: "order.paid", id: eventId, data: { orderId: "o-1", orderNo: "RB-1", totalMinor: 1990, currency: "CNY" } });
    expect(new Date(String(body.createdAt)).toISOString()).toBe(body.createdAt);

    const [d] = await deliveriesOf(t.db, id);
    expect(d).toMatchObject({ eventId, eventType: "order.paid", status: "SUCCEEDED", attempts: 1, responseStatus: 204, lastError: null, nextAttemptAt: null, body: r.body });
  });

  it("is retried after 500s on the back-off schedule, then succeeds", async () => {
    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["ticket.created"] });
    rx.answer(500);
    await raise(t.db, "ticket.created", { ticketId: "t-1" });
    await drain(t.db);
    let [d] = await deliveriesOf(t.db, id);
    expect(d).toMatchObject({ status: "PENDING", attempts: 1, responseStatus: 500 });
    expect(d!.lastError).toBe("HTTP 500 (not a 2xx answer): answered 500");
    expect(secondsUntil(d!.nextAttemptAt, d!.lastAttemptAt!)).toBeCloseTo(10, 0);
    const [task] = await deliverTasks(t.db);
    expect(task).toMatchObject({ status: "PENDING", attempts: 1, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    expect(secondsUntil(task!.runAt, task!.updatedAt)).toBeCloseTo(10, 0);
    await drain(t.db); // not due yet: nothing sent
    expect(rx.received).toHaveLength(1);

    await makeDeliveriesDue(t.db);
    await drain(t.db);
    [d] = await deliveriesOf(t.db, id);
    expect(d).toMatchObject({ status: "PENDING", attempts: 2, responseStatus: 500 });
    expect(secondsUntil(d!.nextAttemptAt, d!.lastAttemptAt!)).toBeCloseTo(20, 0);

    rx.answer(200);
    await makeDeliveriesDue(t.db);
    await drain(t.db);
    [d] = await deliveriesOf(t.db, id);
    expect(d).toMatchObject({ status: "SUCCEEDED", attempts: 3, responseStatus: 200, lastError: null, nextAttemptAt: null });
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.headers["relayboard-webhook-id"])).size).toBe(1);
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1);
    expect((await deliverTasks(t.db))[0]).toMatchObject({ status: "SUCCEEDED", attempts: 3 });
  });

  it("retries for about 24 hours: 14 attempts, 10 s doubling, then FAILED", async () => {
    expect([1, 2, 3, 13].map(webhookBackoffSeconds)).toEqual([10, 20, 40, 40960]);
    expect(secondsBeforeAttempt(WEBHOOK_MAX_ATTEMPTS)).toBe(81_910); // 22 h 45 min after the first
    expect(secondsBeforeAttempt(WEBHOOK_MAX_ATTEMPTS + 1)).toBeGreaterThan(24 * 3600);

    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["node.offline"] });
    rx.answer(503);
    await raise(t.db, "node.offline", { nodeId: "n-1" });
    await drain(t.db);
    // Skip to the last attempt, as if 12 more had failed.
    await t.db.update(tasks).set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 }).where(eq(tasks.kind, "webhook.deliver"));
    await makeDeliveriesDue(t.db);
    await drain(t.db);
    const [d] = await deliveriesOf(t.db, id);
    expect(d).toMatchObject({ status: "FAILED", attempts: 2, responseStatus: 503, nextAttemptAt: null });
    expect((await deliverTasks(t.db))[0]).toMatchObject({ status: "FAILED", attempts: WEBHOOK_MAX_ATTEMPTS });
  });

  it("counts a redirect or a refused connection as a failure and does not follow it", async () => {
    const other = await startReceiver();
    try {
      const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["order.refunded"] });
      rx.answer((_req, res) => void res.writeHead(302, { location: other.url() }).end());
      await raise(t.db, "order.refunded", { orderId: "o-2" });
      await drain(t.db);
      const [d] = await deliveriesOf(t.db, id);
      expect(d).toMatchObject({ status: "PENDING", responseStatus: 302 });
      expect(d!.lastError).toMatch(/^HTTP 302 \(a redirect, which is not followed\)/);
      expect(other.received).toHaveLength(0);

      const closedPort = other.port;
      await other.close();
      const gone = await addWebhook(admin.ctx, { url: `http://127.0.0.1:${closedPort}/x`, events: ["order.refunded"] });
      await raise(t.db, "order.refunded", { orderId: "o-3" });
      await drain(t.db);
      const [g] = await deliveriesOf(t.db, gone.id);
      expect(g).toMatchObject({ status: "PENDING", responseStatus: null, attempts: 1 });
      expect(g!.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await other.close();
    }
  });

  it("a receiver that never answers is given up on at the deadline", async () => {
    rx.answer(() => undefined); // holds the request open
    const target = await checkWebhookTarget(rx.url(), { allowPrivate: true });
    const started = Date.now();
    await expect(postWebhook(target, {}, "{}", 300)).rejects.toThrow("no answer within 0.3 s");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(rx.received).toHaveLength(1);
  });
});

describe("endpoints that changed before the send", () => {
  it("a removed endpoint is not sent to (its queued delivery ends quietly)", async () => {
    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["subscription.created"] });
    await raise(t.db, "subscription.created", { subscriptionId: "s-1" });
    await runDueTasks(t.db, 1); // the dispatch only
    expect(await deliveriesOf(t.db, id)).toHaveLength(1);
    await removeWebhook(admin.ctx, id);
    await drain(t.db);
    expect(rx.received).toHaveLength(0);
    expect((await deliverTasks(t.db))[0]).toMatchObject({ status: "SUCCEEDED", result: { sent: false, skipped: "gone" } });
  });

  it("a switched-off endpoint gets no new deliveries, and a queued one is not sent", async () => {
    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["subscription.expired"] });
    await raise(t.db, "subscription.expired", { subscriptionId: "s-2" });
    await runDueTasks(t.db, 1);
    await setWebhookEnabled(admin.ctx, id, false);
    await raise(t.db, "subscription.expired", { subscriptionId: "s-3" });
    await drain(t.db);
    expect(rx.received).toHaveLength(0);
    const rows = await deliveriesOf(t.db, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "FAILED", attempts: 0, lastError: "not sent: the webhook was switched off" });
    await expect(resendWebhookDelivery(admin.ctx, rows[0]!.id)).rejects.toMatchObject({ code: "CONFLICT", reason: "webhook_disabled" });

    await setWebhookEnabled(admin.ctx, id, true);
    await resendWebhookDelivery(admin.ctx, rows[0]!.id);
    await drain(t.db);
    expect(rx.received).toHaveLength(1);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ type: "subscription.expired", data: { subscriptionId: "s-2" } });
  });
});

describe("resend and test", () => {
  it("resend is one more attempt of the same delivery with the same webhook id; a queued one is not queued twice", async () => {
    const { id, secret } = await addWebhook(admin.ctx, { url: rx.url(), events: ["risk.event_raised"] });
    const eventId = await raise(t.db, "risk.event_raised", { riskEventId: "r-1" });
    await drain(t.db);
    const [d] = await deliveriesOf(t.db, id);
    expect(d!.status).toBe("SUCCEEDED");

    const { taskId } = await resendWebhookDelivery(admin.ctx, d!.id);
    await expect(resendWebhookDelivery(admin.ctx, d!.id)).rejects.toMatchObject({ code: "CONFLICT", reason: "webhook_delivery_queued" });
    rx.answer(500);
    await drain(t.db);
    expect(rx.received).toHaveLength(2);
    expect(rx.received.map((r) => r.headers["relayboard-webhook-id"])).toEqual([eventId, eventId]);
    expect(rx.received[1]!.body).toBe(rx.received[0]!.body);
    expect(verifySignature(secret, rx.received[1]!)).toBe(true);
    // One attempt: the failed resend is FAILED at once, and the admin may press again.
    const [after] = await deliveriesOf(t.db, id);
    expect(after).toMatchObject({ status: "FAILED", attempts: 2, responseStatus: 500, nextAttemptAt: null });
    expect((await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]).toMatchObject({ status: "FAILED", attempts: 1, maxAttempts: 1 });
    await expect(resendWebhookDelivery(admin.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND", reason: "webhook_delivery_not_found" });

    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "admin.webhook.resend"), eq(auditLogs.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "webhook_endpoint", targetId: id, metadata: { deliveryId: d!.id, eventId } });
  });

  it("a test event reaches the endpoint whatever it subscribes to", async () => {
    const { id, secret } = await addWebhook(admin.ctx, { url: rx.url(), events: ["order.paid"] });
    const { eventId } = await sendTestWebhook(admin.ctx, id);
    await drain(t.db);
    expect(rx.received).toHaveLength(1);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ type: "webhook.test", id: eventId, data: { endpointId: id } });
    expect(verifySignature(secret, rx.received[0]!)).toBe(true);
  });
});

describe("the secret", () => {
  it("appears nowhere but in the answer to add: not in task payloads, delivery rows, audit metadata or logs", async () => {
    const { output, result } = await captureOutput(async () => {
      const added = await addWebhook(admin.ctx, { url: rx.url(), events: ["order.paid", "user.registered"] });
      rx.answer(500);
      await raise(t.db, "order.paid", { orderId: "o-9" });
      await drain(t.db);
      rx.answer((_req, res) => void res.writeHead(400).end(`bad signature, expected key ${added.secret}`));
      await makeDeliveriesDue(t.db);
      await drain(t.db);
      await setWebhookEnabled(admin.ctx, added.id, false);
      await setWebhookEnabled(admin.ctx, added.id, true);
      return added;
    });
    const needles = [result.secret, result.secret.slice("whsec_".length)];
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, result.id));
    expect(endpoint!.secretEnc).toMatch(/^v1\./);
    const stored = JSON.stringify({
      endpoint: { ...endpoint, secretEnc: undefined },
      tasks: await t.db.select().from(tasks),
      deliveries: await t.db.select().from(webhookDeliveries),
      audit: await t.db.select().from(auditLogs),
    });
    expect(rx.received.length).toBeGreaterThanOrEqual(2);
    expect(stored).toContain("[secret]"); // the receiver's echo of it was scrubbed
    for (const n of needles) {
      expect(stored).not.toContain(n);
      expect(output).not.toContain(n);
    }
  });
});
