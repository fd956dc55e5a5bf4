// POST /api/agent/node-access through its verb: exact counts for mixed batches, the skip rules of
// behaviour §10, both risk checks crossing each threshold, one event per scope/reason/day, and a
// fixed number of statements per batch whatever its size.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { auditLogs, notifications, riskGeoMarks, subscriptionAccessLogs, subscriptionRiskEvents, tasks } from "../../src/server/db/schema";
import { isDomainError } from "../../src/server/errors";
import { MAX_NODE_ACCESS_EVENTS, reportNodeAccess } from "../../src/server/services/risk";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { agentCtx } from "../telemetry/helpers";
import { IP, riskConfig, seedNode, seedSubscription, statusOf, type Seeded } from "./seed";

const t = testDbForFile();
let s: Seeded;
beforeAll(async () => {
  useMemoryLimiter();
  s = await seedNode(t.db);
});
beforeEach(async () => {
  await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, riskAutoSuspend: false, riskWindowHours: 24, riskWarnCountries: 2, riskWarnRegions: 2, riskWarnCities: 4, riskSuspendCountries: 3, riskSuspendRegions: 3, riskSuspendCities: 5, nodeLogWarnConnections: 180, nodeLogWarnTargets: 80, nodeLogSuspendConnections: 360, nodeLogSuspendTargets: 160 });
});

const NOON = new Date("2026-11-20T04:00:00Z"); // 12:00 in Shanghai
const at = (minutes: number) => new Date(NOON.getTime() + minutes * 60_000);
const ev = (email: string | undefined, sourceIp: string, over: Record<string, unknown> = {}) => ({
  clientEmail: email,
  sourceIp,
  inboundTag: "inbound-443",
  network: "tcp",
  targetHost: "example.com",
  targetPort: 443,
  action: "accepted",
  connectionCount: 3,
  uniqueTargetCount: 2,
  firstSeenAt: "2026-11-20T11:59:00+08:00",
  lastSeenAt: "2026-11-20T12:00:00+08:00",
  ...over,
});
const report = (events: unknown[], now = NOON, db: Db = t.db, nodeId = s.node.id) => reportNodeAccess(agentCtx(db, nodeId, now), { events });
const eventsOf = (subscriptionId: string) => t.db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.subscriptionId, subscriptionId));

