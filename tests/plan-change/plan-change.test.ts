// Plan changes with prorated credit (issue 28 item 2) against a real (simulated) 3x-ui
// panel: the preview's arithmetic, the PLAN_CHANGE order and its row, the subscription moved on
// payment (node, limits, new term, stock, panel clients converged), a downgrade's leftover as a
// personal coupon, the refusals, one open change per subscription, a paid change that no longer
// applies (its money given back, never kept), a term nobody paid money for, and refunds; and in the
// wallet edition the leftover and the money of a change that did not apply go to the balance.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, inbounds, nodeClients, notifications, orderItems, orders, plans, subscriptions, walletTransactions } from "../../src/server/db/schema";
import { addTraffic, buyNow, cancelMyOrder, getOrderDetail, getOrderDetailAdmin, renewSubscription } from "../../src/server/services/orders";
import { createCoupon } from "../../src/server/services/catalog";
import { listPlanChangeOptions, orderPlanChange, previewPlanChange } from "../../src/server/services/plan-change";
import { PANEL_CLIENT_DELETE } from "../../src/server/services/provisioning/panel-client-delete";
import { getRefundOptions, refundOrder } from "../../src/server/services/refunds";
import { updateSettings } from "../../src/server/services/settings";
import { suspendSubscription } from "../../src/server/services/subscriptions";
import { PANEL_CLIENT_RESET_TRAFFIC } from "../../src/server/services/subscription-lifecycle/task-kinds";
import { balanceOf, checkWallets, moveBalance, payOrderFromBalance } from "../../src/server/services/wallet";
import { createNode } from "../../src/server/services/nodes";
import { startXuiSimulator } from "../../simulators/xui";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { overrideEnv } from "../helpers/env";
import { domainErrorOf, PASS, seedInbounds, USER } from "../panel/helpers";
import { clientsOf, gift, planOf, streamingPlan, streamingService, tasksOfKind } from "../subscriptions/helpers";
import { changeOf, creditBasis, ctxAt, DAY, GIB, grantedCoupons, orderOf, pay, plusDays, subOf, subscribed } from "./helpers";

const shop = openShop();
const reasonOf = async (fn: () => Promise<unknown>) => (await domainErrorOf(fn)).reason;
const inbound = (protocol: string) => shop.inbounds.find((i) => i.protocol === protocol)!.id;
const onPanel = (email: string) => shop.sim.state.findClientByEmail(email);

beforeEach(() => creditBasis(shop, "TIME", { currency: "CNY" }));

