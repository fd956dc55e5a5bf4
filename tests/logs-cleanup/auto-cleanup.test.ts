// Automatic cleanup: reads the settings, runs at most once a day (claimed in the database, so two
// instances sharing one PostgreSQL run it once), records the run time, keeps restricted events.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drizzleFor } from "../../src/server/db/client";
import { appConfig, auditLogs } from "../../src/server/db/schema";
import { runAutomaticLogCleanup } from "../../src/server/services/logs";
import { getSettingsWithSecrets } from "../../src/server/services/settings";
import { makeUser } from "../helpers/actors";
import { testDbForFile, testPool } from "../helpers/db";
import { itOnPostgres } from "../helpers/requirements";
import { countRows, daysAgo, exists, seedRow, world, type World } from "./seed";

const t = testDbForFile();
let w: World;

const setSetting = (key: string, value: unknown) =>
  t.db.insert(appConfig).values({ key, value }).onConflictDoUpdate({ target: appConfig.key, set: { value } });

beforeAll(async () => {
  const user = await makeUser(t.db);
  w = await world(t.db, user.id);
});
beforeEach(async () => {
  await t.db.delete(appConfig).where(eq(appConfig.key, "lastLogCleanupAt"));
  await setSetting("logCleanupEnabled", true);
  await setSetting("logRetentionDays", 30);
});

describe("runAutomaticLogCleanup", () => {
  it("does nothing while disabled", async () => {
    await setSetting("logCleanupEnabled", false);
    const id = await seedRow(t.db, w, "nodeLatency", { at: daysAgo(new Date(), 400) });
    expect(await runAutomaticLogCleanup(t.db)).toEqual({ ran: false, why: "disabled" });
    expect(await exists(t.db, "nodeLatency", id)).toBe(true);
    expect((await getSettingsWithSecrets(t.db)).lastLogCleanupAt).toBeNull();
  });

  it("applies the retention setting, keeps restricted events, runs once a day and records when", async () => {
    await setSetting("logRetentionDays", 7);
    const day0 = new Date("2030-03-01T03:00:00.000Z");
    const old = await seedRow(t.db, w, "riskEvent", { at: daysAgo(day0, 10) });
    const restricted = await seedRow(t.db, w, "riskEvent", { at: daysAgo(day0, 300), restrictionActive: true });
    const young = await seedRow(t.db, w, "riskEvent", { at: daysAgo(day0, 3) });

    const first = await runAutomaticLogCleanup(t.db, { now: day0 });
    expect(first).toMatchObject({ ran: true, retentionDays: 7 });
    expect(await exists(t.db, "riskEvent", old)).toBe(false);
    expect(await exists(t.db, "riskEvent", restricted)).toBe(true);
    expect(await exists(t.db, "riskEvent", young)).toBe(true);
    expect((await getSettingsWithSecrets(t.db)).lastLogCleanupAt).toBe(day0.toISOString());
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "logs.cleanup.auto"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: "system", metadata: { retentionDays: 7 } });

    // Later the same day, and just short of a day: not due. A day later: due again.
    const again = await seedRow(t.db, w, "riskEvent", { at: daysAgo(day0, 20) });
    expect(await runAutomaticLogCleanup(t.db, { now: new Date(day0.getTime() + 3_600_000) })).toEqual({ ran: false, why: "not_due" });
    expect(await runAutomaticLogCleanup(t.db, { now: new Date(day0.getTime() + 86_400_000 - 1000) })).toEqual({ ran: false, why: "not_due" });
    expect(await exists(t.db, "riskEvent", again)).toBe(true);
    const day1 = new Date(day0.getTime() + 86_400_000);
    expect(await runAutomaticLogCleanup(t.db, { now: day1 })).toMatchObject({ ran: true });
    expect(await exists(t.db, "riskEvent", again)).toBe(false);
    expect(await exists(t.db, "riskEvent", restricted)).toBe(true);
    expect((await getSettingsWithSecrets(t.db)).lastLogCleanupAt).toBe(day1.toISOString());
  });

  it("runs once when many ticks race on one database", async () => {
    const now = new Date("2031-01-01T00:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 8 }, () => runAutomaticLogCleanup(t.db, { now })));
    expect(results.filter((r) => r.ran)).toHaveLength(1);
  });

  itOnPostgres("runs once when two instances (two pools) share one PostgreSQL", async () => {
    if (t.raw.kind !== "pg") throw new Error("expected PostgreSQL");
    const second = testPool(t.raw.pool.options.connectionString!);
    try {
      const instanceB = drizzleFor({ kind: "pg", pool: second });
      for (let i = 0; i < 50; i++) await seedRow(t.db, w, "nodeLatency", { at: daysAgo(new Date(), 100) });
      const auditsBefore = await countRows(t.db, "audit_logs", sql`action = 'logs.cleanup.auto'`);
      const now = new Date();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => runAutomaticLogCleanup(i % 2 ? instanceB : t.db, { now, batchSize: 7 })));
      const ran = results.filter((r) => r.ran);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ counts: { nodeLatency: 50 } });
      expect(await countRows(t.db, "node_latency_logs", sql`created_at < now() - interval '30 days'`)).toBe(0);
      expect(await countRows(t.db, "audit_logs", sql`action = 'logs.cleanup.auto'`)).toBe(auditsBefore + 1);
    } finally {
      await second.end();
    }
  }, 60_000);
});
