// What a scrape reads at that moment: task queue depth (one grouped count over the tasks_due_idx
// index) and the database pool, then the registry's text. Everything else is counted where it happens.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { TASK_STATUSES } from "../db/schema";
import { metrics } from "./registry";

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const isPool = (c: unknown): c is PoolLike => typeof c === "object" && c !== null && typeof (c as PoolLike).totalCount === "number";

async function readTaskDepth(db: Db): Promise<void> {
  const res = (await db.execute(sql`SELECT status, count(*)::int AS n FROM tasks GROUP BY status`)) as unknown as { rows: { status: string; n: number }[] };
  const depth = new Map<string, number>(TASK_STATUSES.map((s) => [s, 0]));
  for (const r of res.rows) if (depth.has(r.status)) depth.set(r.status, Number(r.n));
  const gauge = metrics().tasks;
  for (const [status, n] of depth) gauge.set({ status }, n);
}

function readPool(db: Db): void {
  const m = metrics();
  const client = (db as unknown as { $client?: unknown }).$client;
  m.dbInfo.reset();
  if (isPool(client)) {
    m.dbInfo.set({ kind: "pg" }, 1);
    m.dbPool.set({ state: "total" }, client.totalCount);
    m.dbPool.set({ state: "idle" }, client.idleCount);
    m.dbPool.set({ state: "waiting" }, client.waitingCount);
    return;
  }
  // Embedded PGlite is one connection in this process; queries wait their turn inside it and it
  // exposes no queue length, so only whether it is open is reported.
  m.dbInfo.set({ kind: "pglite" }, 1);
  m.dbPool.reset();
  m.dbPool.set({ state: "total" }, (client as { closed?: boolean } | undefined)?.closed ? 0 : 1);
}

/** The exposition text (Prometheus text format 0.0.4) with the database gauges read now. */
export async function scrapeMetrics(db: Db): Promise<{ contentType: string; body: string }> {
  await readTaskDepth(db);
  readPool(db);
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
