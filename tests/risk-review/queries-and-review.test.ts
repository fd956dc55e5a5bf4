// The admin's reads of risk events (list filters, search, pages; one event with its evidence over
// the window around it) and the review status and note, and who may do any of it.
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { SubscriptionRiskEvent } from "../../src/server/db/schema";
import { getRiskEvent, listRiskEvents } from "../../src/server/services/risk/admin-queries";
import { updateRiskReview } from "../../src/server/services/risk/review";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";
import { access, auditsOf, device, eventRow, HOUR, owner, proxySub, riskEvent } from "./fixtures";

const t = testDbForFile();
const NOW = new Date("2025-03-10T12:00:00Z");
let ctx: Ctx;
let user: Awaited<ReturnType<typeof makeUser>>;
let w: {
  alice: Awaited<ReturnType<typeof owner>>;
  bob: Awaited<ReturnType<typeof owner>>;
  aliceSub: Awaited<ReturnType<typeof proxySub>>;
  e1: SubscriptionRiskEvent;
  e2: SubscriptionRiskEvent;
  e3: SubscriptionRiskEvent;
};

beforeAll(async () => {
  const db = t.db;
  const admin = await makeUser(db, "ADMIN");
  user = await makeUser(db);
  ctx = makeCtx(db, admin.ctx.actor, { now: () => NOW });
  await updateSettings(ctx, { riskWindowHours: 6 });
  const alice = await owner(db);
  const bob = await owner(db);
  const aliceSub = await proxySub(db, alice.id, "Basic Alice");
  const at = (h: number) => new Date(NOW.getTime() - h * HOUR);
  // e1: Alice's subscription, SUSPEND, 2 hours ago (window 6 h: from 8 h ago to now).
  const e1 = await riskEvent(db, { userId: alice.id, subscriptionId: aliceSub.sub.id, reason: "COUNTRY_CHANGE", level: "SUSPEND", day: "2025-03-10", createdAt: at(2) });
  // e2: Alice's aggregate link, WARNING, the day before, restricted.
  const e2 = await riskEvent(db, { userId: alice.id, reason: "CITY_CHANGE", level: "WARNING", day: "2025-03-09", createdAt: at(30), restrictionActive: true, reportSentAt: at(29) });
  // e3: Bob, node behaviour, two days before.
  const e3 = await riskEvent(db, { userId: bob.id, reason: "NODE_HIGH_FREQUENCY", level: "WARNING", day: "2025-03-08", createdAt: at(50) });
  const sid = aliceSub.sub.id;
  const hz: [string, string, string] = ["CN", "Zhejiang", "Hangzhou"];
  const us: [string, string, string] = ["US", "California", "Mountain View"];
  const gb: [string, string, string] = ["GB", "England", "London"];
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(5), ip: "223.5.5.5", place: hz });
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(4.5), ip: "223.5.5.5", place: hz });
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(3), ip: "8.8.8.8", place: us });
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(2), ip: "81.2.69.160", place: gb, outcome: "suspended" });
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(1), ip: "10.0.0.9" }); // private: no place
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(3), ip: "8.8.4.4", place: us, source: "NODE", nodeId: aliceSub.node.id, connectionCount: 200, uniqueTargetCount: 40 });
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(2.5), ip: "8.8.4.4", place: us, source: "NODE", nodeId: aliceSub.node.id, connectionCount: 150, uniqueTargetCount: 90 });
  // Outside the window (9 h before the event's window end... 11 h ago) and another scope: not evidence.
  await access(db, { subscriptionId: sid, userId: alice.id, at: at(11), ip: "1.1.1.1", place: ["AU", "Queensland", "Brisbane"] });
  const other = await proxySub(db, bob.id);
  await access(db, { subscriptionId: other.sub.id, userId: bob.id, at: at(2), ip: "9.9.9.9", place: ["DE", "Hesse", "Frankfurt"] });
  await device(db, aliceSub.sub, "Pixel 8");
  await device(db, other.sub, "iPhone 15");
  w = { alice, bob, aliceSub, e1, e2, e3 };
});

const ids = (r: { rows: { id: string }[] }) => r.rows.map((x) => x.id);