describe("an upgrade halfway through the term", () => {
  it("credits half of what was paid, charges the rest, and moves the subscription on payment: limits, term, stock, panel clients", async () => {
    const small = await proxyPlan(shop, { priceMinor: 1000, trafficGb: 10, durationDays: 30, inboundIds: [inbound("vmess"), inbound("vless")] });
    const big = await proxyPlan(shop, { priceMinor: 3000, trafficGb: 50, durationDays: 60, inboundIds: [inbound("vless"), inbound("trojan")], stockTotal: 5 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, small.id, t0);
    await drainTasks(shop.db);
    const before = await clientsOf(shop.db, subId);
    expect(before).toHaveLength(2);
    const vmess = before.find((c) => c.protocol === "vmess")!;
    const vless = before.find((c) => c.protocol === "vless")!;
    // Traffic used on the panel so far (the kept client's counters must start again at zero).
    shop.sim.state.trafficRow(vless.email)!.up = 2 * GIB;

    const half = plusDays(t0, 15);
    const options = await listPlanChangeOptions(ctxAt(u.ctx, half), subId);
    expect(options.plans.map((p) => p.planId)).toContain(big.id);
    expect(options.plans.map((p) => p.planId)).not.toContain(small.id);
    expect(options.plans.find((p) => p.planId === big.id)).toMatchObject({ priceMinor: 3000, trafficGb: 50, durationDays: 60, soldOut: false });

    const preview = await previewPlanChange(ctxAt(u.ctx, half), { subscriptionId: subId, planId: big.id });
    expect(preview).toMatchObject({
      currency: "CNY",
      from: { planId: small.id },
      to: { planId: big.id, trafficGb: 50, durationDays: 60 },
      basis: "TIME",
      measure: "TIME",
      msLeft: 15 * DAY,
      termMs: 30 * DAY,
      termValueMinor: 1000,
      termPaidMinor: 1000,
      creditMinor: 500,
      newPriceMinor: 3000,
      dueMinor: 2500,
      leftoverMinor: 0,
      leftoverTo: "COUPON",
    });

    const order = await orderPlanChange(ctxAt(u.ctx, half), { subscriptionId: subId, planId: big.id });
    expect(order).toMatchObject({ kind: "PLAN_CHANGE", status: "PENDING", subtotalMinor: 2500, totalMinor: 2500 });
    const [line] = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ kind: "PLAN_CHANGE", planId: big.id, targetSubscriptionId: subId, amountMinor: 2500, holdsStock: true, trafficGb: 50, durationDays: 60 });
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "PENDING", fromPlanId: small.id, toPlanId: big.id, creditMinor: 500, dueMinor: 2500, basis: "TIME", measure: "TIME" });
    expect((await planOf(shop.db, big.id)).stockHeld).toBe(1);
    expect((await planOf(shop.db, small.id)).stockHeld).toBe(1);
    // Nothing moved yet.
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: small.id });

    const paidAt = plusDays(half, 0.01);
    const versionBefore = (await subOf(shop.db, subId)).contentVersion;
    await pay(shop.db, order.id, paidAt);
    const moved = await subOf(shop.db, subId);
    expect(moved).toMatchObject({ planId: big.id, nodeId: shop.nodeId, status: "ACTIVE", trafficLimitBytes: 50 * GIB, trafficUsedBytes: 0, holdsStock: true });
    expect(moved.startsAt.getTime()).toBe(paidAt.getTime());
    expect(moved.expiresAt.getTime()).toBe(paidAt.getTime() + 60 * DAY);
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "APPLIED", creditedMinor: 0, creditedTo: null });
    // The old plan's unit went back; the new plan's unit passed from the line to the subscription.
    expect((await planOf(shop.db, small.id)).stockHeld).toBe(0);
    expect((await planOf(shop.db, big.id)).stockHeld).toBe(1);

    // Panel clients: vless (both plans) kept with its counters zeroed, vmess removed, trojan added.
    const after = await clientsOf(shop.db, subId);
    expect(after.map((c) => c.protocol).sort()).toEqual(["trojan", "vless"]);
    expect(after.find((c) => c.protocol === "vless")!.email).toBe(vless.email);
    expect((await tasksOfKind(shop.db, PANEL_CLIENT_DELETE)).some((t) => (t.payload as { email?: string }).email === vmess.email)).toBe(true);
    expect((await tasksOfKind(shop.db, PANEL_CLIENT_RESET_TRAFFIC)).some((t) => (t.payload as { nodeClientId?: string }).nodeClientId === after.find((c) => c.protocol === "vless")!.id)).toBe(true);
    await drainTasks(shop.db);
    expect(onPanel(vmess.email)).toBeUndefined();
    expect(onPanel(vless.email)?.client).toMatchObject({ totalGB: 50 * GIB, expiryTime: paidAt.getTime() + 60 * DAY, enable: true });
    expect(shop.sim.state.trafficRow(vless.email)!.up).toBe(0);
    const trojan = after.find((c) => c.protocol === "trojan")!;
    expect(onPanel(trojan.email)?.inbound.protocol).toBe("trojan");
    for (const c of await clientsOf(shop.db, subId)) expect(c.panelState).toBe("SYNCED");
    // The content version moved (the link serves the new plan's endpoints).
    expect(moved.contentVersion).toBeGreaterThan(versionBefore);

    // Told, audited, and the order's pages carry the arithmetic.
    const [notice] = await shop.db.select().from(notifications).where(and(eq(notifications.userId, u.id), eq(notifications.dedupeKey, `plan-change:${(await changeOf(shop.db, order.id)).id}`)));
    expect(notice!.title).toContain(big.name);
    const actions = (await shop.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, subId))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["plan_change.ordered", "plan_change.applied"]));
    expect((await getOrderDetail(u.ctx, order.id)).planChange).toMatchObject({ status: "APPLIED", fromPlanName: small.name, toPlanName: big.name, creditMinor: 500, dueMinor: 2500 });
    expect((await getOrderDetailAdmin(shop.admin.ctx, order.id)).planChange).toMatchObject({ status: "APPLIED" });
  });
});

