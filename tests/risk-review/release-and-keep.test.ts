// The final decisions: release lifts the event's restriction, acknowledges its places and brings
// back only what risk control suspended and can still run; keep banned only records the decision.
// Either one ends the event: no further release, keep or send.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { riskGeoMarks, subscriptions } from "../../src/server/db/schema";
import { keepRiskBanned, releaseRiskEvent } from "../../src/server/services/risk/release";
import { generateRiskReport, sendRiskReport } from "../../src/server/services/risk/risk-report";
import { suspendForRisk } from "../../src/server/services/risk/subscription-effects";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";
import { auditsOf, eventRow, geoMark, HOUR, owner, proxySub, riskEvent, riskNotices, subRow, userRow } from "./fixtures";

const t = testDbForFile();
let ctx: Ctx;
let user: Awaited<ReturnType<typeof makeUser>>;
const NOW = new Date();

beforeAll(async () => {
  const admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  ctx = makeCtx(t.db, admin.ctx.actor, { now: () => NOW });
});

/** An aggregate-link event that auto-suspended the owner's subscriptions and whose report was sent. */
async function suspendedAndSent() {
  const u = await owner(t.db);
  const revivable = await proxySub(t.db, u.id, "revivable");
  const adminSuspended = await proxySub(t.db, u.id, "admin-suspended");
  const expired = await proxySub(t.db, u.id, "expired");
  await t.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, adminSuspended.sub.id));
  const event = await riskEvent(t.db, { userId: u.id, level: "SUSPEND", createdAt: new Date(NOW.getTime() - HOUR) });
  await suspendForRisk(t.db, { kind: "user", userId: u.id }, NOW);
  // Ran out while suspended: it must stay down.
  await t.db.update(subscriptions).set({ expiresAt: new Date(NOW.getTime() - 60_000) }).where(eq(subscriptions.id, expired.sub.id));
  await geoMark(t.db, event.scopeKey, "CN");
  await geoMark(t.db, event.scopeKey, "US");
  await geoMark(t.db, event.scopeKey, "CN/Zhejiang", "REGION");
  await geoMark(t.db, `sub:${revivable.sub.id}`, "GB");
  await generateRiskReport(ctx, event.id);
  await sendRiskReport(ctx, event.id);
  return { u, revivable, adminSuspended, expired, event };
}

