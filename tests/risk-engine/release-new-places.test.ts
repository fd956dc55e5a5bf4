// After an admin decides a geo event, the same Beijing day (README "Risk control" / "Events"): the
// places seen so far were judged and raise nothing again, however often they come back; a place new
// since the decision raises a new event (issue 21 item 12: the decided event used to swallow it for
// the rest of the day). Node-log events are unchanged: a decision covers that reason for the day.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { type Db } from "../../src/server/db/client";
import { notifications, subscriptionRiskEvents } from "../../src/server/db/schema";
import { reportNodeAccess } from "../../src/server/services/risk";
import { keepRiskBanned, releaseRiskEvent } from "../../src/server/services/risk/release";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { makeUser } from "../helpers/actors";
import { testDbForFile, openSecondInstance } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { agentCtx } from "../telemetry/helpers";
import { IP, riskConfig, seedNode, seedSubscription, statusOf, type Seeded } from "./seed";

const t = testDbForFile();
let s: Seeded;
let adminActor: Awaited<ReturnType<typeof makeUser>>["ctx"]["actor"];
let second: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  useMemoryLimiter();
  s = await seedNode(t.db);
  adminActor = (await makeUser(t.db, "ADMIN")).ctx.actor;
  second = openSecondInstance(t);
});
afterAll(async () => second.close());
beforeEach(async () => {
  await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, riskAutoSuspend: false, riskWindowHours: 24, riskWarnCountries: 2, riskWarnRegions: 100, riskWarnCities: 100, riskSuspendCountries: 3, riskSuspendRegions: 100, riskSuspendCities: 100, nodeLogWarnConnections: 180, nodeLogWarnTargets: 80, nodeLogSuspendConnections: 360, nodeLogSuspendTargets: 160, subscriptionIpRateLimitPerHour: 100_000, subscriptionRateLimitPerHour: 100_000 });
});

/** Countries the pinned GeoLite2 files know, beyond those of seed.ts. */
const MORE = { br: "200.160.2.3", fr: "80.67.169.12", ch: "130.59.31.248" } as const;
const NOON = new Date("2026-11-20T04:00:00Z"); // 12:00 in Beijing; every call below is the same Beijing day
const at = (m: number) => new Date(NOON.getTime() + m * 60_000);
const ev = (email: string, sourceIp: string, connectionCount = 3) => ({ clientEmail: email, sourceIp, inboundTag: "in", network: "tcp", targetHost: "a.example", targetPort: 443, action: "accepted", connectionCount, uniqueTargetCount: 1 });
const report = (ips: string[], when: Date, email: string, db: Db = t.db) => reportNodeAccess(agentCtx(db, s.node.id, when), { events: ips.map((ip) => ev(email, ip)) });
const eventsOf = async (subscriptionId: string) => (await t.db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.subscriptionId, subscriptionId))).sort((a, b) => +a.createdAt - +b.createdAt);
const release = (id: string, when: Date) => releaseRiskEvent(makeCtx(t.db, adminActor, { now: () => when }), id);
/** Another instance (or this one five minutes on) has no memory of the marks it wrote. */
const forget = () => riskConfig(t.db, {});
const placesOf = (e: { evidence: unknown }) => [...(e.evidence as { places: string[] }).places].sort();