describe("to a plan on another node", () => {
  it("every old client leaves its panel and the new node's panel gets the new ones", async () => {
    const sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds([21001, 21002, 21003, 21004]) });
    try {
      const created = await createNode(shop.admin.ctx, { name: `other-${Date.now().toString(36)}`, panelUrl: sim.url, panelUsername: USER, panelPassword: PASS });
      const otherInbounds = await shop.db.select().from(inbounds).where(eq(inbounds.nodeId, created.node.id));
      const here = await proxyPlan(shop, { priceMinor: 1000 });
      const there = await proxyPlan(shop, { priceMinor: 1000, nodeId: created.node.id, inboundIds: [otherInbounds.find((i) => i.protocol === "trojan")!.id] });
      const u = await buyer(shop);
      const t0 = new Date();
      const subId = await subscribed(u.ctx, here.id, t0);
      await drainTasks(shop.db);
      const old = await clientsOf(shop.db, subId);
      expect(old.every((c) => onPanel(c.email))).toBe(true);
      const order = await orderPlanChange(ctxAt(u.ctx, plusDays(t0, 1)), { subscriptionId: subId, planId: there.id });
      await pay(shop.db, order.id, plusDays(t0, 1));
      expect(await subOf(shop.db, subId)).toMatchObject({ planId: there.id, nodeId: created.node.id });
      await drainTasks(shop.db);
      for (const c of old) expect(onPanel(c.email)).toBeUndefined();
      const now = await clientsOf(shop.db, subId);
      expect(now.map((c) => [c.nodeId, c.protocol, c.panelState])).toEqual([[created.node.id, "trojan", "SYNCED"]]);
      expect(sim.state.findClientByEmail(now[0]!.email)?.inbound.protocol).toBe("trojan");
    } finally {
      await sim.close();
    }
  });
});

describe("a downgrade", () => {
  it("with nothing due is settled at once, and the credit left over is a personal coupon (base edition)", async () => {
    const dear = await proxyPlan(shop, { priceMinor: 3000 });
    const cheap = await proxyPlan(shop, { priceMinor: 500, trafficGb: 5, durationDays: 30 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, dear.id, t0);
    const at = plusDays(t0, 3); // 27 of 30 days left: 2700 of credit

    const preview = await previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: cheap.id });
    expect(preview).toMatchObject({ creditMinor: 2700, dueMinor: 0, leftoverMinor: 2200, forfeitedMinor: 0, leftoverTo: "COUPON" });
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: cheap.id });
    expect(order).toMatchObject({ status: "PAID", paidVia: "FREE", totalMinor: 0 });
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: cheap.id, trafficLimitBytes: 5 * GIB });
    const change = await changeOf(shop.db, order.id);
    expect(change).toMatchObject({ status: "APPLIED", leftoverMinor: 2200, creditedMinor: 2200, creditedTo: "COUPON" });
    const coupons = await grantedCoupons(shop.db, u.id);
    expect(coupons).toEqual([expect.objectContaining({ amountOffMinor: 2200, totalLimit: 1, audience: "GRANTED" })]);
    expect(coupons[0]!.code).toMatch(/^PC-/);
    expect((await getOrderDetail(u.ctx, order.id)).planChange).toMatchObject({ creditedTo: "COUPON", couponCode: coupons[0]!.code });
    const [notice] = await shop.db.select().from(notifications).where(and(eq(notifications.userId, u.id), eq(notifications.dedupeKey, `plan-change:${change.id}`)));
    expect(notice!.body).toContain(coupons[0]!.code);
  });

  it("a term nobody paid money for (an admin's grant) counts at the plan's price against the new one, but is never paid out", async () => {
    const dear = await proxyPlan(shop, { priceMinor: 3000 });
    const cheap = await proxyPlan(shop, { priceMinor: 500 });
    const mid = await proxyPlan(shop, { priceMinor: 2000 });
    const u = await buyer(shop);
    const subId = await gift(shop, u.email, dear.id);
    const start = (await subOf(shop.db, subId)).startsAt;
    const at = plusDays(start, 15);
    expect(await previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: cheap.id })).toMatchObject({ termValueMinor: 3000, termPaidMinor: 0, creditMinor: 1500, dueMinor: 0, leftoverMinor: 0, forfeitedMinor: 1000 });
    expect(await previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: mid.id })).toMatchObject({ creditMinor: 1500, dueMinor: 500, leftoverMinor: 0 });
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: cheap.id });
    expect(order.status).toBe("PAID");
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "APPLIED", creditedMinor: 0 });
    expect(await grantedCoupons(shop.db, u.id)).toEqual([]);
  });
});

