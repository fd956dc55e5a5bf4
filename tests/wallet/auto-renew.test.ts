// Auto-renew from the balance (issue 23 item 4): the switch, the reminder a day before the renewal
// moment (once per period), the renewal at the moment (once per period: the user's renewal order,
// paid from the balance and settled, so provisioning extends the subscription on the panel), the
// short-balance and refusal notices that leave nothing behind, two instances at once, and the base
// edition (404, and the job does nothing). Time is driven through the job's `now`.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { autoRenewRuns, nodeClients, notifications, orders, plans, subscriptions, users, walletTransactions } from "../../src/server/db/schema";
import { makeCtx } from "../../src/server/context";
import { autoRenewOverview, balanceOf, moveBalance, runAutoRenew, setAutoRenew } from "../../src/server/services/wallet";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { captureOutput } from "../helpers/capture-logs";
import { overrideEnv } from "../helpers/env";
import { secondInstanceForFile } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";
import { domainErrorOf } from "../panel/helpers";
import { gift, subOf } from "../subscriptions/helpers";

const shop = openShop();
const second = secondInstanceForFile(shop);
walletEditionForFile(() => {
  try {
    return shop.db;
  } catch {
    return undefined;
  }
});

const DAY = 86_400_000;
const DAYS_BEFORE = 3; // the setting's default
const PRICE = 500;

async function credit(userId: string, amountMinor: number) {
  await shop.db.transaction((tx) => moveBalance(tx, { userId, kind: "ADMIN_CREDIT", amountMinor, now: new Date() }));
}

/** A renewable 30-day proxy subscription with clients on the simulated panel, auto-renew on, and a balance. */
async function renewable(balanceMinor: number, planOver: Record<string, unknown> = {}) {
  const plan = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: PRICE, durationDays: 30, ...planOver });
  const u = await buyer(shop);
  await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
  const subId = await gift(shop, u.email, plan.id);
  await drainTasks(shop.db);
  if (balanceMinor > 0) await credit(u.id, balanceMinor);
  expect(await setAutoRenew(u.ctx, subId, true)).toEqual({ subscriptionId: subId, autoRenew: true });
  const sub = (await subOf(shop.db, subId))!;
  const moment = new Date(sub.expiresAt.getTime() - DAYS_BEFORE * DAY);
  return { u, plan, subId, sub, moment };
}

const runsOf = (subId: string) => shop.db.select().from(autoRenewRuns).where(eq(autoRenewRuns.subscriptionId, subId));
const noticesOf = (userId: string) => shop.db.select().from(notifications).where(eq(notifications.userId, userId));
// The gift that made the subscription is a free order of its own: only renewals count here.
const ordersOf = (userId: string) => shop.db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.kind, "RENEWAL")));
const autoDebits = (userId: string) => shop.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.kind, "AUTO_RENEW")));
const at = (d: Date, ms: number) => new Date(d.getTime() + ms);