describe("a released COUNTRY_CHANGE event, the same Beijing day", () => {
  it("new countries raise a new event; the countries already seen raise nothing, however often", async () => {
    const a = await seedSubscription(t.db, s);
    expect(await report([IP.hangzhou, IP.us, IP.gb], at(0), a.email)).toMatchObject({ warnings: 1 });
    const [first] = await eventsOf(a.sub.id);
    expect(first).toMatchObject({ reason: "COUNTRY_CHANGE", level: "WARNING", day: "2026-11-20" });
    await release(first!.id, at(5));

    // The judged places, again and again, from fresh instances: the same evidence.
    for (let i = 0; i < 3; i++) {
      await forget();
      expect(await report([IP.hangzhou, IP.us, IP.gb], at(10 + i), a.email)).toMatchObject({ warnings: 0, suspended: 0 });
    }
    expect(await eventsOf(a.sub.id)).toHaveLength(1);

    // A fourth country: a new event of the same reason and day, naming the new place.
    expect(await report([IP.de], at(20), a.email)).toMatchObject({ warnings: 1 });
    const afterFourth = await eventsOf(a.sub.id);
    expect(afterFourth).toHaveLength(2);
    expect(afterFourth[1]).toMatchObject({ reason: "COUNTRY_CHANGE", level: "WARNING", day: "2026-11-20", finalAction: null, reviewStatus: "OPEN", evidence: { count: 4 } });
    expect(placesOf(afterFourth[1]!)).toEqual(["CN", "DE", "GB", "US"]);

    // A fifth and a sixth while that event waits for review: the open event is the day's event.
    expect(await report([IP.jp], at(21), a.email)).toMatchObject({ warnings: 0 });
    expect(await report([MORE.br], at(22), a.email)).toMatchObject({ warnings: 0 });
    expect(await eventsOf(a.sub.id)).toHaveLength(2);

    // Released too: the six countries are judged; a seventh is new again.
    await release(afterFourth[1]!.id, at(30));
    await forget();
    expect(await report([IP.hangzhou, IP.us, IP.gb, IP.de, IP.jp, MORE.br], at(31), a.email)).toMatchObject({ warnings: 0 });
    expect(await report([MORE.fr], at(32), a.email)).toMatchObject({ warnings: 1 });
    const all = await eventsOf(a.sub.id);
    expect(all.map((e) => e.finalAction)).toEqual(["RELEASED", "RELEASED", null]);
    expect(all.every((e) => e.reason === "COUNTRY_CHANGE" && e.day === "2026-11-20")).toBe(true);
    // One warning to the user per event, and one note per release.
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, a.userId));
    expect(notes.filter((n) => n.level === "WARNING")).toHaveLength(3);
    expect(notes.filter((n) => n.level === "SUCCESS")).toHaveLength(2);
  });

  it("on fetches with auto-suspend: the judged countries are served, a new one suspends again", async () => {
    await riskConfig(t.db, { riskAutoSuspend: true });
    const a = await seedSubscription(t.db, s);
    const fetchFrom = (ip: string, when: Date) => serveContent(t.db, { id: a.sub.id, token: a.token, format: null, userAgent: "v2rayN/7.0", ip, locale: "en" }, when);
    expect((await fetchFrom(IP.hangzhou, at(0))).status).toBe(200);
    expect((await fetchFrom(IP.us, at(1))).status).toBe(200);
    expect((await fetchFrom(IP.gb, at(2))).status).toBe(403);
    const [first] = await eventsOf(a.sub.id);
    expect(first).toMatchObject({ reason: "COUNTRY_CHANGE", level: "SUSPEND" });
    expect((await release(first!.id, at(5))).restored).toEqual([a.sub.id]);

    await forget();
    for (const [i, ip] of [IP.hangzhou, IP.us, IP.gb, IP.us].entries()) expect((await fetchFrom(ip, at(10 + i))).status).toBe(200);
    expect(await eventsOf(a.sub.id)).toHaveLength(1);
    expect(await statusOf(t.db, a.sub.id)).toBe("ACTIVE");

    expect((await fetchFrom(IP.de, at(20))).status).toBe(403);
    const events = await eventsOf(a.sub.id);
    expect(events.map((e) => [e.level, e.finalAction])).toEqual([["SUSPEND", "RELEASED"], ["SUSPEND", null]]);
    expect(events[1]!.evidence).toMatchObject({ count: 4, source: "API" });
    expect(await statusOf(t.db, a.sub.id)).toBe("SUSPENDED");
    await flushAccessLogs(); // written in the background: before this file's database closes
  });

  it("a kept-banned event does not swallow a new place either (an admin may have resumed the subscription)", async () => {
    const a = await seedSubscription(t.db, s);
    await report([IP.hangzhou, IP.us], at(0), a.email);
    const [first] = await eventsOf(a.sub.id);
    await keepRiskBanned(makeCtx(t.db, adminActor, { now: () => at(1) }), first!.id);
    await forget();
    expect(await report([IP.hangzhou, IP.us], at(2), a.email)).toMatchObject({ warnings: 0 });
    expect(await report([IP.gb], at(3), a.email)).toMatchObject({ warnings: 1 });
    expect((await eventsOf(a.sub.id)).map((e) => e.finalAction)).toEqual(["KEPT_BANNED", null]);
  });
});

