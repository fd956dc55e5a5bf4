// The webhook verbs as the admin page and the CLI call them: admins and the operator CLI only; event
// types checked against the edition with a reason that names the unknown ones; the list without the
// secret but with how deliveries went; the delivery log in keyset pages; every change audited with
// the URL but not its query.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { auditLogs, tasks, webhookDeliveries, webhookEndpoints } from "../../src/server/db/schema";
import { addWebhook, listWebhookDeliveries, listWebhooks, removeWebhook, resendWebhookDelivery, sendTestWebhook, setWebhookEnabled } from "../../src/server/services/webhooks";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { withEnv } from "../helpers/env";
import { drain, raise, setPrivateTargets } from "./helpers";
import { startReceiver, type Receiver } from "./receiver";

const t = testDbForFile();
let rx: Receiver;
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  rx = await startReceiver();
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  await setPrivateTargets(t.db, true);
});
afterAll(() => rx?.close());
beforeEach(async () => {
  rx.answer(204);
  await t.db.delete(webhookEndpoints);
  await t.db.delete(tasks);
});

const NO_ID = "00000000-0000-4000-8000-000000000000";

describe("who may", () => {
  const verbs: [string, (ctx: Ctx) => Promise<unknown>][] = [
    ["addWebhook", (ctx) => addWebhook(ctx, { url: "https://example.com/hook", events: ["order.paid"] })],
    ["listWebhooks", (ctx) => listWebhooks(ctx)],
    ["removeWebhook", (ctx) => removeWebhook(ctx, NO_ID)],
    ["setWebhookEnabled", (ctx) => setWebhookEnabled(ctx, NO_ID, false)],
    ["listWebhookDeliveries", (ctx) => listWebhookDeliveries(ctx, NO_ID)],
    ["resendWebhookDelivery", (ctx) => resendWebhookDelivery(ctx, NO_ID)],
    ["sendTestWebhook", (ctx) => sendTestWebhook(ctx, NO_ID)],
  ];

  it.each(verbs)("%s refuses a user (FORBIDDEN), an anonymous caller and an agent (UNAUTHENTICATED) before reading anything", async (_, verb) => {
    await expect(verb(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", reason: "admin_required" });
    await expect(verb(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(verb(makeCtx(t.db, { kind: "agent", nodeId: NO_ID }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("an admin and the operator CLI may", async () => {
    const a = await addWebhook(admin.ctx, { url: rx.url(), events: ["order.paid"] });
    const b = await addWebhook(cliCtx(t.db), { url: rx.url(), events: "order.paid, user.registered" });
    expect((await listWebhooks(cliCtx(t.db))).map((w) => w.id).sort()).toEqual([a.id, b.id].sort());
    expect((await listWebhooks(admin.ctx)).find((w) => w.id === b.id)!.events).toEqual(["order.paid", "user.registered"]);
  });
});

describe("event types", () => {
  it("an unknown type is a 400 that names it and lists what the site sends", async () => {
    const err = await addWebhook(admin.ctx, { url: rx.url(), events: ["order.paid", "order.shipped", "payment.late"] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "VALIDATION", reason: "webhook_event_unknown", details: { names: "order.shipped, payment.late", fields: { events: "invalid_choice" } } });
    expect((err as { details: { allowed: string } }).details.allowed).toContain("subscription.created");
    expect((err as Error).message).toContain("Unknown webhook event types: order.shipped, payment.late.");
    await expect(addWebhook(admin.ctx, { url: rx.url(), events: [] })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { events: "too_few" } } });
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("wallet.credited exists in the wallet edition only", async () => {
    await expect(addWebhook(admin.ctx, { url: rx.url(), events: ["wallet.credited"] })).rejects.toMatchObject({ reason: "webhook_event_unknown" });
    await withEnv({ EDITION: "wallet" }, async () => {
      await expect(addWebhook(admin.ctx, { url: rx.url(), events: ["wallet.credited"] })).resolves.toMatchObject({ id: expect.any(String) });
    });
  });

  it("are stored once each, in the site's order", async () => {
    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["node.online", "order.paid", "node.online"] });
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!.events).toEqual(["order.paid", "node.online"]);
  });
});

describe("the list and the delivery log", () => {
  it("lists endpoints without their secret, with the last delivery and the last day's counts", async () => {
    const { id, secret } = await addWebhook(admin.ctx, { url: rx.url("/hook?token=abc"), events: ["order.paid"], description: "ERP" });
    expect(await listWebhooks(admin.ctx)).toEqual([
      { id, url: rx.url("/hook?token=abc"), description: "ERP", events: ["order.paid"], enabled: true, createdAt: expect.any(Date), lastDelivery: null, last24h: { pending: 0, succeeded: 0, failed: 0 } },
    ]);
    await raise(t.db, "order.paid", { orderId: "o-1" });
    await drain(t.db);
    rx.answer(500);
    await raise(t.db, "order.paid", { orderId: "o-2" });
    await drain(t.db);
    const [w] = await listWebhooks(admin.ctx);
    expect(w).toMatchObject({ lastDelivery: { status: "PENDING", responseStatus: 500, at: expect.any(Date) }, last24h: { pending: 1, succeeded: 1, failed: 0 } });
    const text = JSON.stringify(await listWebhooks(admin.ctx));
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/secret|v1\./i);
  });

  it("pages an endpoint's deliveries newest first, filters by state, and 404s an unknown endpoint", async () => {
    const { id } = await addWebhook(admin.ctx, { url: rx.url(), events: ["ticket.created"] });
    for (const n of [1, 2, 3]) await raise(t.db, "ticket.created", { ticketId: `t-${n}` });
    await drain(t.db);
    const all = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    const oldest = [...all].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
    await t.db.update(webhookDeliveries).set({ status: "FAILED" }).where(eq(webhookDeliveries.id, oldest!.id));

    const first = await listWebhookDeliveries(admin.ctx, id, { pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(first.rows[1]!.createdAt.getTime());
    expect(first.older).toEqual(expect.any(String));
    expect(first.newer).toBeNull();
    expect(Object.keys(first.rows[0]!).sort()).toEqual(["attempts", "createdAt", "eventId", "eventType", "id", "lastAttemptAt", "lastError", "nextAttemptAt", "responseStatus", "status"]);
    const next = await listWebhookDeliveries(admin.ctx, id, { pageSize: 2, cursor: first.older });
    expect(next.rows.map((r) => r.id)).toEqual([oldest!.id]);
    expect(next.older).toBeNull();
    expect((await listWebhookDeliveries(admin.ctx, id, { status: "FAILED" })).rows.map((r) => r.id)).toEqual([oldest!.id]);
    await expect(listWebhookDeliveries(admin.ctx, NO_ID)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "webhook_not_found" });
    await expect(listWebhookDeliveries(admin.ctx, "-".repeat(36))).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listWebhookDeliveries(admin.ctx, id, { status: "LOST" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("changes", () => {
  it("switch off and on, remove: audited with the URL without its query, never the secret; unknown ids 404", async () => {
    const { id, secret } = await addWebhook(admin.ctx, { url: rx.url("/hook?token=s3cr3t-query"), events: ["order.paid"] });
    expect(await setWebhookEnabled(admin.ctx, id, false)).toEqual({ id, enabled: false });
    expect(await setWebhookEnabled(admin.ctx, id, false)).toEqual({ id, enabled: false }); // no change, no audit row
    expect((await listWebhooks(admin.ctx))[0]!.enabled).toBe(false);
    await expect(sendTestWebhook(admin.ctx, id)).rejects.toMatchObject({ code: "CONFLICT", reason: "webhook_disabled" });
    await setWebhookEnabled(admin.ctx, id, true);
    await removeWebhook(admin.ctx, id);
    expect(await listWebhooks(admin.ctx)).toEqual([]);
    await expect(removeWebhook(admin.ctx, id)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "webhook_not_found" });
    await expect(setWebhookEnabled(admin.ctx, "not-a-uuid", true)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "webhook_not_found" });

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["admin.webhook.create", "admin.webhook.delete", "admin.webhook.disable", "admin.webhook.enable"]);
    for (const a of audit) expect(a).toMatchObject({ targetType: "webhook_endpoint", actorId: admin.id, metadata: { url: rx.url("/hook") } });
    expect(audit.find((a) => a.action === "admin.webhook.create")!.metadata).toEqual({ url: rx.url("/hook"), events: ["order.paid"], description: "" });
    const text = JSON.stringify(audit);
    expect(text).not.toContain("s3cr3t-query");
    expect(text).not.toContain(secret);
  });
});