describe("the value of the current term", () => {
  it("adds renewals and top-ups paid since it started; a change starts a new term worth the new plan's price", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000, renewalMode: "FIXED", renewalPriceMinor: 800, topupMode: "PER_GB", topupPricePerGbMinor: 100 });
    const next = await proxyPlan(shop, { priceMinor: 4000, durationDays: 30 });
    const back = await proxyPlan(shop, { priceMinor: 100 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    await pay(shop.db, (await renewSubscription(ctxAt(u.ctx, t0), { subscriptionId: subId })).id, t0);
    await pay(shop.db, (await addTraffic(ctxAt(u.ctx, t0), { subscriptionId: subId, trafficGb: 2 })).id, t0);
    // 60 days paid 2000 (1000 + 800 + 200); 30 of them left.
    const at = plusDays(t0, 30);
    expect(await previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: next.id })).toMatchObject({ termValueMinor: 2000, termMs: 60 * DAY, creditMinor: 1000, dueMinor: 3000 });
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: next.id });
    await pay(shop.db, order.id, at);
    // The new term: worth the new plan's price (credit 1000 + 3000 paid), all of it money.
    const later = plusDays(at, 15);
    expect(await previewPlanChange(ctxAt(u.ctx, later), { subscriptionId: subId, planId: back.id })).toMatchObject({ termValueMinor: 4000, termPaidMinor: 4000, creditMinor: 2000, dueMinor: 0, leftoverMinor: 1900 });
  });

  it("a coupon's discount is not value: the term is worth what was paid", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const other = await proxyPlan(shop, { priceMinor: 1000 });
    const u = await buyer(shop);
    const coupon = await createCoupon(shop.admin.ctx, { code: `PCT${Date.now()}`, kind: "AMOUNT", amountOffMinor: 400 });
    const t0 = new Date();
    const o = await buyNow(ctxAt(u.ctx, t0), { planId: plan.id, couponCode: coupon.code });
    const subId = (await pay(shop.db, o.id, t0)).provisioned.created[0]!;
    expect(await previewPlanChange(ctxAt(u.ctx, plusDays(t0, 15)), { subscriptionId: subId, planId: other.id })).toMatchObject({ termValueMinor: 600, creditMinor: 300, dueMinor: 700 });
  });
});