describe("the other reasons after a release, the same Beijing day", () => {
  it("REGION_CHANGE: a new region raises a new event, the judged regions nothing", async () => {
    await riskConfig(t.db, { riskWarnCountries: 100, riskSuspendCountries: 100, riskWarnRegions: 2 });
    const a = await seedSubscription(t.db, s);
    expect(await report([IP.hangzhou, IP.beijing], at(0), a.email)).toMatchObject({ warnings: 1 });
    const [first] = await eventsOf(a.sub.id);
    expect(first).toMatchObject({ reason: "REGION_CHANGE" });
    await release(first!.id, at(1));
    await forget();
    expect(await report([IP.hangzhou, IP.beijing], at(2), a.email)).toMatchObject({ warnings: 0 });
    expect(await report([IP.nanjing], at(3), a.email)).toMatchObject({ warnings: 1 });
    const events = await eventsOf(a.sub.id);
    expect(events.map((e) => [e.reason, e.finalAction])).toEqual([["REGION_CHANGE", "RELEASED"], ["REGION_CHANGE", null]]);
    expect(placesOf(events[1]!)).toEqual(["CN/Beijing", "CN/Jiangsu", "CN/Zhejiang"]);
  });

  it("node-log reasons: a release covers the client's behaviour for the rest of the day, the next day raises again", async () => {
    const a = await seedSubscription(t.db, s);
    const busy = (when: Date, n = 200) => reportNodeAccess(agentCtx(t.db, s.node.id, when), { events: [ev(a.email, IP.hangzhou, n)] });
    expect(await busy(at(0))).toMatchObject({ warnings: 1 });
    const [first] = await eventsOf(a.sub.id);
    expect(first).toMatchObject({ reason: "NODE_HIGH_FREQUENCY" });
    await release(first!.id, at(1));
    for (let i = 0; i < 3; i++) expect(await busy(at(2 + i), 200 + 50 * i)).toMatchObject({ warnings: 0 });
    expect(await eventsOf(a.sub.id)).toHaveLength(1);
    expect(await busy(new Date(NOON.getTime() + 13 * 3_600_000))).toMatchObject({ warnings: 1 });
    expect((await eventsOf(a.sub.id)).map((e) => e.day)).toEqual(["2026-11-20", "2026-11-21"]);
  });
});

describe("concurrent batches after a release", () => {
  // On PostgreSQL the batches run at once on two pools (two app instances); PGlite runs them one
  // after another and proves only the counts.
  it("create the new event once, with one warning", async () => {
    const subs = await Promise.all(Array.from({ length: 6 }, () => seedSubscription(t.db, s)));
    for (const x of subs) await report([IP.hangzhou, IP.us], at(0), x.email);
    for (const x of subs) await release((await eventsOf(x.sub.id))[0]!.id, at(1));
    await forget();
    const events = subs.flatMap((x) => [ev(x.email, IP.hangzhou), ev(x.email, IP.us), ev(x.email, MORE.ch)]);
    const runs = await Promise.all([0, 1, 2, 3].map((i) => reportNodeAccess(agentCtx(i % 2 ? second.db : t.db, s.node.id, at(2)), { events })));
    expect(runs.reduce((n, r) => n + r.warnings, 0)).toBe(subs.length);
    for (const x of subs) {
      const open = await t.db.select().from(subscriptionRiskEvents).where(and(eq(subscriptionRiskEvents.subscriptionId, x.sub.id), eq(subscriptionRiskEvents.day, "2026-11-20")));
      expect(open.map((e) => e.finalAction).sort()).toEqual(["RELEASED", null]);
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, x.userId));
      expect(notes.filter((n) => n.level === "WARNING")).toHaveLength(2);
    }
  });
});
