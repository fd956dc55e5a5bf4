// Upgrading to migration 0019 keeps every access-log row (same id, same time) and puts each in the
// partition of its UTC day; the sequence goes on from where it was; the foreign keys are gone.
import { describe, expect, it } from "vitest";
import { testDbForFile } from "../helpers/db";
import { emptyDatabase, migrateUpTo, query } from "../helpers/migrate-up-to";

const t = testDbForFile();
const DAY = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10).replaceAll("-", "");

describe("migration 0019_partitioned_access_log", () => {
  it("moves the existing rows into day partitions and keeps their ids", async () => {
    await emptyDatabase(t.raw);
    await migrateUpTo(t.raw, "0018_wallet_checks");
    const now = Date.now();
    const times = [new Date(now - 12 * DAY), new Date(now - 12 * DAY + 60_000), new Date(now - 2 * DAY), new Date(now)];
    for (const [i, at] of times.entries())
      await query(t.raw, `insert into subscription_access_logs (source, outcome, ip, country, connection_count, created_at) values ('NODE', 'OK', '198.51.100.${i}', 'JP', ${i}, '${at.toISOString()}')`);
    const before = await query(t.raw, `select id::int, ip, created_at, country, connection_count from subscription_access_logs order by id`);

    await migrateUpTo(t.raw, "0019_partitioned_access_log");
    expect(await query(t.raw, `select relkind::text from pg_class where relname = 'subscription_access_logs'`)).toEqual([{ relkind: "p" }]);
    expect(await query(t.raw, `select id::int, ip, created_at, country, connection_count from subscription_access_logs order by id`)).toEqual(before);
    const homes = await query(t.raw, `select tableoid::regclass::text as home from subscription_access_logs order by id`);
    expect(homes.map((h) => h.home)).toEqual(times.map((at) => `subscription_access_logs_p${day(at)}`));
    // Yesterday to a week ahead exist, and so does DEFAULT.
    const parts = (await query(t.raw, `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'subscription_access_logs'::regclass`)).map((r) => r.relname);
    for (let d = -1; d <= 7; d++) expect(parts).toContain(`subscription_access_logs_p${day(new Date(now + d * DAY))}`);
    expect(parts).toContain("subscription_access_logs_default");

    await query(t.raw, `insert into subscription_access_logs (outcome, ip) values ('OK', '198.51.100.9')`);
    expect(await query(t.raw, `select id::int from subscription_access_logs where ip = '198.51.100.9'`)).toEqual([{ id: 5 }]);
    expect(await query(t.raw, `select conname from pg_constraint where contype = 'f' and conrelid = 'subscription_access_logs'::regclass`)).toEqual([]);
    expect(await query(t.raw, `select to_regclass('subscription_access_logs_unpartitioned')::text as t`)).toEqual([{ t: null }]);
  }, 240_000); // every migration from an empty database, twice
});
