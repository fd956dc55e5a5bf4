// cleanupExpiredAdminLogs: old rows of each kind go, recent rows and protected rows stay, large
// tables are cleared in several bounded statements, one audit row records the counts.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/server/db/schema";
import { cleanupExpiredAdminLogs, LOG_TARGETS, purgeExpiredLogs, type LogTarget } from "../../src/server/services/logs";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { countRows, daysAgo, exists, seedRow, world, type World } from "./seed";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
let w: World;
const now = new Date();

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  w = await world(t.db, user.id);
});

describe("cleanupExpiredAdminLogs", () => {
  it("removes rows older than the cutoff for every kind and keeps newer and protected ones", async () => {
    const seeded = {} as Record<LogTarget, { old: string; fresh: string }>;
    for (const target of LOG_TARGETS) seeded[target] = { old: await seedRow(t.db, w, target, { at: daysAgo(now, 40) }), fresh: await seedRow(t.db, w, target, { at: daysAgo(now, 10) }) };
    const restricted = await seedRow(t.db, w, "riskEvent", { at: daysAgo(now, 400), restrictionActive: true });
    const pending = await seedRow(t.db, w, "task", { at: daysAgo(now, 400), taskStatus: "PENDING" });
    const running = await seedRow(t.db, w, "task", { at: daysAgo(now, 400), taskStatus: "RUNNING" });

    const res = await cleanupExpiredAdminLogs(admin.ctx, { target: "all", cutoffDays: 30 });
    for (const target of LOG_TARGETS) {
      expect(await exists(t.db, target, seeded[target].old), `${target} old`).toBe(false);
      expect(await exists(t.db, target, seeded[target].fresh), `${target} fresh`).toBe(true);
      expect(res.counts[target], target).toBeGreaterThanOrEqual(1);
    }
    expect(await exists(t.db, "riskEvent", restricted)).toBe(true);
    expect(await exists(t.db, "task", pending)).toBe(true);
    expect(await exists(t.db, "task", running)).toBe(true);

    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "logs.cleanup"));
    expect(audit).toMatchObject({ actorKind: "admin", actorId: admin.id, targetId: "all", metadata: { cutoffDays: 30, counts: res.counts } });
  });

  it("touches only the kind it is given", async () => {
    const latency = await seedRow(t.db, w, "nodeLatency", { at: daysAgo(now, 50) });
    const access = await seedRow(t.db, w, "riskAccess", { at: daysAgo(now, 50) });
    const res = await cleanupExpiredAdminLogs(admin.ctx, { target: "nodeLatency", cutoffDays: 45 });
    expect(res.counts).toEqual({ nodeLatency: 1 });
    expect(await exists(t.db, "nodeLatency", latency)).toBe(false);
    expect(await exists(t.db, "riskAccess", access)).toBe(true);
  });

  it("clears 20,000 old rows in several bounded statements and keeps the new ones", async () => {
    await t.db.execute(sql`
      insert into subscription_access_logs (subscription_id, user_id, outcome, ip, created_at)
      select ${w.subId}::uuid, ${w.userId}::uuid, 'OK', '198.51.100.1', now() - interval '90 days' - g * interval '1 second'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`
      insert into subscription_access_logs (subscription_id, user_id, outcome, ip, created_at)
      select ${w.subId}::uuid, ${w.userId}::uuid, 'OK', '198.51.100.2', now() - g * interval '1 minute'
      from generate_series(1, 30) g`);
    const old = sql`created_at < now() - interval '60 days'`;
    expect(await countRows(t.db, "subscription_access_logs", old)).toBe(20_000);

    // Stop after two statements: exactly two batches' worth is gone, so each statement was bounded.
    const partial = await purgeExpiredLogs(t.db, "riskAccess", daysAgo(now, 60), { batchSize: 3_000, maxBatches: 2 });
    expect(partial).toEqual({ deleted: 6_000, batches: 2, complete: false });
    expect(await countRows(t.db, "subscription_access_logs", old)).toBe(14_000);

    const res = await cleanupExpiredAdminLogs(admin.ctx, { target: "riskAccess", cutoffDays: 60 }, { batchSize: 3_000 });
    expect(res.counts).toEqual({ riskAccess: 14_000 });
    expect(await countRows(t.db, "subscription_access_logs", old)).toBe(0);
    expect(await countRows(t.db, "subscription_access_logs", sql`ip = '198.51.100.2'`)).toBe(30);
  }, 120_000);

  it("validates the input and refuses non-admins", async () => {
    const id = await seedRow(t.db, w, "audit", { at: daysAgo(now, 100) });
    await expect(cleanupExpiredAdminLogs(user.ctx, { target: "all", cutoffDays: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(cleanupExpiredAdminLogs(anonCtx(t.db), { target: "all", cutoffDays: 1 })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(cleanupExpiredAdminLogs(admin.ctx, { target: "all", cutoffDays: 0 })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(cleanupExpiredAdminLogs(admin.ctx, { target: "orders", cutoffDays: 30 })).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await exists(t.db, "audit", id)).toBe(true);
  });
});