describe("by traffic and by the lower of the two", () => {
  it("TRAFFIC: no traffic left is no credit; LOWER: the smaller of the shares; a monthly allowance counts by time", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000, trafficGb: 10 });
    const monthly = await proxyPlan(shop, { priceMinor: 1000, trafficGb: 10, trafficResetStrategy: "MONTHLY_FIRST" });
    const target = await proxyPlan(shop, { priceMinor: 5000 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const monthlyId = await subscribed(u.ctx, monthly.id, t0);
    const at = plusDays(t0, 10); // two thirds of the time left
    const quote = () => previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: target.id });

    await shop.db.update(subscriptions).set({ trafficUsedBytes: 10 * GIB }).where(eq(subscriptions.id, subId));
    await creditBasis(shop, "TRAFFIC");
    expect(await quote()).toMatchObject({ measure: "TRAFFIC", creditMinor: 0, dueMinor: 5000, trafficLeftBytes: 0 });
    await creditBasis(shop, "TIME");
    expect(await quote()).toMatchObject({ measure: "TIME", creditMinor: 666 });

    await shop.db.update(subscriptions).set({ trafficUsedBytes: 5 * GIB }).where(eq(subscriptions.id, subId));
    await creditBasis(shop, "LOWER");
    expect(await quote()).toMatchObject({ measure: "TRAFFIC", creditMinor: 500 });
    await shop.db.update(subscriptions).set({ trafficUsedBytes: 1 * GIB }).where(eq(subscriptions.id, subId));
    expect(await quote()).toMatchObject({ measure: "TIME", creditMinor: 666 });

    await shop.db.update(subscriptions).set({ trafficUsedBytes: 9 * GIB }).where(eq(subscriptions.id, monthlyId));
    expect(await previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: monthlyId, planId: target.id })).toMatchObject({ measure: "TIME", trafficMeasures: false, creditMinor: 666 });
  });

  it("on the first moment of the term the whole of it is credited; in its last minute almost none", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const target = await proxyPlan(shop, { priceMinor: 1500 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    expect(await previewPlanChange(ctxAt(u.ctx, t0), { subscriptionId: subId, planId: target.id })).toMatchObject({ creditMinor: 1000, dueMinor: 500 });
    const lastMinute = new Date(t0.getTime() + 30 * DAY - 60_000);
    expect(await previewPlanChange(ctxAt(u.ctx, lastMinute), { subscriptionId: subId, planId: target.id })).toMatchObject({ creditMinor: 0, dueMinor: 1500 });
  });
});

describe("what is refused", () => {
  it("trials, streaming, ended, suspended, the same plan, hidden or sold-out plans, the per-user limit, the setting off", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const other = await proxyPlan(shop, { priceMinor: 1200 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const at = plusDays(t0, 1);
    const preview = (planId: string, id = subId, when = at) => reasonOf(() => previewPlanChange(ctxAt(u.ctx, when), { subscriptionId: id, planId }));

    expect(await preview(plan.id)).toBe("plan_change_same_plan");
    const hidden = await proxyPlan(shop, { visibility: "HIDDEN" });
    expect(await preview(hidden.id)).toBe("plan_not_found");
    const soldOut = await proxyPlan(shop, { stockTotal: 0 });
    expect(await preview(soldOut.id)).toBe("out_of_stock");
    expect((await listPlanChangeOptions(ctxAt(u.ctx, at), subId)).plans.find((p) => p.planId === soldOut.id)).toMatchObject({ soldOut: true });
    const once = await proxyPlan(shop, { perUserLimit: 1 });
    await subscribed(u.ctx, once.id, t0);
    expect(await preview(once.id)).toBe("plan_user_limit");
    const svc = await streamingService(shop, 5);
    const stream = await streamingPlan(shop, svc.id);
    expect(await preview(stream.id)).toBe("plan_change_proxy_only");
    const streamSub = await subscribed(u.ctx, stream.id, t0);
    expect(await preview(other.id, streamSub)).toBe("plan_change_proxy_only");
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, durationDays: 1 });
    const trialSub = await subscribed(u.ctx, trial.id, t0);
    expect(await preview(other.id, trialSub, new Date(t0.getTime() + 3600_000))).toBe("plan_change_trial");
    // Someone else's subscription is not found; a lapsed one (by the clock, before the job) and a suspended one are not active.
    const stranger = await buyer(shop);
    expect(await reasonOf(() => previewPlanChange(ctxAt(stranger.ctx, at), { subscriptionId: subId, planId: other.id }))).toBe("subscription_not_found");
    expect(await preview(other.id, subId, plusDays(t0, 31))).toBe("plan_change_not_active");
    await suspendSubscription(shop.admin.ctx, subId);
    expect(await preview(other.id)).toBe("plan_change_not_active");
    expect(await reasonOf(() => orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: other.id }))).toBe("plan_change_not_active");
    await updateSettings(shop.admin.ctx, { planChangeEnabled: false });
    expect(await preview(other.id)).toBe("plan_change_disabled");
    expect(await reasonOf(() => orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: other.id }))).toBe("plan_change_disabled");
    expect(await reasonOf(() => listPlanChangeOptions(ctxAt(u.ctx, at), subId))).toBe("plan_change_disabled");
    // Nothing was ordered by any of it.
    expect(await shop.db.select().from(orders).where(and(eq(orders.userId, u.id), eq(orders.kind, "PLAN_CHANGE")))).toEqual([]);
  });

  it("a term paid in another currency than the shop's now is refused (a stale quote against a currency change)", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const other = await proxyPlan(shop, { priceMinor: 1200 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    await updateSettings(shop.admin.ctx, { currency: "USD" });
    const err = await domainErrorOf(() => previewPlanChange(ctxAt(u.ctx, plusDays(t0, 1)), { subscriptionId: subId, planId: other.id }));
    expect(err.reason).toBe("plan_change_currency_mismatch");
    expect(err.details).toMatchObject({ paid: "CNY", currency: "USD" });
  });
});

