// Plan traffic resets: period math in Shanghai time (Jan 31 -> Feb 28/29), once per period even with
// two instances, usage to zero with a log row, clients re-enabled (and the panel's counters reset).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans, subscriptions, trafficResetLogs, type TrafficResetStrategy } from "../../src/server/db/schema";
import { currentPeriodStart, dueResetPeriod, resetDueTraffic, syncNodeTraffic } from "../../src/server/services/subscription-lifecycle";
import { drainTasks, openShop } from "../commerce/fixtures";
import { clientRows, GIB, subRow, subscribe } from "./fixtures";
import { secondInstanceForFile } from "../helpers/race";

const shop = openShop();
const other = secondInstanceForFile(shop);
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("reset periods (Asia/Shanghai, UTC+8)", () => {
  it("NEVER has no period", () => {
    expect(currentPeriodStart("NEVER", at("2024-01-31T02:00:00Z"), at("2024-05-01T00:00:00Z"))).toBeNull();
  });

  it("MONTHLY_FIRST starts at midnight Shanghai time on the 1st", () => {
    const starts = at("2024-01-15T04:00:00Z");
    // 2025-02-01 00:30 in Shanghai is still January 31 in UTC.
    expect(iso(currentPeriodStart("MONTHLY_FIRST", starts, at("2025-01-31T16:30:00Z")))).toBe("2025-01-31T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_FIRST", starts, at("2025-01-31T15:59:59Z")))).toBe("2024-12-31T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_FIRST", starts, at("2025-01-01T00:00:00Z")))).toBe("2024-12-31T16:00:00.000Z");
  });

  it("MONTHLY_PURCHASE_DAY clamps the 31st to the month's last day (Feb 29 in a leap year, Feb 28 otherwise)", () => {
    const starts = at("2024-01-31T02:00:00Z"); // Jan 31, 10:00 Shanghai
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2024-02-10T00:00:00Z")))).toBe("2024-01-30T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2024-02-29T00:00:00Z")))).toBe("2024-02-28T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2025-02-28T00:00:00Z")))).toBe("2025-02-27T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2025-03-15T00:00:00Z")))).toBe("2025-02-27T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2025-03-31T00:00:00Z")))).toBe("2025-03-30T16:00:00.000Z");
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2025-05-01T00:00:00Z")))).toBe("2025-04-29T16:00:00.000Z");
  });

  it("the purchase day is the Shanghai day (01:00 on the 31st there is still the 30th in UTC)", () => {
    const starts = at("2025-01-30T17:00:00Z");
    expect(iso(currentPeriodStart("MONTHLY_PURCHASE_DAY", starts, at("2025-04-15T00:00:00Z")))).toBe("2025-03-30T16:00:00.000Z");
  });

  it("is due once per boundary after the start, and once after a long outage", () => {
    const sub = { startsAt: at("2024-01-31T02:00:00Z"), lastTrafficResetAt: null };
    expect(dueResetPeriod("MONTHLY_PURCHASE_DAY", sub, at("2024-02-10T00:00:00Z"))).toBeNull();
    const feb = dueResetPeriod("MONTHLY_PURCHASE_DAY", sub, at("2024-02-29T00:00:00Z"));
    expect(iso(feb)).toBe("2024-02-28T16:00:00.000Z");
    expect(dueResetPeriod("MONTHLY_PURCHASE_DAY", { ...sub, lastTrafficResetAt: feb }, at("2024-03-20T00:00:00Z"))).toBeNull();
    expect(iso(dueResetPeriod("MONTHLY_PURCHASE_DAY", { ...sub, lastTrafficResetAt: feb }, at("2024-07-20T00:00:00Z")))).toBe("2024-06-29T16:00:00.000Z");
  });
});

async function resettable(strategy: TrafficResetStrategy, startsAt: Date, over: { trafficGb?: number } = {}) {
  const s = await subscribe(shop, { trafficGb: over.trafficGb ?? 10 });
  await shop.db.update(plans).set({ trafficResetStrategy: strategy }).where(eq(plans.id, s.planId));
  await shop.db.update(subscriptions).set({ startsAt, expiresAt: at("2030-01-01T00:00:00Z") }).where(eq(subscriptions.id, s.sub.id));
  return s;
}

const logsOf = (id: string) => shop.db.select().from(trafficResetLogs).where(eq(trafficResetLogs.subscriptionId, id));

