// "Once" under concurrency. On PostgreSQL every racer has its own pooled connection (odd ones through
// a second pool, as a second app instance would), so the conditional updates and the owner's row
// lock decide; on PGlite the calls run one after another and prove the outcome only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { type Db } from "../../src/server/db/client";
import { keepRiskBanned, releaseRiskEvent } from "../../src/server/services/risk/release";
import { generateRiskReport, sendRiskReport } from "../../src/server/services/risk/risk-report";
import { suspendForRisk } from "../../src/server/services/risk/subscription-effects";
import { makeUser } from "../helpers/actors";
import { testDbForFile, openSecondInstance } from "../helpers/db";
import { auditsOf, owner, proxySub, riskEvent, riskNotices, subRow, userRow } from "./fixtures";

const t = testDbForFile();
let ctx: Ctx;
let second: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  ctx = (await makeUser(t.db, "ADMIN")).ctx;
  second = openSecondInstance(t);
});
afterAll(() => second?.close());

const on = (i: number) => (i % 2 ? makeCtx(second.db, ctx.actor, { ip: ctx.ip }) : ctx);
const outcomes = (rs: PromiseSettledResult<unknown>[]) => rs.map((r) => (r.status === "fulfilled" ? "ok" : ((r.reason as { reason?: string }).reason ?? String(r.reason))));

async function sentEvent() {
  const u = await owner(t.db);
  const s = await proxySub(t.db, u.id);
  const event = await riskEvent(t.db, { userId: u.id, subscriptionId: s.sub.id });
  await suspendForRisk(t.db, { kind: "sub", subscriptionId: s.sub.id, userId: u.id }, new Date());
  await generateRiskReport(ctx, event.id);
  return { u, s, event };
}

describe("risk review under concurrency", () => {
  it("two releases at once: one releases, restores and audits; the other is risk_event_final", async () => {
    const { u, s, event } = await sentEvent();
    await sendRiskReport(ctx, event.id);
    const rs = await Promise.allSettled([0, 1].map((i) => releaseRiskEvent(on(i), event.id)));
    expect(outcomes(rs).sort()).toEqual(["ok", "risk_event_final"]);
    expect(await auditsOf(t.db, "risk.release", event.id)).toHaveLength(1);
    expect((await riskNotices(t.db, u.id)).filter((n) => n.level === "SUCCESS")).toHaveLength(1);
    expect(await subRow(t.db, s.sub.id)).toMatchObject({ status: "ACTIVE", riskRestricted: false });
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toBeNull();
  });

  it("six sends at once restrict once and notify once", async () => {
    const { u, event } = await sentEvent();
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => sendRiskReport(on(i), event.id)));
    expect(rs.filter((r) => r.sent)).toHaveLength(1);
    expect(await riskNotices(t.db, u.id)).toHaveLength(1);
    expect(await auditsOf(t.db, "risk.report.send", event.id)).toHaveLength(1);
    expect((await userRow(t.db, u.id)).riskRestrictedAt).not.toBeNull();
  });

  it("release racing keep banned: exactly one decision stands", async () => {
    const { event } = await sentEvent();
    await sendRiskReport(ctx, event.id);
    const rs = await Promise.allSettled([releaseRiskEvent(on(0), event.id), keepRiskBanned(on(1), event.id)]);
    expect(outcomes(rs).sort()).toEqual(["ok", "risk_event_final"]);
    const decided = (await auditsOf(t.db, "risk.release", event.id)).length + (await auditsOf(t.db, "risk.keep_banned", event.id)).length;
    expect(decided).toBe(1);
  });

  it("two events of one owner released at once: the account restriction is lifted", async () => {
    const a = await sentEvent();
    const s2 = await proxySub(t.db, a.u.id);
    const b = await riskEvent(t.db, { userId: a.u.id, subscriptionId: s2.sub.id, reason: "CITY_CHANGE" });
    await generateRiskReport(ctx, b.id);
    await sendRiskReport(ctx, a.event.id);
    await sendRiskReport(ctx, b.id);
    await Promise.all([releaseRiskEvent(on(0), a.event.id), releaseRiskEvent(on(1), b.id)]);
    expect((await userRow(t.db, a.u.id)).riskRestrictedAt).toBeNull();
  });
});