describe("one open change per subscription", () => {
  it("the same change again brings back its order; another is refused; renewals wait; a cancelled one frees the way", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000, renewalMode: "FIXED", renewalPriceMinor: 900 });
    const a = await proxyPlan(shop, { priceMinor: 2000 });
    const b = await proxyPlan(shop, { priceMinor: 2500 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const at = ctxAt(u.ctx, plusDays(t0, 1));
    const first = await orderPlanChange(at, { subscriptionId: subId, planId: a.id });
    expect((await orderPlanChange(at, { subscriptionId: subId, planId: a.id })).id).toBe(first.id);
    const err = await domainErrorOf(() => orderPlanChange(at, { subscriptionId: subId, planId: b.id }));
    expect(err.reason).toBe("plan_change_pending");
    expect(err.details).toMatchObject({ orderNo: first.orderNo });
    expect((await listPlanChangeOptions(at, subId)).openChange).toMatchObject({ orderId: first.id, planId: a.id });
    expect(await reasonOf(() => renewSubscription(at, { subscriptionId: subId }))).toBe("plan_change_pending");
    expect((await planOf(shop.db, a.id)).stockHeld).toBe(1);

    await cancelMyOrder(at, first.id);
    expect(await changeOf(shop.db, first.id)).toMatchObject({ status: "CLOSED" });
    expect((await planOf(shop.db, a.id)).stockHeld).toBe(0);
    // A renewal waiting for payment holds the change back in turn.
    const renewal = await renewSubscription(at, { subscriptionId: subId });
    expect(await reasonOf(() => orderPlanChange(at, { subscriptionId: subId, planId: b.id }))).toBe("plan_change_extension_pending");
    await cancelMyOrder(at, renewal.id);
    const second = await orderPlanChange(at, { subscriptionId: subId, planId: b.id });
    expect(second.id).not.toBe(first.id);

    // An open change whose order ran out (the job has not expired it yet) gives way to a new one.
    const late = ctxAt(u.ctx, plusDays(t0, 2));
    const third = await orderPlanChange(late, { subscriptionId: subId, planId: a.id });
    expect(await orderOf(shop.db, second.id)).toMatchObject({ status: "EXPIRED" });
    expect(await changeOf(shop.db, second.id)).toMatchObject({ status: "CLOSED" });
    expect(await changeOf(shop.db, third.id)).toMatchObject({ status: "PENDING" });
    expect((await planOf(shop.db, b.id)).stockHeld).toBe(0);
  });
});

