// The dashboard reads on a small hand-made set whose every figure is known: revenue counts only PAID
// orders in the settings currency, by payment time on Asia/Shanghai days (one order paid at 01:00 in
// Shanghai is "today" although its UTC day is yesterday); traffic counts UTC days; node health,
// risk events and the user's own view. Every row's time is set against a fixed clock.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { nodes, orders, subscriptions, users, type OrderStatus } from "../../src/server/db/schema";
import { getAdminDashboard, getUserDashboard, localDayStart } from "../../src/server/services/dashboard";
import { anonCtx, makeStaff, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { node, proxyPlan, subscription, traffic } from "../admin-subscriptions/fixtures";
import { riskEvent } from "../risk-review/fixtures";

const t = testDbForFile();
// 10:00 in Shanghai on 10 March; the local day began at 2026-03-09T16:00Z.
const NOW = new Date("2026-03-10T02:00:00Z");
const MIN = 60_000;
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const clock = (ctx: Ctx): Ctx => makeCtx(ctx.db, ctx.actor, { now: () => NOW, ip: ctx.ip });

let admin: Ctx;
let alice: { ctx: Ctx; id: string };
let bob: { ctx: Ctx; id: string };
let seq = 0;

async function order(userId: string, o: { status: OrderStatus; total: number; paidAt?: Date | null; createdAt: Date; currency?: string }) {
  await t.db.insert(orders).values({
    orderNo: `DASH${seq++}`,
    userId,
    kind: "NEW_PURCHASE",
    status: o.status,
    currency: o.currency ?? "CNY",
    subtotalMinor: o.total,
    totalMinor: o.total,
    expiresAt: new Date(o.createdAt.getTime() + 30 * MIN),
    paidAt: o.paidAt ?? null,
    createdAt: o.createdAt,
  });
}

beforeAll(async () => {
  const a = await makeUser(t.db, "ADMIN");
  admin = clock(a.ctx);
  const al = await makeUser(t.db);
  const bo = await makeUser(t.db);
  alice = { ctx: clock(al.ctx), id: al.id };
  bob = { ctx: clock(bo.ctx), id: bo.id };
  // The three accounts joined long ago; the sign-ups counted below are the ones added here.
  await t.db.update(users).set({ createdAt: at("2025-01-01T00:00:00Z") }).where(inArray(users.id, [a.id, al.id, bo.id]));
  const joined = [
    "2026-03-09T16:00:00Z", // local 10 March 00:00: today
    "2026-03-10T01:59:00Z", // today
    "2026-03-09T15:59:59Z", // local 9 March 23:59: not today, within 7 days
    "2026-03-03T16:00:00Z", // the first instant of the 7-day window
    "2026-03-03T15:59:00Z", // just before it: within 30 days only
    "2026-02-08T16:00:00Z", // the first instant of the 30-day window
    "2026-02-08T15:00:00Z", // outside
  ];
  for (const [i, when] of joined.entries()) {
    await t.db.insert(users).values({ email: `joined-${i}@example.com`, passwordHash: "x", createdAt: at(when) });
  }

  // Revenue: 100 + 200 today, 400 earlier in the week, 800 within 30 days; everything else must not count.
  await order(alice.id, { status: "PAID", total: 100, createdAt: at("2026-03-09T16:50:00Z"), paidAt: at("2026-03-09T17:00:00Z") }); // UTC 9 March, Shanghai 10 March
  await order(bob.id, { status: "PAID", total: 200, createdAt: at("2026-03-10T01:00:00Z"), paidAt: at("2026-03-10T01:30:00Z") });
  await order(bob.id, { status: "PAID", total: 400, createdAt: at("2026-03-03T16:00:00Z"), paidAt: at("2026-03-03T16:05:00Z") });
  await order(bob.id, { status: "PAID", total: 800, createdAt: at("2026-03-03T15:00:00Z"), paidAt: at("2026-03-03T15:30:00Z") }); // 23:30 on 3 March in Shanghai: the day before the window
  await order(bob.id, { status: "PAID", total: 1_600, createdAt: at("2026-01-01T00:00:00Z"), paidAt: at("2026-01-01T00:05:00Z") }); // too old
  await order(bob.id, { status: "REFUNDED", total: 3_200, createdAt: at("2026-03-10T00:00:00Z"), paidAt: at("2026-03-10T00:01:00Z") });
  await order(bob.id, { status: "PAID", total: 6_400, createdAt: at("2026-03-10T00:00:00Z"), paidAt: at("2026-03-10T00:02:00Z"), currency: "USD" });
  await order(alice.id, { status: "PENDING", total: 12_800, createdAt: at("2026-03-10T01:50:00Z") });
  await order(alice.id, { status: "CANCELLED", total: 25_600, createdAt: at("2026-03-08T00:00:00Z") });
  await order(bob.id, { status: "PENDING", total: 51_200, createdAt: at("2026-03-09T00:00:00Z") });
});

describe("admin dashboard", () => {
  it("sums paid orders in the settings currency by Shanghai day, and counts orders by status", async () => {
    const d = await getAdminDashboard(admin);
    expect(d.currency).toBe("CNY");
    expect(d.timeZone).toBe("Asia/Shanghai");
    expect(d.revenue).toEqual({ today: 300, last7: 700, last30: 1_500 });
    expect(d.paidOrders).toEqual({ today: 2, last7: 3, last30: 4 });
    expect(d.daily.days).toHaveLength(30);
    expect(d.daily.days.at(-1)).toBe("2026-03-10");
    expect(d.daily.revenue!.at(-1)).toBe(300);
    expect(d.daily.revenue![d.daily.days.indexOf("2026-03-03")]).toBe(800);
    expect(d.daily.revenue!.reduce((a, b) => a + b, 0)).toBe(1_500);
    // Created today: 2 paid (one paid at local 01:00), 1 refunded, 1 USD paid, 1 pending.
    expect(d.orders!.today).toEqual({ PENDING: 1, PAID: 3, CANCELLED: 0, EXPIRED: 0, REFUNDED: 1 });
    // The 7 local days from 4 March: plus the pending of 9 March, the cancelled of 8 March and the paid of 4 March 00:00.
    expect(d.orders!.last7).toEqual({ PENDING: 2, PAID: 4, CANCELLED: 1, EXPIRED: 0, REFUNDED: 1 });
  });

  it("counts sign-ups by Shanghai day and keeps the user counts", async () => {
    const d = await getAdminDashboard(admin);
    expect(d.newUsers).toEqual({ today: 2, last7: 4, last30: 6 });
    expect(d.daily.newUsers!.reduce((a, b) => a + b, 0)).toBe(6);
    expect(d.users!.total).toBe(10);
    expect(d.users!.admins).toBe(1);
  });

  it("counts active subscriptions, traffic by UTC day, node health and the newest risk events", async () => {
    const healthy = await node(t.db, "a-online");
    const stale = await node(t.db, "b-stale");
    const failing = await node(t.db, "c-failing");
    await node(t.db, "d-silent");
    await t.db.update(nodes).set({ lastAgentReportAt: new Date(NOW.getTime() - MIN), panelStatus: "OK" }).where(eq(nodes.id, healthy.id));
    await t.db.update(nodes).set({ lastAgentReportAt: new Date(NOW.getTime() - 2 * 60 * MIN) }).where(eq(nodes.id, stale.id));
    await t.db.update(nodes).set({ lastAgentReportAt: new Date(NOW.getTime() - MIN), panelStatus: "ERROR" }).where(eq(nodes.id, failing.id));
    const plan = await proxyPlan(t.db, healthy.id);
    const s1 = await subscription(t.db, { userId: alice.id, planId: plan.id, nodeId: healthy.id });
    await subscription(t.db, { userId: bob.id, planId: plan.id, nodeId: healthy.id });
    await subscription(t.db, { userId: bob.id, planId: plan.id, nodeId: healthy.id, status: "EXPIRED" });
    await traffic(t.db, s1, healthy.id, "2026-03-10", 10, 20); // today (UTC)
    await traffic(t.db, s1, healthy.id, "2026-03-04", 100, 200); // first of the 7 UTC days
    await traffic(t.db, s1, healthy.id, "2026-03-03", 1_000, 2_000); // before them, within 30
    for (let i = 0; i < 7; i++) {
      await riskEvent(t.db, { userId: alice.id, subscriptionId: s1.id, reason: "CITY_CHANGE", level: "WARNING", day: `2026-03-0${i + 1}`, createdAt: new Date(NOW.getTime() - (7 - i) * DAY) });
    }

    const d = await getAdminDashboard(admin);
    expect(d.activeSubscriptions).toBe(2);
    expect(d.traffic).toEqual({ today: 30, last7: 330 });
    expect(d.daily.trafficDays.at(-1)).toBe("2026-03-10");
    expect(d.daily.traffic!.reduce((a, b) => a + b, 0)).toBe(3_330);
    expect(d.nodes!.total).toBe(4);
    expect(d.nodes!.counts).toEqual({ online: 1, stale: 1, noAgent: 1, failing: 1 });
    expect(d.nodes!.attention.map((n) => [n.name, n.state])).toEqual([
      ["b-stale", "stale"],
      ["c-failing", "failing"],
    ]);
    expect(d.riskEvents).toHaveLength(5);
    expect(d.riskEvents!.map((e) => e.createdAt.getTime())).toEqual([1, 2, 3, 4, 5].map((k) => NOW.getTime() - k * DAY));
    expect(d.riskEvents![0]).toMatchObject({ userId: alice.id, reason: "CITY_CHANGE", level: "WARNING", reviewStatus: "OPEN" });
  });

  it("leaves out, without reading them, the parts of areas the staff role may not read (issue 29)", async () => {
    // Finance: money, orders and users; no subscriptions, traffic, nodes, outages or risk events.
    const finance = await getAdminDashboard(clock((await makeStaff(t.db, "finance")).ctx));
    expect(finance.revenue).toEqual({ today: 300, last7: 700, last30: 1_500 });
    expect(finance.orders!.today.PAID).toBe(3);
    expect(finance.users!.admins).toBeGreaterThanOrEqual(1);
    expect(finance.daily.newUsers).toHaveLength(30);
    for (const part of [finance.activeSubscriptions, finance.traffic, finance.nodes, finance.incidents, finance.riskEvents, finance.daily.traffic]) expect(part).toBeNull();
    // Operations: nodes, outages, traffic and risk; no money, orders or users.
    const ops = await getAdminDashboard(clock((await makeStaff(t.db, "operations")).ctx));
    expect(ops.nodes!.total).toBe(4);
    expect(ops.incidents).toMatchObject({ open: [] });
    expect(ops.traffic).toEqual({ today: 30, last7: 330 });
    expect(ops.riskEvents).toHaveLength(5);
    for (const part of [ops.revenue, ops.paidOrders, ops.orders, ops.newUsers, ops.users, ops.activeSubscriptions, ops.daily.revenue, ops.daily.newUsers]) expect(part).toBeNull();
    // Support has no dashboard at all.
    const support = clock((await makeStaff(t.db, "support")).ctx);
    await expect(getAdminDashboard(support)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "permission_required", permission: "dashboard.read" } });
  });

  it("refuses a user and an anonymous caller", async () => {
    await expect(getAdminDashboard(alice.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getAdminDashboard(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("user dashboard", () => {
  it("shows only the caller's live subscriptions, days left and pending orders", async () => {
    const n = await node(t.db);
    const plan = await proxyPlan(t.db, n.id, "Dashboard plan");
    const soon = await subscription(t.db, { userId: alice.id, planId: plan.id, nodeId: n.id, usedBytes: 5 * 1024 ** 3 });
    const suspended = await subscription(t.db, { userId: alice.id, planId: plan.id, nodeId: n.id, status: "SUSPENDED" });
    const ended = await subscription(t.db, { userId: alice.id, planId: plan.id, nodeId: n.id, status: "EXPIRED" });
    await t.db.update(subscriptions).set({ expiresAt: new Date(NOW.getTime() + 2.5 * DAY) }).where(eq(subscriptions.id, soon.id));
    await t.db.update(subscriptions).set({ expiresAt: new Date(NOW.getTime() + 40 * DAY) }).where(eq(subscriptions.id, suspended.id));

    const d = await getUserDashboard(alice.ctx);
    const ids = d.subscriptions.map((s) => s.id);
    expect(ids).not.toContain(ended.id);
    // Alice's active subscription from the admin test expires 30 days after the real clock's now.
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(suspended.id));
    expect(ids.at(-1)).toBe(suspended.id);
    expect(d.liveSubscriptions).toBe(3);
    const mine = d.subscriptions.find((s) => s.id === soon.id)!;
    expect(mine).toMatchObject({ planName: "Dashboard plan", status: "ACTIVE", daysLeft: 3, trafficUsedBytes: 5 * 1024 ** 3, trafficLimitBytes: 10 * 1024 ** 3 });
    expect(d.pendingOrders).toBe(1);

    const theirs = await getUserDashboard(bob.ctx);
    expect(theirs.subscriptions.every((s) => !ids.includes(s.id))).toBe(true);
    expect(theirs.liveSubscriptions).toBe(1);
    expect(theirs.pendingOrders).toBe(1);
  });

  it("refuses an anonymous caller", async () => {
    await expect(getUserDashboard(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

it("localDayStart: the Shanghai midnight before the instant", () => {
  expect(localDayStart(NOW).toISOString()).toBe("2026-03-09T16:00:00.000Z");
  expect(localDayStart(at("2026-03-09T15:59:59Z")).toISOString()).toBe("2026-03-08T16:00:00.000Z");
  expect(localDayStart(NOW, 6).toISOString()).toBe("2026-03-03T16:00:00.000Z");
});
