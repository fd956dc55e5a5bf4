// Access-log rows of the content endpoint, written in small batches: one insert per second (or per
// 500 rows) instead of one per request, which is most of the endpoint's database cost otherwise.
// What a crash can lose: the rows of the last FLUSH_MS (at most MAX_BUFFER). A graceful shutdown
// flushes (main.ts). Risk checks that read these rows (issue 11) see a request up to FLUSH_MS late.
import type { Db } from "../../db/client";
import { subscriptionAccessLogs, type AccessOutcome } from "../../db/schema";
import { describeError } from "../../describe-error";
import { log } from "../../logger";

export const FLUSH_MS = 1_000;
const BATCH = 500;
/** Beyond this, new rows are dropped (and counted) rather than growing memory while the database is down. */
const MAX_BUFFER = 20_000;

export interface AccessRow {
  subscriptionId: string | null;
  userId: string | null;
  outcome: AccessOutcome;
  ip: string;
  userAgent: string;
  format: string;
  createdAt: Date;
}

let buffer: AccessRow[] = [];
let dropped = 0;
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> | null = null;
let target: Db | null = null;

export function recordAccess(db: Db, row: AccessRow): void {
  target = db;
  if (buffer.length >= MAX_BUFFER) {
    dropped++;
    return;
  }
  buffer.push({ ...row, userAgent: row.userAgent.slice(0, 300) });
  if (buffer.length >= BATCH) void flushAccessLogs();
  else if (!timer) {
    timer = setTimeout(() => void flushAccessLogs(), FLUSH_MS);
    timer.unref();
  }
}

/** Writes everything buffered; the next call waits for a flush already running. */
export async function flushAccessLogs(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  while (flushing) await flushing;
  if (buffer.length === 0 || !target) return;
  const rows = buffer;
  buffer = [];
  const db = target;
  flushing = (async () => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      try {
        await db.insert(subscriptionAccessLogs).values(batch);
      } catch {
        // One row for a subscription deleted meanwhile fails the foreign key for the whole insert:
        // write them one by one so only that row is lost (rare, so the slow path is fine).
        await insertOneByOne(db, batch);
      }
    }
    if (dropped) {
      log.error("subscription access log: buffer full, rows dropped", { dropped });
      dropped = 0;
    }
  })();
  try {
    await flushing;
  } finally {
    flushing = null;
  }
  if (buffer.length) void flushAccessLogs();
}

async function insertOneByOne(db: Db, rows: AccessRow[]): Promise<void> {
  let failed = 0;
  let error: unknown;
  for (const row of rows) {
    try {
      await db.insert(subscriptionAccessLogs).values(row);
    } catch (err) {
      failed++;
      error = err;
    }
  }
  if (failed) log.error("subscription access log: rows not written", { failed, of: rows.length, error: describeError(error) });
}
