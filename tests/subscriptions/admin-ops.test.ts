// Admin subscription operations against a real (simulated) 3x-ui panel: every state change goes
// through the outbox to the panel, gives stock back once, is audited and told to the owner, and
// every refusal names its reason.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, notifications, orders, subscriptions, tasks, users } from "../../src/server/db/schema";
import {
  activateSubscription,
  batchSubscriptionOperation,
  cancelSubscription,
  deleteSubscriptionPermanently,
  suspendSubscription,
} from "../../src/server/services/subscriptions";
import { PANEL_CLIENT_DELETE } from "../../src/server/services/provisioning/panel-client-delete";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { domainErrorOf } from "../panel/helpers";
import { clientsOf, gift, planOf, subOf, tasksOfKind } from "./helpers";

const shop = openShop();
const reasonOf = async (fn: () => Promise<unknown>) => (await domainErrorOf(fn)).reason;
const onPanel = (email: string) => shop.sim.state.findClientByEmail(email)?.client;

describe("suspend, activate, cancel", () => {
  it("suspend switches the panel clients off, activate on again; both are audited and told to the owner", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    await drainTasks(shop.db);
    const clients = await clientsOf(shop.db, id);
    expect(clients).toHaveLength(2);
    for (const c of clients) expect(onPanel(c.email)).toMatchObject({ enable: true });
    const before = (await subOf(shop.db, id))!.contentVersion;

    const s = await suspendSubscription(shop.admin.ctx, id);
    expect(s.status).toBe("SUSPENDED");
    expect((await subOf(shop.db, id))!.contentVersion).toBeGreaterThan(before);
    await drainTasks(shop.db);
    for (const c of await clientsOf(shop.db, id)) {
      expect(c).toMatchObject({ enable: false, panelState: "SYNCED" });
      expect(onPanel(c.email)).toMatchObject({ enable: false });
    }

    expect((await activateSubscription(shop.admin.ctx, id)).status).toBe("ACTIVE");
    await drainTasks(shop.db);
    for (const c of await clientsOf(shop.db, id)) expect(onPanel(c.email)).toMatchObject({ enable: true });

    const audits = await shop.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["subscription.granted", "subscription.suspended", "subscription.activated"]));
    const notes = await shop.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(notes.filter((n) => n.type === "SUBSCRIPTION").map((n) => n.level).sort()).toEqual(["SUCCESS", "WARNING"]);
    expect(notes.every((n) => !n.title.includes("{"))).toBe(true);
    expect(notes.find((n) => n.level === "WARNING")!.title).toContain(plan.name);
  });

  it("refuses what does not apply, with a reason for each", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    expect(await reasonOf(() => activateSubscription(shop.admin.ctx, id))).toBe("subscription_not_suspended");
    await suspendSubscription(shop.admin.ctx, id);
    expect(await reasonOf(() => suspendSubscription(shop.admin.ctx, id))).toBe("subscription_not_active");
    // Suspended, and its time ran out meanwhile: it comes back by renewal, not activation.
    await shop.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, id));
    expect(await domainErrorOf(() => activateSubscription(shop.admin.ctx, id))).toMatchObject({ code: "CONFLICT", reason: "subscription_is_expired" });
    expect((await subOf(shop.db, id))!.status).toBe("SUSPENDED");
    await shop.db.update(subscriptions).set({ status: "EXPIRED" }).where(eq(subscriptions.id, id));
    expect(await reasonOf(() => activateSubscription(shop.admin.ctx, id))).toBe("subscription_is_expired");
    expect(await reasonOf(() => suspendSubscription(shop.admin.ctx, id))).toBe("subscription_not_active");

    await cancelSubscription(shop.admin.ctx, id); // an expired one can be cancelled
    for (const op of [activateSubscription, suspendSubscription, cancelSubscription]) {
      expect(await domainErrorOf(() => op(shop.admin.ctx, id))).toMatchObject({ code: "CONFLICT", reason: "subscription_is_cancelled" });
    }
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await domainErrorOf(() => suspendSubscription(shop.admin.ctx, missing))).toMatchObject({ code: "NOT_FOUND", reason: "subscription_not_found" });
    expect(await domainErrorOf(() => suspendSubscription(shop.admin.ctx, "not-a-uuid"))).toMatchObject({ code: "VALIDATION" });
    for (const op of [suspendSubscription, activateSubscription, cancelSubscription, deleteSubscriptionPermanently]) {
      expect(await domainErrorOf(() => op(u.ctx, id))).toMatchObject({ code: "FORBIDDEN", reason: "admin_required" });
    }
  });

  it("cancel gives the plan's stock back once and switches the clients off", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 3 });
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(1);
    await drainTasks(shop.db);
    await cancelSubscription(shop.admin.ctx, id);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(0);
    expect(await subOf(shop.db, id)).toMatchObject({ status: "CANCELLED", holdsStock: false });
    expect(await reasonOf(() => cancelSubscription(shop.admin.ctx, id))).toBe("subscription_is_cancelled");
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(0);
    await drainTasks(shop.db);
    for (const c of await clientsOf(shop.db, id)) expect(onPanel(c.email)).toMatchObject({ enable: false });
  });
});

