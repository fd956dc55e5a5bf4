// The device lists: the owner lists and removes their own devices (anyone else's are "not found"),
// admins list and remove any (audited); every verb checks its caller. The plan form's field.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { auditLogs, plans, subscriptionDevices } from "../../src/server/db/schema";
import { createPlan, createStreamingService, getPlanAdmin, updatePlan, type PlanInputRaw } from "../../src/server/services/catalog";
import { listMyDevices, listSubscriptionDevices, removeMyDevice, removeSubscriptionDevice } from "../../src/server/services/risk/devices";
import { anonCtx, cliCtx } from "../helpers/actors";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { asDevice, fetchContent, planWithLimit, subscribe } from "./fixtures";

const shop = openShop();
// Rows still buffered are written before the database closes.
afterAll(() => flushAccessLogs());

/** A subscription on a two-device plan with devices a and b registered. */
async function withTwoDevices() {
  const s = await subscribe(shop, (await planWithLimit(shop, 2)).id);
  // a first, b a second later: "newest first" has one answer.
  const t = Date.now();
  for (const [i, n] of ["a", "b"].entries()) expect((await fetchContent(shop, s.sub.id, s.token, { device: asDevice(n), now: new Date(t - 1000 + i * 1000) })).status).toBe(200);
  return s;
}

describe("the owner's devices", () => {
  it("lists model, OS, first and last seen and place with the plan's limit, newest first, paginated, without the hash", async () => {
    const { user, sub } = await withTwoDevices();
    const list = await listMyDevices(user.ctx, sub.id);
    expect(list).toMatchObject({ subscriptionId: sub.id, limit: 2, total: 2, page: 1 });
    expect(list.rows.map((d) => d.deviceModel)).toEqual(["Phone b", "Phone a"]);
    expect(list.rows[0]).toMatchObject({ deviceOs: "Android", osVersion: "14", userAgent: "Happ/3.1.0" });
    expect(list.rows[0]!.firstSeenAt).toBeInstanceOf(Date);
    expect(Object.keys(list.rows[0]!)).not.toContain("hwidHash");
    const page2 = await listMyDevices(user.ctx, sub.id, { page: 2, pageSize: 1 });
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.rows.map((d) => d.deviceModel)).toEqual(["Phone a"]);
  });

  it("refuses anyone but the owner: another user gets not found, an anonymous caller is unauthenticated", async () => {
    const { user, sub } = await withTwoDevices();
    const other = await buyer(shop);
    const [device] = await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id));
    await expect(listMyDevices(other.ctx, sub.id)).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "subscription_not_found" } });
    await expect(removeMyDevice(other.ctx, { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "device_not_found" } });
    // An admin is no owner either on the user-facing verb (the admin verbs are separate and audited).
    await expect(removeMyDevice(shop.admin.ctx, { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ details: { reason: "device_not_found" } });
    await expect(listMyDevices(anonCtx(shop.db), sub.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(removeMyDevice(anonCtx(shop.db), { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(removeMyDevice(makeCtx(shop.db, { kind: "agent", nodeId: shop.nodeId }), { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id))).toHaveLength(2);
    // A device of one of the owner's other subscriptions is not found under this one.
    const mine2 = await subscribe(shop, (await planWithLimit(shop, 2)).id, user);
    await fetchContent(shop, mine2.sub.id, mine2.token, { device: asDevice("z") });
    const [z] = await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, mine2.sub.id));
    await expect(removeMyDevice(user.ctx, { subscriptionId: sub.id, deviceId: z!.id })).rejects.toMatchObject({ details: { reason: "device_not_found" } });
    await expect(removeMyDevice(user.ctx, { subscriptionId: sub.id, deviceId: "not-a-uuid" })).rejects.toMatchObject({ code: "VALIDATION" });
    // The owner may, once; the second time it is gone.
    await removeMyDevice(user.ctx, { subscriptionId: sub.id, deviceId: device!.id });
    await expect(removeMyDevice(user.ctx, { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ details: { reason: "device_not_found" } });
    expect((await listMyDevices(user.ctx, sub.id)).total).toBe(1);
  });
});

describe("admin device verbs", () => {
  it("list any subscription's devices and remove one with an audit row", async () => {
    const { sub } = await withTwoDevices();
    const list = await listSubscriptionDevices(shop.admin.ctx, sub.id);
    expect(list).toMatchObject({ total: 2, limit: 2 });
    expect((await listSubscriptionDevices(cliCtx(shop.db), sub.id)).total).toBe(2);
    const target = list.rows[0]!;
    await removeSubscriptionDevice(shop.admin.ctx, { subscriptionId: sub.id, deviceId: target.id });
    expect((await listSubscriptionDevices(shop.admin.ctx, sub.id)).total).toBe(1);
    const audit = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "admin.subscription.device.remove"), eq(auditLogs.targetId, sub.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: shop.admin.id, metadata: { deviceId: target.id, model: target.deviceModel } });
    await expect(removeSubscriptionDevice(shop.admin.ctx, { subscriptionId: sub.id, deviceId: target.id })).rejects.toMatchObject({ details: { reason: "device_not_found" } });
    await expect(listSubscriptionDevices(shop.admin.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ details: { reason: "subscription_not_found" } });
  });

  it("refuse ordinary users, even the owner, and anonymous callers", async () => {
    const { user, sub } = await withTwoDevices();
    const [device] = await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id));
    await expect(listSubscriptionDevices(user.ctx, sub.id)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(removeSubscriptionDevice(user.ctx, { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listSubscriptionDevices(anonCtx(shop.db), sub.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(removeSubscriptionDevice(anonCtx(shop.db), { subscriptionId: sub.id, deviceId: device!.id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id))).toHaveLength(2);
  });
});

describe("the plan's device limit field", () => {
  it("is stored for proxy plans, zeroed for streaming plans, defaults to 0 and refuses out-of-range values", async () => {
    const plan = await proxyPlan(shop, { deviceLimit: 3 });
    expect((await getPlanAdmin(shop.admin.ctx, plan.id)).deviceLimit).toBe(3);
    expect((await proxyPlan(shop)).deviceLimit).toBe(0);
    const raw = (over: Partial<PlanInputRaw>) => ({ kind: "PROXY", name: `p-${Date.now()}`, nodeId: shop.nodeId, inboundIds: [shop.inbounds[0]!.id], priceMinor: 100, trafficGb: 1, durationDays: 30, ...over }) as PlanInputRaw;
    await expect(createPlan(shop.admin.ctx, raw({ deviceLimit: -1 }))).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { deviceLimit: expect.any(String) } } });
    await expect(createPlan(shop.admin.ctx, raw({ deviceLimit: 1.5 }))).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(createPlan(shop.admin.ctx, raw({ deviceLimit: 1001 }))).rejects.toMatchObject({ code: "VALIDATION" });
    const updated = await updatePlan(shop.admin.ctx, plan.id, { ...raw({ deviceLimit: 5 }), name: plan.name });
    expect(updated.deviceLimit).toBe(5);
    const svc = await createStreamingService(shop.admin.ctx, { name: `svc-${Date.now()}`, credentials: "x", slotCount: 2 });
    const streaming = await createPlan(shop.admin.ctx, { kind: "STREAMING", name: `s-${Date.now()}`, streamingServiceId: svc.id, priceMinor: 100, durationDays: 30, deviceLimit: 4 } as PlanInputRaw);
    expect((await shop.db.select({ n: plans.deviceLimit }).from(plans).where(eq(plans.id, streaming.id)))[0]!.n).toBe(0);
  });
});