describe("a paid change that no longer applies", () => {
  it("gives the money back (a coupon here), releases the new plan's unit, and the order says so; a refund cannot pay it twice", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000, renewalMode: "FIXED", renewalPriceMinor: 900 });
    const target = await proxyPlan(shop, { priceMinor: 3000, stockTotal: 3 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const at = plusDays(t0, 10);
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: target.id });
    expect(order.totalMinor).toBe(2334); // 3000 - floor(1000 × 20/30)
    // The admin suspends it before the money arrives.
    await suspendSubscription(shop.admin.ctx, subId);
    await pay(shop.db, order.id, plusDays(at, 0.01));

    expect(await subOf(shop.db, subId)).toMatchObject({ planId: plan.id, status: "SUSPENDED" });
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "NOT_APPLIED", outcomeReason: "plan_change_no_longer_applies", creditedMinor: 2334, creditedTo: "COUPON" });
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "PAID" });
    expect((await planOf(shop.db, target.id)).stockHeld).toBe(0);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(1);
    expect(await grantedCoupons(shop.db, u.id)).toEqual([expect.objectContaining({ amountOffMinor: 2334 })]);
    expect((await getOrderDetail(u.ctx, order.id)).planChange).toMatchObject({ status: "NOT_APPLIED", outcomeReason: "plan_change_no_longer_applies", creditedMinor: 2334 });
    // Already given back: nothing is left to refund.
    const options = await getRefundOptions(shop.admin.ctx, order.id);
    expect(options).toMatchObject({ orderKind: "PLAN_CHANGE", paidMinor: 0, destinations: { manual: { available: false, why: "nothing_paid" } } });
    const actions = (await shop.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, subId))).map((a) => a.action);
    expect(actions).toContain("plan_change.not_applied");
  });

  it("a renewal paid after the quote (the term it credited is no longer the term) is not lost either", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000, renewalMode: "FIXED", renewalPriceMinor: 900 });
    const target = await proxyPlan(shop, { priceMinor: 3000 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const at = plusDays(t0, 10);
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: target.id });
    // An admin extends the subscription meanwhile (the expiry the quote saw is gone).
    await shop.db.update(subscriptions).set({ expiresAt: plusDays(t0, 40) }).where(eq(subscriptions.id, subId));
    await pay(shop.db, order.id, at);
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "NOT_APPLIED", creditedMinor: order.totalMinor });
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: plan.id });
  });
});

describe("a paid change after the shop's currency changed", () => {
  it("is not applied and keeps the money for an admin (flagged), who may refund all of it", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const target = await proxyPlan(shop, { priceMinor: 3000 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const order = await orderPlanChange(ctxAt(u.ctx, plusDays(t0, 15)), { subscriptionId: subId, planId: target.id });
    await updateSettings(shop.admin.ctx, { currency: "USD" });
    await pay(shop.db, order.id, plusDays(t0, 15));
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "NOT_APPLIED", outcomeReason: "plan_change_currency_changed", creditedMinor: 0, creditedTo: null });
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "PAID", reviewStatus: "FLAGGED" });
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: plan.id });
    expect(await grantedCoupons(shop.db, u.id)).toEqual([]);
    expect((await getRefundOptions(shop.admin.ctx, order.id)).paidMinor).toBe(2500);
  });
});