describe("deleteSubscriptionPermanently", () => {
  it("removes the row and its clients, releases stock, and a queued task deletes each client from the panel", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 2 });
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    await drainTasks(shop.db);
    const clients = await clientsOf(shop.db, id);
    for (const c of clients) expect(onPanel(c.email)).toBeTruthy();

    expect(await deleteSubscriptionPermanently(shop.admin.ctx, id)).toEqual({ id, panelDeletes: 2 });
    expect(await subOf(shop.db, id)).toBeUndefined();
    expect(await clientsOf(shop.db, id)).toHaveLength(0);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(0);
    const queued = (await tasksOfKind(shop.db, PANEL_CLIENT_DELETE)).filter((t) => clients.some((c) => c.email === t.payload.email));
    expect(queued).toHaveLength(2);
    for (const t of queued) {
      // Enough to find the client, nothing more: no credential, no secret part.
      expect(Object.keys(t.payload).sort()).toEqual(["email", "nodeId", "panelInboundId"]);
      expect(JSON.stringify(t.payload)).not.toMatch(/credential|secret|password/i);
    }
    await drainTasks(shop.db);
    for (const c of clients) expect(onPanel(c.email)).toBeUndefined();
    for (const t of await shop.db.select().from(tasks).where(eq(tasks.kind, PANEL_CLIENT_DELETE))) {
      if (queued.some((q) => q.id === t.id)) expect(t.status).toBe("SUCCEEDED");
    }
    expect(await reasonOf(() => deleteSubscriptionPermanently(shop.admin.ctx, id))).toBe("subscription_not_found");
    const [audit] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, "subscription.deleted")));
    expect(audit!.metadata).toMatchObject({ userId: u.id, panelClients: 2 });
  });

  it("a panel that is down leaves the delete task retrying with back-off; it completes once the panel answers", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    await drainTasks(shop.db);
    const clients = await clientsOf(shop.db, id);
    await shop.panelDown();
    try {
      await deleteSubscriptionPermanently(shop.admin.ctx, id);
      await drainTasks(shop.db);
      const mine = (await tasksOfKind(shop.db, PANEL_CLIENT_DELETE)).filter((t) => clients.some((c) => c.email === t.payload.email));
      expect(mine).toHaveLength(2);
      for (const t of mine) {
        expect(t).toMatchObject({ status: "PENDING", attempts: 1 });
        expect(t.lastError).toBeTruthy();
        expect(t.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
      }
      await shop.panelUp();
      for (const t of mine) await shop.db.update(tasks).set({ runAt: new Date() }).where(eq(tasks.id, t.id));
      await drainTasks(shop.db);
      for (const t of await tasksOfKind(shop.db, PANEL_CLIENT_DELETE)) {
        if (mine.some((m) => m.id === t.id)) expect(t).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
      }
    } finally {
      if (!shop.sim) await shop.panelUp();
    }
  });
});