describe("node-access counts", () => {
  it("processes matched events and skips the rest with exact counts and reasons", async () => {
    const a = await seedSubscription(t.db, s);
    const b = await seedSubscription(t.db, s);
    const elsewhere = await seedNode(t.db);
    const foreign = await seedSubscription(t.db, elsewhere);
    const events = [
      ev(a.email, IP.hangzhou),
      ev(b.email.toUpperCase(), `[${IP.shenzhenV6}]`), // case-insensitive email, bracketed IPv6
      ev(undefined, IP.us), // no email
      ev("", IP.us), // empty email
      ev("   ", IP.us),
      ev("nobody@risk.test", IP.us), // no such client
      ev(foreign.email, IP.us), // another node's client
      { sourceIp: "127.0.0.1", inboundTag: "api", targetHost: "127.0.0.1", targetPort: 62789, action: "accepted" }, // [api -> api], no email
      ev(a.email, "127.0.0.1", { inboundTag: "api" }), // local API traffic even with an email
      null,
      "not an event",
      [1, 2],
      ev(a.email, "not-an-ip"),
      ev(a.email, IP.us, { connectionCount: -1 }),
      ev(a.email, IP.us, { lastSeenAt: "yesterday" }),
    ];
    const res = await report(events);
    expect(res).toEqual({
      ok: true,
      processed: 2,
      skipped: events.length - 2,
      warnings: 0,
      suspended: 0,
      skippedReasons: { no_email: 4, unknown_email: 1, other_node: 1, local_api: 1, invalid: 6 },
    });
    const rows = await t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.nodeId, s.node.id));
    const bySub = new Map(rows.map((r) => [r.subscriptionId, r]));
    expect(bySub.get(a.sub.id)).toMatchObject({ source: "NODE", outcome: "OK", ip: IP.hangzhou, country: "CN", region: "Zhejiang", city: "Hangzhou", userId: a.userId, inboundTag: "inbound-443", network: "tcp", targetHost: "example.com", targetPort: 443, connectionCount: 3, uniqueTargetCount: 2 });
    expect(bySub.get(b.sub.id)).toMatchObject({ ip: IP.shenzhenV6, country: "CN", region: "Guangdong", city: "Shenzhen" });
    expect(bySub.get(a.sub.id)!.createdAt.toISOString()).toBe("2026-11-20T04:00:00.000Z");
  });

  it("refuses a batch over the maximum whole (413) and writes nothing", async () => {
    const a = await seedSubscription(t.db, s);
    const events = Array.from({ length: MAX_NODE_ACCESS_EVENTS + 1 }, () => ev(a.email, IP.hangzhou));
    const err = await report(events).catch((e: unknown) => e);
    expect(isDomainError(err) && err.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, a.sub.id))).toHaveLength(0);
    expect((await report(events.slice(0, MAX_NODE_ACCESS_EVENTS))).processed).toBe(MAX_NODE_ACCESS_EVENTS);
  });

  it("refuses a body without an events array", async () => {
    for (const body of [{}, { events: "x" }, null, []]) {
      const err = await reportNodeAccess(agentCtx(t.db, s.node.id, NOON), body).catch((e: unknown) => e);
      expect(isDomainError(err) && err.code).toBe("VALIDATION");
    }
  });

  it("skips everything and records nothing while either switch is off", async () => {
    const a = await seedSubscription(t.db, s);
    for (const patch of [{ riskEnabled: false }, { nodeLogRiskEnabled: false }]) {
      await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, ...patch });
      const res = await report([ev(a.email, IP.us, { connectionCount: 10_000 }), ev(a.email, IP.gb), ev(a.email, IP.jp)]);
      expect(res).toMatchObject({ processed: 0, skipped: 3, warnings: 0, suspended: 0, skippedReasons: { risk_disabled: 3 } });
    }
    expect(await t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, a.sub.id))).toHaveLength(0);
    expect(await eventsOf(a.sub.id)).toHaveLength(0);
    expect(await t.db.select().from(riskGeoMarks).where(eq(riskGeoMarks.scopeKey, `sub:${a.sub.id}`))).toHaveLength(0);
  });
});

describe("node-log behaviour", () => {
  it("warns at the connection threshold, once per day, and suspends at the higher one when auto-suspend is on", async () => {
    const a = await seedSubscription(t.db, s);
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 179 })])).toMatchObject({ processed: 1, warnings: 0, suspended: 0 });
    expect(await eventsOf(a.sub.id)).toHaveLength(0);
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 180 })], at(1))).toMatchObject({ warnings: 1, suspended: 0 });
    // The same evidence later that day: nothing new, not even with a bigger figure below the suspend line.
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 300 })], at(60))).toMatchObject({ warnings: 0, suspended: 0 });
    // 360 without auto-suspend is still only a warning, and today's event already exists.
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 400 })], at(61))).toMatchObject({ warnings: 0, suspended: 0 });
    let evs = await eventsOf(a.sub.id);
    expect(evs).toMatchObject([{ reason: "NODE_HIGH_FREQUENCY", level: "WARNING", day: "2026-11-20", reviewStatus: "OPEN", evidence: { connectionCount: 180, threshold: 180, source: "NODE" } }]);
    expect(await statusOf(t.db, a.sub.id)).toBe("ACTIVE");

    await riskConfig(t.db, { riskAutoSuspend: true });
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 360 })], at(62))).toMatchObject({ warnings: 0, suspended: 1 });
    evs = await eventsOf(a.sub.id);
    expect(evs).toHaveLength(1); // escalated in place: still one event for the day
    expect(evs[0]).toMatchObject({ reason: "NODE_HIGH_FREQUENCY", level: "SUSPEND", evidence: { connectionCount: 360, threshold: 360 } });
    expect(await statusOf(t.db, a.sub.id)).toBe("SUSPENDED");
    // Panel clients are switched off through the outbox.
    expect((await t.db.select().from(tasks).where(eq(tasks.kind, "panel.client.sync"))).length).toBeGreaterThan(0);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, a.userId));
    expect(notes.map((n) => n.level).sort()).toEqual(["ERROR", "WARNING"]);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, evs[0]!.id));
    expect(audits.map((r) => r.action).sort()).toEqual(["risk.event.escalate", "risk.event.raise"]);

    // The next day is a new day: a new event.
    const nextDay = new Date(NOON.getTime() + 24 * 3_600_000);
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 200, lastSeenAt: undefined })], nextDay)).toMatchObject({ warnings: 1 });
    expect(await eventsOf(a.sub.id)).toHaveLength(2);
  });

  it("scattered targets is its own reason, and both may come from one event", async () => {
    const a = await seedSubscription(t.db, s);
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 200, uniqueTargetCount: 79 })])).toMatchObject({ warnings: 1 });
    expect(await report([ev(a.email, IP.hangzhou, { connectionCount: 10, uniqueTargetCount: 80 })], at(1))).toMatchObject({ warnings: 1 });
    expect((await eventsOf(a.sub.id)).map((e) => e.reason).sort()).toEqual(["NODE_HIGH_FREQUENCY", "SCATTERED_TARGETS"]);
    const b = await seedSubscription(t.db, s);
    expect(await report([ev(b.email, IP.hangzhou, { connectionCount: 500, uniqueTargetCount: 500 })], at(2))).toMatchObject({ warnings: 2, suspended: 0 });
  });
});