describe("listRiskEvents", () => {
  it("lists newest first with the owner's email and, for a subscription scope, the plan", async () => {
    const r = await listRiskEvents(ctx, {});
    expect(ids(r)).toEqual([w.e1.id, w.e2.id, w.e3.id]);
    expect(r).toMatchObject({ older: null, newer: null });
    expect(r.rows[0]).toMatchObject({ email: w.alice.email, planName: "Basic Alice", level: "SUSPEND", reviewStatus: "OPEN", restrictionActive: false });
    expect(r.rows[1]).toMatchObject({ email: w.alice.email, planName: null, subscriptionId: null });
  });

  it("filters by status, level, reason, final action, restriction, day range and email", async () => {
    expect(ids(await listRiskEvents(ctx, { level: "WARNING" }))).toEqual([w.e2.id, w.e3.id]);
    expect(ids(await listRiskEvents(ctx, { reason: "NODE_HIGH_FREQUENCY" }))).toEqual([w.e3.id]);
    expect(ids(await listRiskEvents(ctx, { restrictionActive: "true" }))).toEqual([w.e2.id]);
    expect(ids(await listRiskEvents(ctx, { restrictionActive: false }))).toEqual([w.e1.id, w.e3.id]);
    expect(ids(await listRiskEvents(ctx, { from: "2025-03-09" }))).toEqual([w.e1.id, w.e2.id]);
    expect(ids(await listRiskEvents(ctx, { from: "2025-03-08", to: "2025-03-09" }))).toEqual([w.e2.id, w.e3.id]);
    expect(ids(await listRiskEvents(ctx, { q: w.bob.email.toUpperCase() }))).toEqual([w.e3.id]);
    expect(ids(await listRiskEvents(ctx, { q: "%" }))).toEqual([]);
    expect(ids(await listRiskEvents(ctx, { finalAction: "NONE" }))).toHaveLength(3);
    expect(ids(await listRiskEvents(ctx, { finalAction: "RELEASED" }))).toEqual([]);
    expect(ids(await listRiskEvents(ctx, { status: "RESOLVED" }))).toEqual([]);
  });

  it("pages by keyset on (created_at, id), like the logs", async () => {
    const p1 = await listRiskEvents(ctx, { pageSize: 2 });
    expect(ids(p1)).toEqual([w.e1.id, w.e2.id]);
    expect(p1.newer).toBeNull();
    const p2 = await listRiskEvents(ctx, { cursor: p1.older!, pageSize: 2 });
    expect(ids(p2)).toEqual([w.e3.id]);
    expect(p2.older).toBeNull();
    expect(ids(await listRiskEvents(ctx, { cursor: p2.newer!, direction: "newer", pageSize: 2 }))).toEqual([w.e1.id, w.e2.id]);
    expect((await domainErrorOf(() => listRiskEvents(ctx, { cursor: "2" }))).code).toBe("VALIDATION");
  });

  it("refuses bad filters as validation errors", async () => {
    expect((await domainErrorOf(() => listRiskEvents(ctx, { level: "PANIC" }))).code).toBe("VALIDATION");
    expect((await domainErrorOf(() => listRiskEvents(ctx, { from: "yesterday" }))).code).toBe("VALIDATION");
  });
});

