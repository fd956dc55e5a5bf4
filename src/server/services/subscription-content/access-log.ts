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
        await insertBatch(db, batch);
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

// One statement with one array per column: the query builder spent about 12 % of the subscription
// endpoint's CPU under load building a 500-row VALUES list (thousands of parameters, each checked
// and escaped); unnest takes ten parameters whatever the batch size (bench/README.md).
const INSERT_SQL = `insert into subscription_access_logs (subscription_id, user_id, outcome, ip, user_agent, format, country, region, city, created_at)
  select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])`;

type QueryClient = { query: (text: string, values: unknown[]) => Promise<unknown> };

async function insertBatch(db: Db, rows: AccessRow[]): Promise<void> {
  const client = (db as unknown as { $client: QueryClient }).$client;
  await client.query(INSERT_SQL, [
    rows.map((r) => r.subscriptionId),
    rows.map((r) => r.userId),
    rows.map((r) => r.outcome),
    rows.map((r) => r.ip),
    rows.map((r) => r.userAgent),
    rows.map((r) => r.format),
    rows.map((r) => r.country),
    rows.map((r) => r.region),
    rows.map((r) => r.city),
    rows.map((r) => r.createdAt.toISOString()),
  ]);
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
