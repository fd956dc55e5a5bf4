// Issue 12: "cleanup of 1,000,000 rows in batches while requests keep answering". On PostgreSQL
// (PGlite runs one statement at a time, so "meanwhile" would prove nothing there): a million expired
// access-log rows are removed by cleanupExpiredAdminLogs while another pool (another instance's
// request handling) keeps writing fresh rows into the same table and reading its newest page.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { drizzleFor, type Db } from "../../src/server/db/client";
import { cleanupExpiredAdminLogs, DEFAULT_BATCH_SIZE, purgeExpiredLogs } from "../../src/server/services/logs";
import { makeUser } from "../helpers/actors";
import { testDbForFile, testPool } from "../helpers/db";
import { describeOnPostgres, itOnPostgres } from "../helpers/requirements";
import { countRows, world, type World } from "./seed";

const t = testDbForFile();
const ROWS = 1_000_000;

describeOnPostgres("cleanup of a million rows", () => {
  let pool: ReturnType<typeof testPool>;
  let other: Db;
  let w: World;
  beforeAll(async () => {
    if (t.raw.kind !== "pg") throw new Error("expected PostgreSQL");
    pool = testPool(t.raw.pool.options.connectionString!);
    other = drizzleFor({ kind: "pg", pool });
    w = await world(t.db, (await makeUser(t.db)).id);
  });
  afterAll(async () => {
    await pool?.end();
  });

  itOnPostgres(
    "runs in bounded batches while other connections keep writing and reading the same table",
    async () => {
      await t.db.execute(sql`
        insert into subscription_access_logs (subscription_id, user_id, outcome, ip, created_at)
        select ${w.subId}::uuid, ${w.userId}::uuid, 'OK', '198.51.100.1', now() - interval '400 days' + (g % 86400) * interval '1 second'
        from generate_series(1, ${ROWS}) g`);
      await t.db.execute(sql`analyze subscription_access_logs`);
      const admin = await makeUser(t.db, "ADMIN");

      // "Requests": each writes a fetch's row and reads the newest page, one after another, until
      // the cleanup is over. Their latencies are compared with the cleanup's own duration below.
      let done = false;
      const latencies: number[] = [];
      const requests = (async () => {
        while (!done) {
          const started = performance.now();
          await other.execute(sql`insert into subscription_access_logs (subscription_id, user_id, outcome, ip) values (${w.subId}::uuid, ${w.userId}::uuid, 'OK', '198.51.100.2')`);
          await other.execute(sql`select id from subscription_access_logs order by created_at desc, id desc limit 50`);
          latencies.push(performance.now() - started);
        }
      })();

      const started = performance.now();
      let result: Awaited<ReturnType<typeof cleanupExpiredAdminLogs>>;
      try {
        result = await cleanupExpiredAdminLogs(admin.ctx, { target: "riskAccess", cutoffDays: 30 });
      } finally {
        done = true;
        await requests;
      }
      const cleanupMs = performance.now() - started;

      expect(result.counts).toEqual({ riskAccess: ROWS });
      expect(await countRows(t.db, "subscription_access_logs", sql`ip = '198.51.100.1'`)).toBe(0);
      // Every row the requests wrote meanwhile is still there, and there were many of them.
      expect(await countRows(t.db, "subscription_access_logs", sql`ip = '198.51.100.2'`)).toBe(latencies.length);
      expect(latencies.length).toBeGreaterThanOrEqual(20);
      // No request waited for the cleanup: the slowest one took a small part of the whole run (a
      // cleanup holding the table for its whole length would make one request as long as it).
      expect(Math.max(...latencies)).toBeLessThan(cleanupMs / 5);
      // And nothing is left for a second run.
      expect(await purgeExpiredLogs(t.db, "riskAccess", new Date(Date.now() - 30 * 86_400_000))).toEqual({ deleted: 0, batches: 1, complete: true });
      // The run above was many statements, not one: if the batch size grew to the table size this
      // test would stop proving "in batches", so it says so.
      expect(ROWS / DEFAULT_BATCH_SIZE).toBeGreaterThanOrEqual(100);
    },
    600_000,
  );
});