describe("geo variance from node connections", () => {
  it("warns at two countries, suspends at three with auto-suspend, and the same places again raise nothing", async () => {
    await riskConfig(t.db, { riskAutoSuspend: true });
    const a = await seedSubscription(t.db, s);
    expect(await report([ev(a.email, IP.hangzhou)])).toMatchObject({ warnings: 0, suspended: 0 });
    expect(await report([ev(a.email, IP.us)], at(10))).toMatchObject({ warnings: 1, suspended: 0 });
    expect(await eventsOf(a.sub.id)).toMatchObject([{ reason: "COUNTRY_CHANGE", level: "WARNING", evidence: { count: 2, threshold: 2 } }]);
    // Back and forth between the same two countries: the same evidence.
    for (let i = 0; i < 3; i++) expect(await report([ev(a.email, IP.hangzhou), ev(a.email, IP.us)], at(11 + i))).toMatchObject({ warnings: 0, suspended: 0 });
    expect(await report([ev(a.email, IP.gb)], at(20))).toMatchObject({ warnings: 0, suspended: 1 });
    const [event] = await eventsOf(a.sub.id);
    expect(event).toMatchObject({ reason: "COUNTRY_CHANGE", level: "SUSPEND", evidence: { count: 3, threshold: 3 } });
    expect((event!.evidence as { places: string[] }).places.sort()).toEqual(["CN", "GB", "US"]);
    expect(await statusOf(t.db, a.sub.id)).toBe("SUSPENDED");
  });

  it("counts regions and cities within the window only", async () => {
    await riskConfig(t.db, { riskWarnCountries: 100, riskSuspendCountries: 100, riskWarnRegions: 3, riskSuspendRegions: 100, riskWarnCities: 100, riskSuspendCities: 100, riskWindowHours: 2 });
    const a = await seedSubscription(t.db, s);
    await report([ev(a.email, IP.hangzhou)], at(0));
    await report([ev(a.email, IP.beijing)], at(1));
    // Three hours later the first two places have left the 2-hour window.
    expect(await report([ev(a.email, IP.nanjing)], at(180))).toMatchObject({ warnings: 0 });
    expect(await report([ev(a.email, IP.guangzhou)], at(181))).toMatchObject({ warnings: 0 });
    expect(await report([ev(a.email, IP.hangzhou)], at(182))).toMatchObject({ warnings: 1 });
    expect(await eventsOf(a.sub.id)).toMatchObject([{ reason: "REGION_CHANGE", level: "WARNING", evidence: { count: 3 } }]);
  });

  it("a city change alone raises CITY_CHANGE; private and unknown addresses never count", async () => {
    await riskConfig(t.db, { riskWarnCountries: 100, riskSuspendCountries: 100, riskWarnRegions: 100, riskSuspendRegions: 100, riskWarnCities: 2, riskSuspendCities: 100 });
    const a = await seedSubscription(t.db, s);
    expect(await report([ev(a.email, "10.1.2.3"), ev(a.email, "192.168.1.9"), ev(a.email, "100.64.0.1"), ev(a.email, "fd00::1"), ev(a.email, IP.changzhou)])).toMatchObject({ processed: 5, warnings: 0 });
    expect(await report([ev(a.email, IP.nanjing)], at(5))).toMatchObject({ warnings: 1 });
    expect(await eventsOf(a.sub.id)).toMatchObject([{ reason: "CITY_CHANGE", evidence: { count: 2 } }]);
    const marks = await t.db.select().from(riskGeoMarks).where(eq(riskGeoMarks.scopeKey, `sub:${a.sub.id}`));
    expect(marks.filter((m) => m.kind === "COUNTRY").map((m) => m.place)).toEqual(["CN"]);
  });

  it("places an admin acknowledged (release) do not raise again the next day; a new place does", async () => {
    const a = await seedSubscription(t.db, s);
    await report([ev(a.email, IP.hangzhou), ev(a.email, IP.us)], at(0));
    expect(await eventsOf(a.sub.id)).toHaveLength(1);
    await t.db.update(riskGeoMarks).set({ acknowledged: true }).where(eq(riskGeoMarks.scopeKey, `sub:${a.sub.id}`));
    const nextDay = (m: number) => new Date(NOON.getTime() + 20 * 3_600_000 + m * 60_000);
    await riskConfig(t.db, {}); // forget the in-process mark memory, as another instance would have none
    expect(await report([ev(a.email, IP.hangzhou, { lastSeenAt: undefined }), ev(a.email, IP.us, { lastSeenAt: undefined })], nextDay(0))).toMatchObject({ warnings: 0 });
    expect(await report([ev(a.email, IP.gb, { lastSeenAt: undefined })], nextDay(1))).toMatchObject({ warnings: 1 });
    expect(await t.db.select().from(subscriptionRiskEvents).where(and(eq(subscriptionRiskEvents.subscriptionId, a.sub.id), eq(subscriptionRiskEvents.day, "2026-11-21")))).toHaveLength(1);
  });
});

