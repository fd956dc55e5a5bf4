// Identical node-access batches at the same moment, on separate connections (PostgreSQL: two pools,
// as two app instances would have; PGlite runs them one after another and proves only the counts):
// no error, one event per scope/reason/day, one suspension, one notification per event.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db } from "../../src/server/db/client";
import { auditLogs, notifications, subscriptionRiskEvents } from "../../src/server/db/schema";
import { reportNodeAccess } from "../../src/server/services/risk";
import { testDbForFile, openSecondInstance } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { agentCtx } from "../telemetry/helpers";
import { IP, riskConfig, seedNode, seedSubscription, statusOf, type Seeded } from "./seed";

const t = testDbForFile();
let s: Seeded;
let second: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  useMemoryLimiter();
  s = await seedNode(t.db);
  second = openSecondInstance(t);
});
afterAll(async () => second.close());

const NOW = new Date("2026-11-20T04:00:00Z");
const ev = (email: string, sourceIp: string, connectionCount = 5) => ({ clientEmail: email, sourceIp, inboundTag: "in", network: "tcp", targetHost: "a.example", targetPort: 443, action: "accepted", connectionCount, uniqueTargetCount: 1 });

describe("concurrent identical batches", () => {
  it("create each event once, suspend once and notify once", async () => {
    await riskConfig(t.db, { riskEnabled: true, nodeLogRiskEnabled: true, riskAutoSuspend: true, riskWarnCountries: 2, riskSuspendCountries: 3, nodeLogWarnConnections: 180, nodeLogSuspendConnections: 360 });
    const subs = await Promise.all(Array.from({ length: 8 }, () => seedSubscription(t.db, s)));
    // Each subscription: three countries (geo SUSPEND) and one event over the connection line (SUSPEND).
    const events = subs.flatMap((x) => [ev(x.email, IP.hangzhou), ev(x.email, IP.us), ev(x.email, IP.gb, 400)]);
    const runs = await Promise.all([0, 1, 2, 3].map((i) => reportNodeAccess(agentCtx(i % 2 ? second.db : t.db, s.node.id, NOW), { events })));
    for (const r of runs) expect(r).toMatchObject({ ok: true, processed: events.length, skipped: 0 });
    // Every subscription was suspended by exactly one of the runs.
    expect(runs.reduce((n, r) => n + r.suspended, 0)).toBe(subs.length);
    const ids = subs.map((x) => x.sub.id);
    const rows = await t.db.select().from(subscriptionRiskEvents).where(inArray(subscriptionRiskEvents.subscriptionId, ids));
    expect(rows).toHaveLength(subs.length * 2);
    expect(new Set(rows.map((r) => `${r.subscriptionId}|${r.reason}`)).size).toBe(rows.length);
    expect(rows.every((r) => r.level === "SUSPEND")).toBe(true);
    for (const x of subs) expect(await statusOf(t.db, x.sub.id)).toBe("SUSPENDED");
    const notes = await t.db.select().from(notifications).where(inArray(notifications.userId, subs.map((x) => x.userId)));
    // One notification per event and level actually raised (a geo WARNING may precede its SUSPEND
    // when the runs interleave, but never twice the same).
    expect(new Set(notes.map((n) => n.dedupeKey)).size).toBe(notes.length);
    const audits = await t.db.select().from(auditLogs).where(inArray(auditLogs.targetId, rows.map((r) => r.id)));
    expect(audits.filter((a) => a.action === "risk.event.raise")).toHaveLength(rows.length);
    const [one] = rows;
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, one!.id))).not.toHaveLength(0);
  });
});
