// Geo variance on subscription fetches (behaviour §7-§8): a scripted sequence of fetches from several
// places raises exactly the expected events; the aggregate link is its own scope; a fetch that gets
// its subscription suspended is refused; switched off, nothing happens.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { subscriptionAccessLogs, subscriptionRiskEvents } from "../../src/server/db/schema";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { myAggregateToken } from "../../src/server/services/subscriptions";
import { asCtx } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { IP, riskConfig, seedNode, seedSubscription, statusOf, type Seeded } from "./seed";

const t = testDbForFile();
let s: Seeded;
beforeAll(async () => {
  useMemoryLimiter();
  s = await seedNode(t.db);
});
beforeEach(async () => {
  await riskConfig(t.db, { riskEnabled: true, riskAutoSuspend: false, riskWindowHours: 24, riskWarnCountries: 2, riskSuspendCountries: 3, riskWarnRegions: 2, riskSuspendRegions: 3, riskWarnCities: 4, riskSuspendCities: 5, subscriptionIpRateLimitPerHour: 100_000, subscriptionRateLimitPerHour: 100_000 });
});

const NOON = new Date("2026-11-20T04:00:00Z");
const at = (m: number) => new Date(NOON.getTime() + m * 60_000);
const fetchAs = (id: string, token: string, ip: string, when: Date) => serveContent(t.db, { id, token, format: null, userAgent: "v2rayN/7.0", ip, locale: "en" }, when);
const reasonOf = (body: string) => (JSON.parse(body) as { error: { details: { reason: string } } }).error.details.reason;

describe("geo risk on fetches", () => {
  it("warns at two countries; the same places again raise nothing; logs the places", async () => {
    const a = await seedSubscription(t.db, s);
    expect((await fetchAs(a.sub.id, a.token, IP.hangzhou, at(0))).status).toBe(200);
    expect((await fetchAs(a.sub.id, a.token, IP.us, at(1))).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fetchAs(a.sub.id, a.token, i % 2 ? IP.us : IP.hangzhou, at(2 + i))).status).toBe(200);
    const events = await t.db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.subscriptionId, a.sub.id));
    expect(events).toMatchObject([{ reason: "COUNTRY_CHANGE", level: "WARNING", scopeKey: `sub:${a.sub.id}`, evidence: { count: 2, source: "API" } }]);
    await flushAccessLogs();
    const logs = await t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, a.sub.id));
    expect(logs).toHaveLength(6);
    expect(logs.find((l) => l.ip === IP.hangzhou)).toMatchObject({ source: "API", country: "CN", region: "Zhejiang", city: "Hangzhou" });
  });

  it("suspends at three countries with auto-suspend and refuses the fetch that crossed the line", async () => {
    await riskConfig(t.db, { riskAutoSuspend: true });
    const a = await seedSubscription(t.db, s);
    expect((await fetchAs(a.sub.id, a.token, IP.hangzhou, at(0))).status).toBe(200);
    expect((await fetchAs(a.sub.id, a.token, IP.us, at(1))).status).toBe(200);
    const third = await fetchAs(a.sub.id, a.token, IP.gb, at(2));
    expect(third.status).toBe(403);
    expect(reasonOf(third.body)).toBe("subscription_suspended");
    expect(await statusOf(t.db, a.sub.id)).toBe("SUSPENDED");
    const again = await fetchAs(a.sub.id, a.token, IP.hangzhou, at(3));
    expect(again.status).toBe(403);
    expect(await t.db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.subscriptionId, a.sub.id))).toMatchObject([{ level: "SUSPEND", evidence: { count: 3 } }]);
  });

  it("the aggregate link is the user's scope and suspends every active proxy subscription of the user", async () => {
    await riskConfig(t.db, { riskAutoSuspend: true });
    const a = await seedSubscription(t.db, s);
    const b = await seedSubscription(t.db, s, { userId: a.userId });
    const owner = asCtx(t.db, { kind: "user", userId: a.userId, role: "USER" });
    const { token } = await myAggregateToken(owner);
    for (const [i, ip] of [IP.hangzhou, IP.us].entries()) expect((await fetchAs("all", token, ip, at(i))).status).toBe(200);
    // One subscription's own link from a third country: its own scope has seen one place only.
    expect((await fetchAs(a.sub.id, a.token, IP.gb, at(3))).status).toBe(200);
    expect((await fetchAs("all", token, IP.de, at(4))).status).toBe(403);
    const events = await t.db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.userId, a.userId));
    expect(events).toMatchObject([{ scopeKey: `user:${a.userId}`, subscriptionId: null, reason: "COUNTRY_CHANGE", level: "SUSPEND" }]);
    expect([await statusOf(t.db, a.sub.id), await statusOf(t.db, b.sub.id)]).toEqual(["SUSPENDED", "SUSPENDED"]);
  });

  it("does nothing while the master switch is off, and private addresses never count", async () => {
    const a = await seedSubscription(t.db, s);
    await riskConfig(t.db, { riskEnabled: false, riskAutoSuspend: true });
    for (const [i, ip] of [IP.hangzhou, IP.us, IP.gb, IP.de].entries()) expect((await fetchAs(a.sub.id, a.token, ip, at(i))).status).toBe(200);
    await riskConfig(t.db, { riskEnabled: true, riskAutoSuspend: true });
    for (const [i, ip] of ["10.0.0.1", "192.168.0.1", "127.0.0.1", "::1"].entries()) expect((await fetchAs(a.sub.id, a.token, ip, at(10 + i))).status).toBe(200);
    expect(await t.db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.subscriptionId, a.sub.id))).toHaveLength(0);
  });
});
