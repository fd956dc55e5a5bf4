// The access log's day partitions (services/logs/access-partitions.ts): made ahead, a row of a day
// without one is kept (DEFAULT) and moved into the day's partition when it is made, and retention
// drops whole expired days, deleting only what is left of the cutoff's day and DEFAULT row by row.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cleanupExpiredAdminLogs, ensureAccessLogPartitions, PARTITION_DAYS_AHEAD, purgeExpiredLogs } from "../../src/server/services/logs";
import { listDayPartitions } from "../../src/server/services/logs/access-partitions";
import { createDayPartition, partitionName, utcDay } from "../../src/server/services/logs/access-partitions";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { countRows, world, type World } from "./seed";

const t = testDbForFile();
const DAY = 86_400_000;
let w: World;
beforeAll(async () => {
  w = await world(t.db, (await makeUser(t.db)).id);
});

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const exists = async (name: string) => Boolean(rowsOf<{ t: string | null }>(await t.db.execute(sql`select to_regclass(${name}) as t`))[0]?.t);
/** Where each row of `ip` is stored, by partition name. */
const homes = async (ip: string) =>
  rowsOf<{ home: string }>(await t.db.execute(sql`select tableoid::regclass::text as home from subscription_access_logs where ip = ${ip} order by created_at`)).map((r) => r.home);
const insertAt = (ip: string, at: Date) =>
  t.db.execute(sql`insert into subscription_access_logs (subscription_id, user_id, outcome, ip, created_at) values (${w.subId}::uuid, ${w.userId}::uuid, 'OK', ${ip}, ${at.toISOString()}::timestamptz)`);

describe("access log partitions", () => {
  it("are made from yesterday to a week ahead, once", async () => {
    const now = new Date();
    await ensureAccessLogPartitions(t.db, now);
    const names = (await listDayPartitions(t.db)).map((p) => p.name);
    for (let d = -1; d <= PARTITION_DAYS_AHEAD; d++) expect(names).toContain(partitionName(utcDay(new Date(now.getTime() + d * DAY))));
    expect(await ensureAccessLogPartitions(t.db, now)).toEqual([]);
    // Today's row lands in today's partition.
    await insertAt("198.51.100.20", now);
    expect(await homes("198.51.100.20")).toEqual([partitionName(utcDay(now))]);
  });

  it("keep a row of a day without a partition in DEFAULT and move it when the day's partition is made", async () => {
    const day = utcDay(new Date(Date.now() - 200 * DAY));
    const far = new Date("2100-01-01T12:00:00Z");
    await insertAt("198.51.100.21", new Date(day.getTime() + 3_600_000));
    await insertAt("198.51.100.21", new Date(day.getTime() + DAY + 3_600_000)); // the next day: stays in DEFAULT
    await insertAt("198.51.100.22", far);
    expect(await homes("198.51.100.21")).toEqual(["subscription_access_logs_default", "subscription_access_logs_default"]);
    const [before] = rowsOf<{ id: string }>(await t.db.execute(sql`select id::text from subscription_access_logs where ip = '198.51.100.21' order by created_at limit 1`));

    expect(await createDayPartition(t.db, day)).toBe(true);
    expect(await createDayPartition(t.db, day)).toBe(false);
    expect(await homes("198.51.100.21")).toEqual([partitionName(day), "subscription_access_logs_default"]);
    const [after] = rowsOf<{ id: string }>(await t.db.execute(sql`select id::text from subscription_access_logs where ip = '198.51.100.21' order by created_at limit 1`));
    expect(after!.id).toBe(before!.id);
    expect(await homes("198.51.100.22")).toEqual(["subscription_access_logs_default"]);
    // A moved day has the log's indexes like any other partition.
    const idx = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pg_indexes where tablename = ${partitionName(day)}`));
    expect(idx[0]!.n).toBe(8);
  });

  it("retention drops whole expired days and deletes only the rest, row by row", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const now = new Date();
    // cleanupExpiredAdminLogs takes its cutoff from the clock a little later (a slow machine: a minute or more): the rows around it keep an hour away.
    const cutoff = new Date(now.getTime() - 30 * DAY);
    const oldDays = [40, 35, 31].map((d) => utcDay(new Date(now.getTime() - d * DAY)));
    await ensureAccessLogPartitions(t.db, now, { fromDay: oldDays[0], toDay: utcDay(now) });
    for (const d of oldDays) for (let i = 0; i < 5; i++) await insertAt("198.51.100.30", new Date(d.getTime() + i * 3_600_000));
    // The cutoff's own day: one row on each side of the cutoff; and an old row in DEFAULT.
    await insertAt("198.51.100.31", new Date(Math.max(utcDay(cutoff).getTime(), cutoff.getTime() - 3_600_000)));
    await insertAt("198.51.100.32", new Date(cutoff.getTime() + 3_600_000));
    await insertAt("198.51.100.33", new Date(now.getTime() - 500 * DAY));
    await insertAt("198.51.100.34", now);

    // Older than the cutoff: the 17 rows above and what the test before left (its 2000s rows).
    const expired = await countRows(t.db, "subscription_access_logs", sql`created_at < ${cutoff.toISOString()}::timestamptz`);
    expect(expired).toBeGreaterThanOrEqual(17);
    const res = await cleanupExpiredAdminLogs(admin.ctx, { target: "riskAccess", cutoffDays: 30 });
    expect(res.counts).toEqual({ riskAccess: expired });
    for (const d of oldDays) expect(await exists(partitionName(d)), partitionName(d)).toBe(false);
    expect(await exists(partitionName(utcDay(cutoff)))).toBe(true);
    expect(await countRows(t.db, "subscription_access_logs", sql`ip in ('198.51.100.30', '198.51.100.31', '198.51.100.33')`)).toBe(0);
    expect(await countRows(t.db, "subscription_access_logs", sql`ip in ('198.51.100.32', '198.51.100.34')`)).toBe(2);
    expect(await purgeExpiredLogs(t.db, "riskAccess", new Date(Date.now() - 30 * DAY))).toEqual({ deleted: 0, batches: 1, complete: true });
  }, 180_000); // 40 partitions made and 3 dropped: DDL is slow on PGlite
});
