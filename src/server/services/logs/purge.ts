// Removes expired rows of one log kind in bounded batches: each DELETE takes at most `batchSize`
// rows picked by primary key, so every statement is short and holds few locks, and requests
// writing or reading the same table keep answering between them. Rows another transaction holds
// are skipped (SKIP LOCKED) rather than waited for; the next run takes them. The keep rule is part
// of the row lock's re-check, so a row protected concurrently is never removed. The access log is
// partitioned by day: its whole expired days are dropped first (access-partitions.ts), and the
// batched delete takes only what is left (the cutoff's own day, the DEFAULT partition).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dropExpiredAccessLogPartitions } from "./access-partitions";
import { deletable, LOG_TARGET_DEFS, type LogTarget } from "./targets";

export const DEFAULT_BATCH_SIZE = 5_000;

export interface PurgeOptions {
  batchSize?: number;
  /** Stop after this many statements (the rest waits for the next run); unbounded when absent. */
  maxBatches?: number;
}

export interface PurgeResult { deleted: number; batches: number; complete: boolean }

export async function purgeExpiredLogs(db: Db, target: LogTarget, before: Date, opts: PurgeOptions = {}): Promise<PurgeResult> {
  const def = LOG_TARGET_DEFS[target];
  const size = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const cutoff = before.toISOString();
  const out: PurgeResult = { deleted: 0, batches: 0, complete: false };
  if (target === "riskAccess") out.deleted += (await dropExpiredAccessLogPartitions(db, before)).rows;
  while (opts.maxBatches === undefined || out.batches < opts.maxBatches) {
    const r = (await db.execute(sql`
      with d as (
        delete from ${def.table} where id in (
          select id from ${def.table}
          where ${def.timeColumn} < ${cutoff}::timestamptz and ${deletable(def)}
          limit ${size} for update skip locked)
        and ${deletable(def)}
        returning 1)
      select count(*)::int as n from d`)) as unknown as { rows: { n: number }[] };
    const n = Number(r.rows[0]?.n ?? 0);
    out.batches++;
    out.deleted += n;
    if (n < size) {
      out.complete = true;
      break;
    }
  }
  return out;
}