describe("traffic reset job", () => {
  it("MONTHLY_PURCHASE_DAY: Jan 31 resets on Feb 29 and Mar 31, once each, even with two instances", async () => {
    const { sub, clients } = await resettable("MONTHLY_PURCHASE_DAY", at("2024-01-31T02:00:00Z"));
    shop.sim.addTraffic(clients[0]!.email, 300, 700);
    await syncNodeTraffic(shop.db, shop.nodeId);
    expect((await subRow(shop.db, sub.id)).trafficUsedBytes).toBe(1000);

    await resetDueTraffic(shop.db, at("2024-02-20T00:00:00Z"));
    expect(await logsOf(sub.id)).toHaveLength(0);

    const feb29 = at("2024-02-29T01:00:00Z");
    await Promise.all([resetDueTraffic(shop.db, feb29), resetDueTraffic(other.db, feb29), resetDueTraffic(other.db, feb29)]);
    const logs = await logsOf(sub.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ strategy: "MONTHLY_PURCHASE_DAY", usedBytes: 1000, upBytes: 300, downBytes: 700 });
    expect(iso(logs[0]!.periodStart)).toBe("2024-02-28T16:00:00.000Z");
    expect(await subRow(shop.db, sub.id)).toMatchObject({ trafficUsedBytes: 0, trafficUpBytes: 0, trafficDownBytes: 0 });
    expect(iso((await subRow(shop.db, sub.id)).lastTrafficResetAt)).toBe("2024-02-28T16:00:00.000Z");

    await resetDueTraffic(shop.db, at("2024-03-30T00:00:00Z"));
    expect(await logsOf(sub.id)).toHaveLength(1);
    await resetDueTraffic(shop.db, at("2024-03-30T17:00:00Z")); // Mar 31, 01:00 Shanghai
    expect((await logsOf(sub.id)).map((l) => iso(l.periodStart)).sort()).toEqual(["2024-02-28T16:00:00.000Z", "2024-03-30T16:00:00.000Z"]);
  });

  it("MONTHLY_FIRST re-enables an exhausted subscription, on the panel too, and the next sync counts from zero", async () => {
    const { sub, clients } = await resettable("MONTHLY_FIRST", at("2024-01-15T04:00:00Z"), { trafficGb: 1 });
    const email = clients[0]!.email;
    shop.sim.addTraffic(email, GIB, 0);
    await syncNodeTraffic(shop.db, shop.nodeId, at("2024-01-20T00:00:00Z"));
    await drainTasks(shop.db);
    expect(shop.sim.state.findClientByEmail(email)!.client.enable).toBe(false);
    expect(shop.sim.state.trafficRow(email)!.enable).toBe(false);

    await resetDueTraffic(shop.db, at("2024-02-01T00:00:00Z")); // Feb 1, 08:00 Shanghai
    expect(await logsOf(sub.id)).toHaveLength(1);
    expect((await clientRows(shop.db, sub.id)).every((c) => c.enable)).toBe(true);
    await drainTasks(shop.db);
    expect(shop.sim.state.findClientByEmail(email)!.client.enable).toBe(true);
    expect(shop.sim.state.trafficRow(email)).toMatchObject({ up: 0, down: 0, enable: true });

    shop.sim.addTraffic(email, 5, 6);
    await syncNodeTraffic(shop.db, shop.nodeId, at("2024-02-01T00:01:00Z"));
    expect((await subRow(shop.db, sub.id)).trafficUsedBytes).toBe(11);
  });

  it("a suspended subscription is reset but stays off; NEVER plans and expired subscriptions are not reset", async () => {
    const suspended = await resettable("MONTHLY_FIRST", at("2024-01-15T04:00:00Z"));
    await shop.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, suspended.sub.id));
    const never = await resettable("NEVER", at("2024-01-15T04:00:00Z"));
    const expired = await resettable("MONTHLY_FIRST", at("2024-01-15T04:00:00Z"));
    await shop.db.update(subscriptions).set({ status: "EXPIRED" }).where(eq(subscriptions.id, expired.sub.id));

    await resetDueTraffic(shop.db, at("2024-02-01T00:00:00Z"));
    expect(await logsOf(suspended.sub.id)).toHaveLength(1);
    expect((await clientRows(shop.db, suspended.sub.id)).every((c) => !c.enable)).toBe(true);
    expect(await logsOf(never.sub.id)).toHaveLength(0);
    expect(await logsOf(expired.sub.id)).toHaveLength(0);
  });
});