describe("auto-renew from the balance", () => {
  it("reminds once a day before the moment, renews once at the moment, debits once and extends the subscription on the panel", async () => {
    const { u, subId, sub, moment } = await renewable(1_200);

    // Too early for anything.
    await runAutoRenew(shop.db, at(moment, -2 * DAY));
    expect(await runsOf(subId)).toEqual([]);
    expect(await noticesOf(u.id)).toEqual([]);

    // The day before: one reminder, however often the job runs.
    await runAutoRenew(shop.db, at(moment, -12 * 3_600_000));
    await runAutoRenew(shop.db, at(moment, -11 * 3_600_000));
    await runAutoRenew(second.db, at(moment, -10 * 3_600_000));
    const reminders = await noticesOf(u.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ type: "SUBSCRIPTION", level: "INFO", link: "/wallet" });
    expect(reminders[0]!.title).toContain("renews from your balance");
    expect(reminders[0]!.body).toContain("¥5.00");
    expect(reminders[0]!.body).toContain("Your balance covers it.");
    expect(await runsOf(subId)).toMatchObject([{ periodEnd: sub.expiresAt, outcome: null }]);
    expect((await runsOf(subId))[0]!.remindedAt).not.toBeNull();

    // The moment: renewed once, however often the job runs.
    const when = at(moment, 60_000);
    await runAutoRenew(shop.db, when);
    await runAutoRenew(shop.db, at(when, 60_000));
    await runAutoRenew(second.db, at(when, 3_600_000));
    const renewed = (await subOf(shop.db, subId))!;
    expect(renewed.status).toBe("ACTIVE");
    expect(renewed.expiresAt.getTime()).toBe(sub.expiresAt.getTime() + 30 * DAY);
    const mine = await ordersOf(u.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "RENEWAL", status: "PAID", paidVia: "BALANCE", provider: "balance", totalMinor: PRICE, balancePaidMinor: PRICE });
    expect(await balanceOf(shop.db, u.id)).toBe(1_200 - PRICE);
    const debits = await autoDebits(u.id);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amountMinor: -PRICE, balanceAfterMinor: 700, referenceType: "order", referenceId: mine[0]!.id, idempotencyKey: `auto-renew:${subId}:${sub.expiresAt.toISOString()}` });
    const runs = await runsOf(subId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: "RENEWED", orderId: mine[0]!.id });
    const notices = await noticesOf(u.id);
    expect(notices.filter((n) => n.title.includes("renewed from your balance"))).toHaveLength(1);

    // Provisioning was real: the panel clients carry the new expiry once the outbox ran.
    await drainTasks(shop.db);
    const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, subId));
    expect(clients.length).toBeGreaterThan(0);
    for (const c of clients) expect(shop.sim.state.findClientByEmail(c.email)?.client).toMatchObject({ expiryTime: renewed.expiresAt.getTime(), enable: true });

    // The next period is a new one: its reminder and renewal come a period later, with the same balance rules.
    const nextMoment = at(renewed.expiresAt, -DAYS_BEFORE * DAY);
    await runAutoRenew(shop.db, at(nextMoment, -DAY - 60_000));
    expect(await runsOf(subId)).toHaveLength(1);
    await runAutoRenew(shop.db, at(nextMoment, 60_000));
    expect((await subOf(shop.db, subId))!.expiresAt.getTime()).toBe(renewed.expiresAt.getTime() + 30 * DAY);
    expect(await balanceOf(shop.db, u.id)).toBe(1_200 - 2 * PRICE);
    expect(await autoDebits(u.id)).toHaveLength(2);
  });

  it("a short balance: the reminder warns, the moment notifies how much is missing, leaves no order and moves no money; switching on again retries the period", async () => {
    const { u, subId, sub, moment } = await renewable(100);
    await runAutoRenew(shop.db, at(moment, -3_600_000));
    const [reminder] = await noticesOf(u.id);
    expect(reminder).toMatchObject({ level: "WARNING", link: "/wallet" });
    expect(reminder!.body).toContain("¥4.00 short");

    await runAutoRenew(shop.db, at(moment, 60_000));
    await runAutoRenew(second.db, at(moment, 120_000));
    expect(await runsOf(subId)).toMatchObject([{ outcome: "SHORT", orderId: null, detail: "insufficient_balance" }]);
    expect(await ordersOf(u.id)).toEqual([]);
    expect(await balanceOf(shop.db, u.id)).toBe(100);
    expect(await autoDebits(u.id)).toEqual([]);
    expect((await subOf(shop.db, subId))!.expiresAt.getTime()).toBe(sub.expiresAt.getTime());
    const short = (await noticesOf(u.id)).filter((n) => n.title.includes("balance too low"));
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ level: "WARNING", link: "/wallet" });
    expect(short[0]!.body).toContain("¥4.00 short");

    // Recharged, switched off and on: the period is tried once more, and renews.
    await credit(u.id, 400);
    await setAutoRenew(u.ctx, subId, false);
    await setAutoRenew(u.ctx, subId, true);
    await runAutoRenew(shop.db, at(moment, 180_000));
    expect(await runsOf(subId)).toMatchObject([{ outcome: "RENEWED" }]);
    expect(await balanceOf(shop.db, u.id)).toBe(0);
    expect(await autoDebits(u.id)).toHaveLength(1);
  });

  it("a plan that stopped selling renewals: FAILED with the reason, notified, nothing taken", async () => {
    const { u, subId, plan, moment } = await renewable(1_000);
    await shop.db.update(plans).set({ renewalMode: "NONE" }).where(eq(plans.id, plan.id));
    await runAutoRenew(shop.db, at(moment, 60_000));
    expect(await runsOf(subId)).toMatchObject([{ outcome: "FAILED", detail: "auto_renew_unavailable" }]);
    expect(await ordersOf(u.id)).toEqual([]);
    expect(await balanceOf(shop.db, u.id)).toBe(1_000);
    const failed = (await noticesOf(u.id)).filter((n) => n.title.includes("could not be renewed"));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.body).toContain("Nothing was taken from your balance");
  });

  it("switching off before the moment stops the renewal", async () => {
    const { u, subId, sub, moment } = await renewable(1_000);
    await runAutoRenew(shop.db, at(moment, -3_600_000));
    expect(await noticesOf(u.id)).toHaveLength(1);
    expect(await setAutoRenew(u.ctx, subId, false)).toEqual({ subscriptionId: subId, autoRenew: false });
    await runAutoRenew(shop.db, at(moment, 60_000));
    expect((await runsOf(subId))[0]!.outcome).toBeNull();
    expect(await ordersOf(u.id)).toEqual([]);
    expect(await balanceOf(shop.db, u.id)).toBe(1_000);
    expect((await subOf(shop.db, subId))!.expiresAt.getTime()).toBe(sub.expiresAt.getTime());
  });

  it("the switch: only one's own subscription, only a renewable plan; the overview lists prices and moments", async () => {
    const { u, subId, moment } = await renewable(0);
    const stranger = await buyer(shop);
    expect((await domainErrorOf(() => setAutoRenew(stranger.ctx, subId, true))).reason).toBe("subscription_not_found");
    const fixedOnly = await proxyPlan(shop, {});
    const other = await gift(shop, u.email, fixedOnly.id);
    expect((await domainErrorOf(() => setAutoRenew(u.ctx, other, true))).reason).toBe("auto_renew_unavailable");
    expect(await setAutoRenew(u.ctx, other, false)).toEqual({ subscriptionId: other, autoRenew: false });
    expect((await domainErrorOf(() => setAutoRenew(makeCtx(shop.db, { kind: "anonymous" }), subId, true))).code).toBe("UNAUTHENTICATED");

    const overview = await autoRenewOverview(u.ctx);
    expect(overview.daysBefore).toBe(DAYS_BEFORE);
    const byId = new Map(overview.subscriptions.map((s) => [s.id, s]));
    expect(byId.get(subId)).toMatchObject({ autoRenew: true, renewable: true, renewPriceMinor: PRICE, currency: "CNY", renewsAt: moment.toISOString() });
    expect(byId.get(other)).toMatchObject({ autoRenew: false, renewable: false, renewPriceMinor: 0, renewsAt: null });
    expect(overview.subscriptions.every((s) => typeof s.expiresAt === "string" && typeof s.planName === "string")).toBe(true);
  });

  it("two instances running the job at once remind once and renew once (20 subscriptions)", async () => {
    const subs = [];
    for (let i = 0; i < 20; i++) subs.push(await renewable(1_000));
    const latest = subs.reduce((m, s) => Math.max(m, s.moment.getTime()), 0);
    const earliest = subs.reduce((m, s) => Math.min(m, s.moment.getTime()), Infinity);
    // Reminder time for all of them, both instances at once, a few rounds.
    for (let round = 0; round < 3; round++) await Promise.all([runAutoRenew(shop.db, new Date(earliest - 3_600_000)), runAutoRenew(second.db, new Date(earliest - 3_600_000))]);
    for (const s of subs) expect(await noticesOf(s.u.id)).toHaveLength(1);
    // The moment for all of them, both instances at once, a few rounds.
    // Each racer either renews a subscription or finds it done: no error (a deadlock, a duplicate key) is logged.
    const { result: results, output } = await captureOutput(async () => {
      const all = [];
      for (let round = 0; round < 3; round++) all.push(...(await Promise.all([runAutoRenew(shop.db, new Date(latest + 60_000)), runAutoRenew(second.db, new Date(latest + 60_000))])));
      return all;
    });
    expect(output).not.toContain("auto-renew failed");
    expect(results.slice(0, 2).reduce((n, r) => n + r.renewed, 0)).toBe(20);
    expect(results.slice(2).reduce((n, r) => n + r.renewed, 0)).toBe(0);
    for (const s of subs) {
      expect(await ordersOf(s.u.id)).toMatchObject([{ status: "PAID", paidVia: "BALANCE" }]);
      expect(await autoDebits(s.u.id)).toHaveLength(1);
      expect(await balanceOf(shop.db, s.u.id)).toBe(1_000 - PRICE);
      expect((await subOf(shop.db, s.subId))!.expiresAt.getTime()).toBe(s.sub.expiresAt.getTime() + 30 * DAY);
      expect(await runsOf(s.subId)).toMatchObject([{ outcome: "RENEWED" }]);
    }
  });

  it("the base edition: the switch is 404 and the job does nothing", async () => {
    const { u, subId, sub, moment } = await renewable(1_000);
    const restore = overrideEnv({ EDITION: "base" });
    try {
      const err = await domainErrorOf(() => setAutoRenew(u.ctx, subId, false));
      expect([err.code, err.reason]).toEqual(["NOT_FOUND", "wallet_disabled"]);
      expect((await domainErrorOf(() => autoRenewOverview(u.ctx))).reason).toBe("wallet_disabled");
      expect(await runAutoRenew(shop.db, at(moment, -3_600_000))).toEqual({ reminded: 0, renewed: 0, short: 0, failed: 0 });
      expect(await runAutoRenew(shop.db, at(moment, 60_000))).toEqual({ reminded: 0, renewed: 0, short: 0, failed: 0 });
    } finally {
      restore();
    }
    expect(await runsOf(subId)).toEqual([]);
    expect(await noticesOf(u.id)).toEqual([]);
    expect(await ordersOf(u.id)).toEqual([]);
    expect((await subOf(shop.db, subId))!.expiresAt.getTime()).toBe(sub.expiresAt.getTime());
    expect((await shop.db.select({ autoRenew: subscriptions.autoRenew }).from(subscriptions).where(eq(subscriptions.id, subId)))[0]!.autoRenew).toBe(true);
  });
});