describe("getRiskEvent", () => {
  it("gathers the scope's places, addresses, hourly timeline and node figures inside the window only", async () => {
    const d = await getRiskEvent(ctx, w.e1.id);
    expect(d.owner.email).toBe(w.alice.email);
    expect(d.subscription).toMatchObject({ id: w.aliceSub.sub.id, planName: "Basic Alice" });
    const ev = d.evidence;
    expect(ev.windowHours).toBe(6);
    expect(ev.from.toISOString()).toBe(new Date(NOW.getTime() - 8 * HOUR).toISOString());
    expect(ev.to.toISOString()).toBe(NOW.toISOString()); // event + 6 h is in the future: cut at now
    expect(ev.totals).toEqual({ accesses: 7, api: 5, node: 2, refused: 1, distinctIps: 5, distinctPlaces: 3 });
    expect(ev.places.map((p) => [p.country, p.count])).toEqual([
      ["US", 3],
      ["CN", 2],
      ["GB", 1],
    ]);
    const cn = ev.places.find((p) => p.country === "CN")!;
    expect(cn.firstSeenAt.toISOString()).toBe(new Date(NOW.getTime() - 5 * HOUR).toISOString());
    expect(cn.lastSeenAt.toISOString()).toBe(new Date(NOW.getTime() - 4.5 * HOUR).toISOString());
    expect(ev.ips.map((r) => `${r.ip}:${r.source}:${r.count}`).sort()).toEqual(["10.0.0.9:API:1", "223.5.5.5:API:2", "8.8.4.4:NODE:2", "8.8.8.8:API:1", "81.2.69.160:API:1"]);
    expect(ev.ips.some((r) => r.ip === "1.1.1.1" || r.ip === "9.9.9.9")).toBe(false);
    // Hourly buckets over the window, zeros included; the counts add up to the totals.
    expect(ev.timeline.hours).toHaveLength(9);
    expect(ev.timeline.api.reduce((a, b) => a + b, 0)).toBe(5);
    expect(ev.timeline.node.reduce((a, b) => a + b, 0)).toBe(2);
    // 09:00-10:00 UTC holds one fetch and both node reports (09:00 and 09:30).
    const nine = ev.timeline.hours.indexOf(new Date(NOW.getTime() - 3 * HOUR).toISOString());
    expect(ev.timeline.api[nine]).toBe(1);
    expect(ev.timeline.node[nine]).toBe(2);
    expect(ev.nodeStats).toEqual([{ nodeId: w.aliceSub.node.id, nodeName: w.aliceSub.node.name, events: 2, connections: 350, maxUniqueTargets: 90 }]);
    expect(d.devices.map((x) => x.deviceModel)).toEqual(["Pixel 8"]);
    expect(d.otherEvents.map((x) => x.id)).toEqual([w.e2.id]);
  });

  it("for the aggregate link, reads everything of the user and lists their proxy subscriptions", async () => {
    const d = await getRiskEvent(ctx, w.e2.id);
    expect(d.subscription).toBeNull();
    expect(d.subscriptions.map((s) => s.id)).toEqual([w.aliceSub.sub.id]);
    expect(d.owner.restricted).toBe(false);
    // The window is 6 h either side of an event 30 h ago: Alice's accesses are all later.
    expect(d.evidence.totals.accesses).toBe(0);
    expect(d.evidence.ips).toEqual([]);
  });

  it("answers risk_event_not_found for unknown and malformed ids", async () => {
    expect((await domainErrorOf(() => getRiskEvent(ctx, "00000000-0000-4000-8000-000000000000"))).reason).toBe("risk_event_not_found");
    expect((await domainErrorOf(() => getRiskEvent(ctx, "nope"))).reason).toBe("risk_event_not_found");
  });
});

describe("updateRiskReview", () => {
  it("sets status and note once; the same values again change and audit nothing", async () => {
    const a = await updateRiskReview(ctx, { id: w.e3.id, status: "ACKNOWLEDGED", note: "  looks like travel  " });
    expect(a.changed).toBe(true);
    expect(await eventRow(t.db, w.e3.id)).toMatchObject({ reviewStatus: "ACKNOWLEDGED", reviewNote: "looks like travel" });
    const again = await updateRiskReview(ctx, { id: w.e3.id, status: "ACKNOWLEDGED", note: "looks like travel" });
    expect(again.changed).toBe(false);
    expect(await auditsOf(t.db, "risk.review", w.e3.id)).toHaveLength(1);
    await updateRiskReview(ctx, { id: w.e3.id, status: "RESOLVED", note: "looks like travel" });
    const audits = await auditsOf(t.db, "risk.review", w.e3.id);
    expect(audits).toHaveLength(2);
    expect(audits.map((x) => x.metadata)).toContainEqual({ userId: w.bob.id, status: "RESOLVED", note: "looks like travel" });
    expect(ids(await listRiskEvents(ctx, { status: "RESOLVED" }))).toEqual([w.e3.id]);
  });

  it("refuses an unknown status, an over-long note and an unknown event", async () => {
    expect((await domainErrorOf(() => updateRiskReview(ctx, { id: w.e1.id, status: "DONE" }))).code).toBe("VALIDATION");
    expect((await domainErrorOf(() => updateRiskReview(ctx, { id: w.e1.id, status: "OPEN", note: "x".repeat(2001) }))).code).toBe("VALIDATION");
    expect((await domainErrorOf(() => updateRiskReview(ctx, { id: "00000000-0000-4000-8000-000000000000", status: "OPEN" }))).reason).toBe("risk_event_not_found");
  });
});

describe("who may", () => {
  it("ordinary users and anonymous callers are refused every read and the review", async () => {
    const calls: ((c: Ctx) => Promise<unknown>)[] = [
      (c) => listRiskEvents(c, {}),
      (c) => getRiskEvent(c, w.e1.id),
      (c) => updateRiskReview(c, { id: w.e1.id, status: "RESOLVED", note: "mine" }),
    ];
    for (const call of calls) {
      expect((await domainErrorOf(() => call(user.ctx))).code).toBe("FORBIDDEN");
      expect((await domainErrorOf(() => call(anonCtx(t.db)))).code).toBe("UNAUTHENTICATED");
    }
    expect((await eventRow(t.db, w.e1.id)).reviewStatus).toBe("OPEN");
  });
});