describe("refunds of a plan change", () => {
  it("give the money back and keep the subscription on its new plan, unless the admin ends it", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const target = await proxyPlan(shop, { priceMinor: 2000 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, plan.id, t0);
    const order = await orderPlanChange(ctxAt(u.ctx, plusDays(t0, 15)), { subscriptionId: subId, planId: target.id });
    await pay(shop.db, order.id, plusDays(t0, 15));
    expect((await getRefundOptions(shop.admin.ctx, order.id)).paidMinor).toBe(1500);
    await refundOrder(shop.admin.ctx, order.id, { amount: 1500, destination: "manual", note: "paid back by hand" });
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "REFUNDED" });
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: target.id, status: "ACTIVE" });

    const v = await buyer(shop);
    const other = await subscribed(v.ctx, plan.id, t0);
    const ended = await orderPlanChange(ctxAt(v.ctx, plusDays(t0, 15)), { subscriptionId: other, planId: target.id });
    await pay(shop.db, ended.id, plusDays(t0, 15));
    await refundOrder(shop.admin.ctx, ended.id, { amount: 1500, destination: "manual", note: "paid back by hand", endSubscription: true });
    expect(await subOf(shop.db, other)).toMatchObject({ status: "CANCELLED", holdsStock: false });
    expect((await planOf(shop.db, target.id)).stockHeld).toBe(1);
    // The client of the ended subscription is switched off (desired state), not left serving.
    for (const c of await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, other))) expect(c.enable).toBe(false);
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(0);
  });
});

describe("wallet edition", () => {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = overrideEnv({ EDITION: "wallet" });
  });
  afterAll(() => restore?.());
  afterEach(async () => expect((await checkWallets(shop.db)).mismatches, "every balance equals its ledger sum").toEqual([]));
  const ledgerOf = (userId: string) => shop.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.kind, "PLAN_CHANGE_CREDIT")));

  it("a downgrade's leftover credit goes to the balance, once, and no coupon is made", async () => {
    const dear = await proxyPlan(shop, { priceMinor: 3000 });
    const cheap = await proxyPlan(shop, { priceMinor: 1000 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, dear.id, t0);
    const at = plusDays(t0, 15);
    expect(await previewPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: cheap.id })).toMatchObject({ creditMinor: 1500, dueMinor: 0, leftoverMinor: 500, leftoverTo: "BALANCE" });
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: cheap.id });
    expect(order.status).toBe("PAID");
    const change = await changeOf(shop.db, order.id);
    expect(change).toMatchObject({ status: "APPLIED", creditedMinor: 500, creditedTo: "BALANCE", creditCouponId: null });
    expect(await balanceOf(shop.db, u.id)).toBe(500);
    expect((await ledgerOf(u.id)).map((r) => [r.amountMinor, r.idempotencyKey, r.referenceType, r.referenceId])).toEqual([[500, `plan-change-leftover:${change.id}`, "plan_change", change.id]]);
    expect(await grantedCoupons(shop.db, u.id)).toEqual([]);
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: cheap.id });
  });

  it("an upgrade paid from the balance moves the subscription; one that no longer applies gives the money back to the balance", async () => {
    const small = await proxyPlan(shop, { priceMinor: 1000 });
    const big = await proxyPlan(shop, { priceMinor: 3000 });
    const u = await buyer(shop);
    const t0 = new Date();
    const subId = await subscribed(u.ctx, small.id, t0);
    await shop.db.transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 5000, now: t0 }));
    const at = plusDays(t0, 15);
    const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: big.id });
    expect(order.totalMinor).toBe(2500);
    await payOrderFromBalance(ctxAt(u.ctx, at), order);
    expect(await balanceOf(shop.db, u.id)).toBe(2500);
    expect(await subOf(shop.db, subId)).toMatchObject({ planId: big.id });
    expect(await changeOf(shop.db, order.id)).toMatchObject({ status: "APPLIED", creditedMinor: 0 });

    // A second subscription whose change is paid after an admin suspended it: the 2500 comes back.
    const other = await subscribed(u.ctx, small.id, t0);
    const second = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: other, planId: big.id });
    await suspendSubscription(shop.admin.ctx, other);
    await pay(shop.db, second.id, at);
    const change = await changeOf(shop.db, second.id);
    expect(change).toMatchObject({ status: "NOT_APPLIED", creditedMinor: 2500, creditedTo: "BALANCE" });
    expect(await balanceOf(shop.db, u.id)).toBe(5000);
    expect((await ledgerOf(u.id)).map((r) => r.idempotencyKey)).toEqual([`plan-change-refund:${change.id}`]);
  });
});
