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
  country: string;
  region: string;
  city: string;
  createdAt: Date;
}

// One buffer per process, on globalThis: the custom server (run by tsx) and Next's bundled page code
// each load their own copy of this module, and the shutdown flush must see the browser view's rows too.
interface State { buffer: AccessRow[]; dropped: number; timer: NodeJS.Timeout | null; flushing: Promise<void> | null; target: Db | null }
const g = globalThis as unknown as { __relayboardAccessLog?: State };
const state: State = (g.__relayboardAccessLog ??= { buffer: [], dropped: 0, timer: null, flushing: null, target: null });

export function recordAccess(db: Db, row: AccessRow): void {
  state.target = db;
  if (state.buffer.length >= MAX_BUFFER) {
    state.dropped++;
    return;
  }
  state.buffer.push({ ...row, userAgent: row.userAgent.slice(0, 300) });
  if (state.buffer.length >= BATCH) void flushAccessLogs();
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushAccessLogs(), FLUSH_MS);
    state.timer.unref();
  }
}

/** Writes everything buffered; the next call waits for a flush already running. */
export async function flushAccessLogs(): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  while (state.flushing) await state.flushing;
  if (state.buffer.length === 0 || !state.target) return;
  const rows = state.buffer;
  state.buffer = [];
  const db = state.target;
  state.flushing = (async () => {
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
    if (state.dropped) {
      log.error("subscription access log: buffer full, rows dropped", { dropped: state.dropped });
      state.dropped = 0;
    }
  })();
  try {
    await state.flushing;
  } finally {
    state.flushing = null;
  }
  if (state.buffer.length) void flushAccessLogs();
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