describe("batchSubscriptionOperation", () => {
  it("applies each id on its own and reports the ones refused with their reason", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const a = await gift(shop, u.email, plan.id);
    const b = await gift(shop, u.email, plan.id);
    const c = await gift(shop, u.email, plan.id);
    await cancelSubscription(shop.admin.ctx, c);
    const missing = "00000000-0000-4000-8000-000000000001";
    const r = await batchSubscriptionOperation(shop.admin.ctx, { op: "suspend", ids: [a, b, c, missing] });
    expect(r.done.sort()).toEqual([a, b].sort());
    expect(r.failed).toEqual([
      { id: c, reason: "subscription_is_cancelled" },
      { id: missing, reason: "subscription_not_found" },
    ]);
    expect((await subOf(shop.db, a))!.status).toBe("SUSPENDED");
    // A single id as a form sends it (a string, not an array).
    expect(await batchSubscriptionOperation(shop.admin.ctx, { op: "activate", ids: a })).toEqual({ done: [a], failed: [] });
    expect(await batchSubscriptionOperation(shop.admin.ctx, { op: "delete", ids: [b, c] })).toEqual({ done: [b, c], failed: [] });
    expect(await subOf(shop.db, b)).toBeUndefined();

    const tooMany = Array.from({ length: 501 }, () => a);
    expect(await domainErrorOf(() => batchSubscriptionOperation(shop.admin.ctx, { op: "cancel", ids: tooMany }))).toMatchObject({ code: "VALIDATION", details: { fields: { ids: "too_many" } } });
    expect(await domainErrorOf(() => batchSubscriptionOperation(shop.admin.ctx, { op: "explode", ids: [a] }))).toMatchObject({ code: "VALIDATION", details: { fields: { op: "invalid_choice" } } });
    expect(await domainErrorOf(() => batchSubscriptionOperation(u.ctx, { op: "cancel", ids: [a] }))).toMatchObject({ code: "FORBIDDEN" });
    expect((await subOf(shop.db, a))!.status).toBe("ACTIVE");
  });
});

describe("grantSubscription", () => {
  it("provisions like a paid order: a zero-amount order paid by an admin, stock held, clients on the panel", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5, visibility: "HIDDEN" });
    const u = await buyer(shop);
    const id = await gift(shop, u.email.toUpperCase(), plan.id, 7);
    const sub = (await subOf(shop.db, id))!;
    expect(sub).toMatchObject({ userId: u.id, planId: plan.id, status: "ACTIVE", holdsStock: true, trafficLimitBytes: 10 * 1024 ** 3 });
    expect(sub.expiresAt.getTime() - sub.startsAt.getTime()).toBe(7 * 86_400_000);
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, sub.sourceOrderId!));
    expect(order).toMatchObject({ status: "PAID", paidVia: "ADMIN", totalMinor: 0, userId: u.id });
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(1);
    await drainTasks(shop.db);
    for (const c of await clientsOf(shop.db, id)) expect(onPanel(c.email)).toMatchObject({ enable: true, subId: id });
  });

  it("refuses unknown users and plans, inactive accounts, sold-out plans and the per-user limit", async () => {
    const limited = await proxyPlan(shop, { perUserLimit: 1 });
    const u = await buyer(shop);
    await gift(shop, u.email, limited.id);
    expect(await domainErrorOf(() => gift(shop, u.email, limited.id))).toMatchObject({ code: "CONFLICT", reason: "grant_user_limit", details: { limit: 1 } });
    expect((await planOf(shop.db, limited.id)).stockHeld).toBe(1); // the refused gift took nothing
    const soldOut = await proxyPlan(shop, { stockTotal: 1 });
    await gift(shop, u.email, soldOut.id);
    const other = await buyer(shop);
    expect(await reasonOf(() => gift(shop, other.email, soldOut.id))).toBe("out_of_stock");
    expect(await domainErrorOf(() => gift(shop, "nobody@example.com", limited.id))).toMatchObject({ code: "NOT_FOUND", reason: "user_not_found" });
    expect(await domainErrorOf(() => gift(shop, u.email, "00000000-0000-4000-8000-000000000002"))).toMatchObject({ code: "NOT_FOUND", reason: "plan_not_found" });
    const banned = await buyer(shop);
    await shop.db.update(users).set({ status: "BANNED" }).where(eq(users.id, banned.id));
    expect(await reasonOf(() => gift(shop, banned.email, soldOut.id))).toBe("grant_account_inactive");
    expect(await domainErrorOf(() => gift(shop, u.email, limited.id, 0))).toMatchObject({ code: "VALIDATION", details: { fields: { days: "too_small" } } });
  });
});
