// Private targets with the setting off (its default): refused when an endpoint is added, and again
// when a delivery is sent, whatever the name resolved to before (DNS rebinding), and the request
// goes to the address that was checked, never to a second answer from DNS.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, tasks, webhookEndpoints } from "../../src/server/db/schema";
import { runDueTasks } from "../../src/server/services/tasks";
import { addWebhook } from "../../src/server/services/webhooks";
import { deliverWebhook } from "../../src/server/services/webhooks/deliver-task";
import type { Resolver } from "../../src/server/services/webhooks/target-check";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { deliveriesOf, drain, raise, setPrivateTargets } from "./helpers";
import { startReceiver, type Receiver } from "./receiver";

const t = testDbForFile();
let rx: Receiver;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  rx = await startReceiver();
  admin = await makeUser(t.db, "ADMIN");
});
afterAll(() => rx?.close());
beforeEach(async () => {
  rx.received.length = 0;
  await t.db.delete(webhookEndpoints);
  await t.db.delete(tasks);
  await setPrivateTargets(t.db, false);
});

/** A resolver that answers each call with the next list (the last one repeats), and counts calls. */
function changingResolver(...answers: string[][]): Resolver & { calls: number } {
  const r = Object.assign(
    async () => {
      const list = answers[Math.min(r.calls++, answers.length - 1)]!;
      return list.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
    },
    { calls: 0 },
  );
  return r;
}

/** The delivery the dispatch makes for one event, before its task runs. */
async function dispatchedDelivery(endpointId: string) {
  await raise(t.db, "order.paid", { orderId: "o-1" });
  await runDueTasks(t.db, 1); // the dispatch only
  const [d] = await deliveriesOf(t.db, endpointId);
  return d!;
}

describe("when an endpoint is added", () => {
  it.each([
    ["loopback", `http://127.0.0.1:1/hook`],
    ["localhost", `http://localhost:1/hook`],
    ["IPv6 loopback", "http://[::1]:1/hook"],
    ["private", "http://192.168.1.10/hook"],
    ["CGNAT", "http://100.64.1.1/hook"],
    ["link-local metadata", "http://169.254.169.254/latest/meta-data/"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/hook"],
    ["unique-local IPv6", "http://[fd00::1]/hook"],
  ])("%s: refused (400), nothing stored", async (_, url) => {
    await expect(addWebhook(admin.ctx, { url, events: ["order.paid"] })).rejects.toMatchObject({ code: "VALIDATION", reason: "webhook_target_refused" });
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.action, "admin.webhook.create"))).toEqual([]);
  });

  it("a private target is taken once the setting allows it", async () => {
    await setPrivateTargets(t.db, true);
    await expect(addWebhook(admin.ctx, { url: rx.url(), events: ["order.paid"] })).resolves.toMatchObject({ id: expect.any(String) });
  });
});

describe("when a delivery is sent", () => {
  it("a target that became refused (the setting was switched off) is not sent to, and is retried", async () => {
    await setPrivateTargets(t.db, true);
    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["order.paid"] });
    await setPrivateTargets(t.db, false);
    await raise(t.db, "order.paid", { orderId: "o-2" });
    await drain(t.db);
    expect(rx.received).toHaveLength(0);
    const [d] = await deliveriesOf(t.db, id);
    expect(d).toMatchObject({ status: "PENDING", attempts: 1, responseStatus: null });
    expect(d!.lastError).toMatch(/^not sent: 127\.0\.0\.1 leads to 127\.0\.0\.1, a private, loopback/);
  });

  it("DNS rebinding: a name that was public when added but resolves to loopback now is refused", async () => {
    const resolve = changingResolver(["93.184.216.34"], ["127.0.0.1"]);
    const { id } = await addWebhook(admin.ctx, { url: `http://hooks.rebind.test:${rx.port}/hook`, events: ["order.paid"] }, { resolve });
    const d = await dispatchedDelivery(id);
    await expect(deliverWebhook(t.db, d.id, { final: false, attempt: 1, resolve })).rejects.toThrow(/hooks\.rebind\.test leads to 127\.0\.0\.1/);
    expect(resolve.calls).toBe(2);
    expect(rx.received).toHaveLength(0);
    expect((await deliveriesOf(t.db, id))[0]).toMatchObject({ status: "PENDING", attempts: 1 });
  });

  it("DNS rebinding: a name that also resolves to the metadata address is refused", async () => {
    const resolve = changingResolver(["93.184.216.34"], ["93.184.216.34", "169.254.169.254"]);
    const { id } = await addWebhook(admin.ctx, { url: `http://hooks.rebind.test:${rx.port}/hook`, events: ["order.paid"] }, { resolve });
    const d = await dispatchedDelivery(id);
    await expect(deliverWebhook(t.db, d.id, { final: true, attempt: 1, resolve })).rejects.toThrow(/169\.254\.169\.254/);
    expect((await deliveriesOf(t.db, id))[0]).toMatchObject({ status: "FAILED", nextAttemptAt: null });
    expect(rx.received).toHaveLength(0);
  });

  it("connects to the address the check approved, with the URL's host in the Host header, resolving once", async () => {
    await setPrivateTargets(t.db, true);
    // A name no real DNS answers: the request can only arrive if the send used the checked address.
    const resolve = changingResolver(["127.0.0.1"], ["127.0.0.1"], ["203.0.113.1"]);
    const { id } = await addWebhook(admin.ctx, { url: `http://receiver.pinned.test:${rx.port}/hook`, events: ["order.paid"] }, { resolve });
    const d = await dispatchedDelivery(id);
    await expect(deliverWebhook(t.db, d.id, { final: false, attempt: 1, resolve })).resolves.toMatchObject({ sent: true, status: 204 });
    expect(resolve.calls).toBe(2); // once at add, once at send: the connection did not ask again
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.headers.host).toBe(`receiver.pinned.test:${rx.port}`);
  });
});