describe("cost of a batch", () => {
  /** Counts the statements a verb sends: every query-building entry point of the handle. */
  function counting(db: Db): { db: Db; count: () => number } {
    let n = 0;
    const wrap = (target: object): object =>
      new Proxy(target, {
        get(obj, prop, recv) {
          const v = Reflect.get(obj, prop, recv);
          if (typeof v !== "function") return v;
          if (prop === "execute" || prop === "select" || prop === "insert" || prop === "update" || prop === "delete") {
            return (...args: unknown[]) => {
              n++;
              return (v as (...a: unknown[]) => unknown).apply(obj, args);
            };
          }
          if (prop === "transaction") return (fn: (tx: Db) => unknown) => (v as (f: unknown) => unknown).call(obj, (tx: Db) => fn(wrap(tx) as Db));
          return v.bind(obj);
        },
      });
    return { db: wrap(db) as Db, count: () => n };
  }

  it("is the same number of statements for 10 and for 1,000 events", async () => {
    const subs = await Promise.all(Array.from({ length: 20 }, () => seedSubscription(t.db, s)));
    const batch = (size: number, salt: number) =>
      Array.from({ length: size }, (_, i) => ev(subs[(i + salt) % subs.length]!.email, i % 3 === 0 ? IP.hangzhou : "10.0.0.1", { connectionCount: 1 + (i % 50) }));
    await riskConfig(t.db, {});
    const small = counting(t.db);
    await report(batch(10, 0), at(0), small.db);
    await riskConfig(t.db, {});
    const big = counting(t.db);
    const res = await report(batch(1_000, 7), at(1), big.db);
    expect(res.processed).toBe(1_000);
    expect(big.count()).toBe(small.count());
    // settings read, node touch, client lookup, log insert, mark upsert, count of the scopes with a new place
    expect(big.count()).toBeLessThanOrEqual(6);
  });
});
