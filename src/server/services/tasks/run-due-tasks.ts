// Claims due tasks with SKIP LOCKED so several instances never run one task twice, runs each
// handler outside any transaction, and records the outcome with exponential back-off on failure.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import { log } from "../../logger";

export type TaskHandler = (payload: Record<string, unknown>, meta: { id: string; attempts: number; db: Db }) => Promise<Record<string, unknown> | void>;

const g = globalThis as unknown as { __relayboardTaskHandlers?: Map<string, TaskHandler> };
const handlers = (g.__relayboardTaskHandlers ??= new Map());

export function registerTaskHandler(kind: string, handler: TaskHandler): void {
  handlers.set(kind, handler);
}

const LEASE_SECONDS = 120;
const backoffSeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 3600);

interface ClaimedTask { id: string; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }

export async function runDueTasks(db: Db, limit = 20): Promise<{ ran: number; failed: number }> {
  const claimed = (await db.execute(sql`
    UPDATE tasks SET status = 'RUNNING', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    WHERE id IN (
      SELECT id FROM tasks
      WHERE (status = 'PENDING' AND run_at <= now()) OR (status = 'RUNNING' AND locked_until < now())
      ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedTask[] };
  let failed = 0;
  for (const t of claimed.rows) {
    // Fencing: only the run that still holds this attempt may record the outcome; a run whose lease
    // expired (and was re-claimed by another worker) must not overwrite the newer run's result.
    const ours = and(eq(tasks.id, t.id), eq(tasks.attempts, t.attempts), eq(tasks.status, "RUNNING"));
    const handler = handlers.get(t.kind);
    try {
      if (!handler) throw new Error(`No handler for task kind ${t.kind}`);
      const result = await handler(t.payload, { id: t.id, attempts: t.attempts, db });
      await db.update(tasks).set({ status: "SUCCEEDED", result: result ?? {}, lockedUntil: null, lastError: null, updatedAt: new Date() }).where(ours);
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      const final = t.attempts >= t.max_attempts;
      log.warn("task failed", { taskId: t.id, kind: t.kind, attempt: t.attempts, final, error: message });
      await db
        .update(tasks)
        .set({
          status: final ? "FAILED" : "PENDING",
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(Date.now() + backoffSeconds(t.attempts) * 1000),
          updatedAt: new Date(),
        })
        .where(ours);
    }
  }
  return { ran: claimed.rows.length, failed };
}