describe("releaseRiskEvent", () => {
  it("lifts the restriction, revives only risk-suspended unexpired subscriptions, acknowledges the scope's places", async () => {
    const { u, revivable, adminSuspended, expired, event } = await suspendedAndSent();
    expect((await userRow(t.db, u.id)).riskRestrictedAt).not.toBeNull();
    expect((await subRow(t.db, revivable.sub.id))).toMatchObject({ status: "SUSPENDED", riskRestricted: true });
    expect((await subRow(t.db, adminSuspended.sub.id)).riskSuspendedAt).toBeNull();

    const r = await releaseRiskEvent(ctx, event.id);
    expect(r.event).toMatchObject({ finalAction: "RELEASED", finalActionAt: NOW, reviewStatus: "RESOLVED", restrictionActive: false });
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toBeNull();
    expect(await subRow(t.db, revivable.sub.id)).toMatchObject({ status: "ACTIVE", riskRestricted: false, riskSuspendedAt: null });
    expect(await subRow(t.db, adminSuspended.sub.id)).toMatchObject({ status: "SUSPENDED", riskRestricted: false });
    expect(await subRow(t.db, expired.sub.id)).toMatchObject({ status: "SUSPENDED", riskRestricted: false });
    expect(r.restored).toEqual([revivable.sub.id]);
    expect([...r.lifted].sort()).toEqual([revivable.sub.id, adminSuspended.sub.id, expired.sub.id].sort());

    const marks = await t.db.select().from(riskGeoMarks);
    expect(marks.filter((m) => m.scopeKey === event.scopeKey).map((m) => m.acknowledged)).toEqual([true, true, true]);
    expect(marks.find((m) => m.scopeKey === `sub:${revivable.sub.id}`)!.acknowledged).toBe(false);

    const notes = await riskNotices(t.db, u.id);
    expect(notes.map((n) => `${n.type}:${n.level}`).sort()).toEqual(["RISK:ERROR", "RISK:SUCCESS"]);
    const [audit] = await auditsOf(t.db, "risk.release", event.id);
    expect(audit!.metadata).toMatchObject({ userId: u.id, scopeKey: event.scopeKey });
    expect((audit!.metadata as { restored: string[] }).restored).toEqual(r.restored);
  });

  it("leaves the account restricted while another event of the owner still holds a restriction", async () => {
    const { u, revivable, event } = await suspendedAndSent();
    const second = await riskEvent(t.db, { userId: u.id, subscriptionId: revivable.sub.id, reason: "NODE_HIGH_FREQUENCY", createdAt: NOW });
    await generateRiskReport(ctx, second.id);
    await sendRiskReport(ctx, second.id);
    await releaseRiskEvent(ctx, event.id);
    expect((await userRow(t.db, u.id)).riskRestrictedAt).not.toBeNull();
    await releaseRiskEvent(ctx, second.id);
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toBeNull();
  });

  it("a released event refuses release, keep banned and send again", async () => {
    const { u, event } = await suspendedAndSent();
    await releaseRiskEvent(ctx, event.id);
    for (const call of [releaseRiskEvent, keepRiskBanned, sendRiskReport]) expect((await domainErrorOf(() => call(ctx, event.id))).reason).toBe("risk_event_final");
    expect(await auditsOf(t.db, "risk.release", event.id)).toHaveLength(1);
    expect((await riskNotices(t.db, u.id)).filter((n) => n.level === "SUCCESS")).toHaveLength(1);
  });
});

describe("keepRiskBanned", () => {
  it("records the decision and resolves the review; the suspension and restriction stay", async () => {
    const { u, revivable, event } = await suspendedAndSent();
    const kept = await keepRiskBanned(ctx, event.id);
    expect(kept).toMatchObject({ finalAction: "KEPT_BANNED", finalActionAt: NOW, reviewStatus: "RESOLVED", restrictionActive: true });
    expect((await userRow(t.db, u.id)).riskRestrictedAt).not.toBeNull();
    expect(await subRow(t.db, revivable.sub.id)).toMatchObject({ status: "SUSPENDED", riskRestricted: true });
    expect(await auditsOf(t.db, "risk.keep_banned", event.id)).toHaveLength(1);
    for (const call of [releaseRiskEvent, keepRiskBanned, sendRiskReport]) expect((await domainErrorOf(() => call(ctx, event.id))).reason).toBe("risk_event_final");
    expect((await userRow(t.db, u.id)).riskRestrictedAt).not.toBeNull();
    expect((await eventRow(t.db, event.id)).finalAction).toBe("KEPT_BANNED");
  });

  it("a kept-banned event before any report cannot be sent later", async () => {
    const u = await owner(t.db);
    const event = await riskEvent(t.db, { userId: u.id });
    await generateRiskReport(ctx, event.id);
    await keepRiskBanned(ctx, event.id);
    expect((await domainErrorOf(() => sendRiskReport(ctx, event.id))).reason).toBe("risk_event_final");
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toBeNull();
  });
});

describe("who may", () => {
  it("ordinary users and anonymous callers cannot release or keep banned", async () => {
    const { u, event } = await suspendedAndSent();
    for (const c of [user.ctx, anonCtx(t.db)]) {
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain((await domainErrorOf(() => releaseRiskEvent(c, event.id))).code);
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain((await domainErrorOf(() => keepRiskBanned(c, event.id))).code);
    }
    expect((await eventRow(t.db, event.id)).finalAction).toBeNull();
    expect((await userRow(t.db, u.id)).riskRestrictedAt).not.toBeNull();
    expect((await domainErrorOf(() => releaseRiskEvent(ctx, "00000000-0000-4000-8000-000000000000"))).reason).toBe("risk_event_not_found");
  });
});
