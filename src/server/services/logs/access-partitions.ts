// The access log's day partitions (migration 0019). subscription_access_logs is partitioned by range
// of created_at, one partition per UTC day named subscription_access_logs_pYYYYMMDD, plus a DEFAULT
// partition.
// - Created ahead: every instance runs ensureAccessLogPartitions hourly (yesterday to a week ahead),
//   so the day's partition exists long before its first row. Creating one twice is harmless (the
//   loser of a race finds it made).
// - The DEFAULT partition is there so an insert never fails, whatever happened to the job (jobs
//   disabled, a clock far off, a database restored from long ago): a row no day covers lands there.
//   Creating on demand instead would put DDL and its locks on the insert path. When a day's partition
//   is made later, that day's rows move out of DEFAULT in the same transaction, so DEFAULT stays
//   small (PostgreSQL scans it whenever a partition is attached).
// - Retention drops whole days (dropExpiredAccessLogPartitions); what is older than the cutoff but
//   not in a whole expired day (the cutoff's own day, DEFAULT) goes by the batched delete (purge.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pgErrorCode } from "../../db/pg-errors";

export const ACCESS_LOG_TABLE = "subscription_access_logs";
export const ACCESS_LOG_DEFAULT_PARTITION = `${ACCESS_LOG_TABLE}_default`;
/** Days created ahead of today: a week of the job not running costs nothing but DEFAULT rows. */
export const PARTITION_DAYS_AHEAD = 7;
const DAY = 86_400_000;
const NAME = /^subscription_access_logs_p(\d{4})(\d{2})(\d{2})$/;

export interface DayPartition { name: string; from: Date; to: Date }

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The UTC midnight starting `at`'s day. */
export function utcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY) * DAY);
}

export function partitionName(day: Date): string {
  return `${ACCESS_LOG_TABLE}_p${day.toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/** The day partitions that exist, oldest first (DEFAULT is not one of them). */
export async function listDayPartitions(db: Db): Promise<DayPartition[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${ACCESS_LOG_TABLE}::regclass`),
  );
  const out: DayPartition[] = [];
  for (const { name } of rows) {
    const m = NAME.exec(name);
    if (!m) continue;
    const from = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
    out.push({ name, from, to: new Date(from.getTime() + DAY) });
  }
  return out.sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Makes the partition of the UTC day starting at `day` unless it exists, moving that day's rows out
 * of DEFAULT. CREATE TABLE ... PARTITION OF would lock the whole log (ACCESS EXCLUSIVE); a table
 * made alone and then attached needs only SHARE UPDATE EXCLUSIVE on it, so inserts of other days go
 * on. DEFAULT itself is locked first, so no row of the day can land there between the move and the
 * attach (which would fail on it). True when this call made it.
 */
export async function createDayPartition(db: Db, day: Date): Promise<boolean> {
  const name = partitionName(day);
  const from = day.toISOString();
  const to = new Date(day.getTime() + DAY).toISOString();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '10s'`);
      await tx.execute(sql.raw(`lock table ${ACCESS_LOG_TABLE} in share update exclusive mode`));
      await tx.execute(sql.raw(`lock table ${ACCESS_LOG_DEFAULT_PARTITION} in access exclusive mode`));
      if (rowsOf<{ t: string | null }>(await tx.execute(sql`select to_regclass(${name}) as t`))[0]?.t) return false;
      const table = sql.identifier(name);
      await tx.execute(sql`create table ${table} (like ${sql.identifier(ACCESS_LOG_TABLE)} including defaults including constraints)`);
      await tx.execute(sql`
        with moved as (delete from ${sql.identifier(ACCESS_LOG_DEFAULT_PARTITION)} where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz returning *)
        insert into ${table} select * from moved`);
      await tx.execute(sql`alter table ${sql.identifier(ACCESS_LOG_TABLE)} attach partition ${table} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`);
      return true;
    });
  } catch (err) {
    // Another instance made it at the same moment (duplicate table): what was wanted exists.
    if (pgErrorCode(err) === "42P07") return false;
    throw err;
  }
}

/** The partitions of `fromDay` to `toDay` (UTC days, both included); the names of those it made. */
export async function ensureAccessLogPartitions(db: Db, now = new Date(), opts: { fromDay?: Date; toDay?: Date } = {}): Promise<string[]> {
  const first = utcDay(opts.fromDay ?? new Date(now.getTime() - DAY));
  const last = utcDay(opts.toDay ?? new Date(now.getTime() + PARTITION_DAYS_AHEAD * DAY));
  const have = new Set((await listDayPartitions(db)).map((p) => p.name));
  const made: string[] = [];
  for (let d = first; d <= last; d = new Date(d.getTime() + DAY)) {
    if (have.has(partitionName(d))) continue;
    if (await createDayPartition(db, d)) made.push(partitionName(d));
  }
  return made;
}

/**
 * Drops every day partition that ends at or before `before`; the rows it held are counted first (for
 * the audit row: the day is over, nothing writes into it). DROP TABLE takes the log's ACCESS
 * EXCLUSIVE lock for an instant; lock_timeout keeps a long reader from queueing every insert behind
 * it: a day that cannot be dropped now is left to the batched delete or the next run.
 */
export async function dropExpiredAccessLogPartitions(db: Db, before: Date): Promise<{ rows: number; dropped: string[] }> {
  const out = { rows: 0, dropped: [] as string[] };
  for (const p of await listDayPartitions(db)) {
    if (p.to.getTime() > before.getTime()) break;
    const table = sql.identifier(p.name);
    const n = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${table}`))[0]?.n ?? 0);
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await tx.execute(sql`drop table ${table}`);
      });
    } catch (err) {
      if (pgErrorCode(err) === "55P03") continue;
      throw err;
    }
    out.rows += n;
    out.dropped.push(p.name);
  }
  return out;
}
