// Claims due tasks with SKIP LOCKED so several instances never run one task twice, runs each
// handler outside any transaction, and records the outcome with exponential back-off on failure.
// A payload's `secret` part is decrypted only for the handler and removed from the row once the
// task has finished (succeeded, or failed for the last time).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import { decryptSecret } from "../../crypto/secrets";
import { errorSummary } from "../../describe-error";
import { log } from "../../logger";
import { countTaskFailure } from "../../metrics/count";
import { kickTasks, SECRET_FIELD } from "./enqueue-task";
import { isRetryLater, type RetryLaterError } from "./retry-later";

export type TaskHandler = (payload: Record<string, unknown>, meta: { id: string; attempts: number; db: Db }) => Promise<Record<string, unknown> | void>;

export interface TaskKindOptions {
  /** Seconds before the retry that follows failed attempt `attempt` (1-based); default 30 s doubling up to an hour. */
  backoffSeconds?: (attempt: number) => number;
  /**
   * Whether a last failure raises the operators' `task.failed` alert. Off for the kinds that carry
   * alerts themselves (their failure would alert through the failing channel) and for webhook
   * deliveries (a receiver that is down is the integrator's to see in the delivery log).
   */
  alertOnFinalFailure?: boolean;
}

const g = globalThis as unknown as { __relayboardTaskHandlers?: Map<string, TaskHandler>; __relayboardTaskOptions?: Map<string, TaskKindOptions>; __relayboardFinalFailure?: FinalFailureHook };
const handlers = (g.__relayboardTaskHandlers ??= new Map());
const kindOptions = (g.__relayboardTaskOptions ??= new Map());

export function registerTaskHandler(kind: string, handler: TaskHandler, options: TaskKindOptions = {}): void {
  handlers.set(kind, handler);
  kindOptions.set(kind, options);
}

/** Told about a task that failed for the last time (the operators' task.failed alert, events/task-failed.ts). */
export type FinalFailureHook = (db: Db, task: { id: string; kind: string; attempts: number; error: string }) => Promise<void>;
export function onFinalTaskFailure(hook: FinalFailureHook | undefined): void {
  g.__relayboardFinalFailure = hook;
}

const LEASE_SECONDS = 120;
const SCRUBBED = "[secret]";

/** The payload the handler sees: the stored one with its `secret` part decrypted. */
function openPayload(stored: Record<string, unknown>): { payload: Record<string, unknown>; secrets: string[] } {
  const sealed = stored[SECRET_FIELD];
  if (typeof sealed !== "string") return { payload: stored, secrets: [] };
  const secret = JSON.parse(decryptSecret(sealed)) as Record<string, unknown>;
  return { payload: { ...stored, [SECRET_FIELD]: secret }, secrets: secretStrings(secret) };
}

/** Every string inside the secret (and the query values of URLs among them), longest first. */
function secretStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") {
    if (v.length >= 6) out.push(v, encodeURIComponent(v));
    try {
      for (const q of new URL(v).searchParams.values()) if (q.length >= 6) out.push(q);
    } catch {
      /* not a URL */
    }
  } else if (v && typeof v === "object") for (const x of Object.values(v)) secretStrings(x, out);
  return [...new Set(out)].sort((a, b) => b.length - a.length);
}

/** Removes secret values that a handler or library echoed into a result or an error text. */
function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(SCRUBBED);
  return out;
}

function scrubDeep(v: unknown, secrets: string[]): unknown {
  if (typeof v === "string") return scrub(v, secrets);
  if (Array.isArray(v)) return v.map((x) => scrubDeep(x, secrets));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrubDeep(x, secrets)]));
  return v;
}
const defaultBackoffSeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 3600);

interface ClaimedTask { id: string; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }

const withoutSecret = sql<Record<string, unknown>>`${tasks.payload} - ${SECRET_FIELD}::text`;

/** Left in the payload of a task that failed for good while it carried a secret: a retry could not work. */
export const SECRET_ERASED_FIELD = "secretErased";
const withoutSecretMarked = sql<Record<string, unknown>>`case when ${tasks.payload} -> ${SECRET_FIELD}::text is null then ${tasks.payload}
  else (${tasks.payload} - ${SECRET_FIELD}::text) || jsonb_build_object(${SECRET_ERASED_FIELD}::text, true) end`;

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
    let secrets: string[] = [];
    try {
      if (!handler) throw new Error(`No handler for task kind ${t.kind}`);
      const opened = openPayload(t.payload);
      secrets = opened.secrets;
      const result = (await handler(opened.payload, { id: t.id, attempts: t.attempts, db })) ?? {};
      const stored = secrets.length ? (scrubDeep(result, secrets) as Record<string, unknown>) : result;
      await db
        .update(tasks)
        .set({ status: "SUCCEEDED", payload: withoutSecret, result: stored, lockedUntil: null, lastError: null, updatedAt: new Date() })
        .where(ours);
    } catch (err) {
      if (isRetryLater(err)) {
        await postpone(db, t, ours, err, secrets);
        continue;
      }
      failed++;
      const message = scrub(errorSummary(err), secrets);
      const final = t.attempts >= t.max_attempts;
      log.warn("task failed", { taskId: t.id, kind: t.kind, attempt: t.attempts, final, error: message });
      // A kind with no handler is not ours to name in a label (the set of series stays fixed).
      countTaskFailure(handler ? t.kind : "unknown", final);
      const recorded = await db
        .update(tasks)
        .set({
          status: final ? "FAILED" : "PENDING",
          // A task that will not run again needs its secret no more (the marker tells the task
          // center that running it again by hand would lack it).
          ...(final ? { payload: withoutSecretMarked } : {}),
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(Date.now() + (kindOptions.get(t.kind)?.backoffSeconds ?? defaultBackoffSeconds)(t.attempts) * 1000),
          updatedAt: new Date(),
        })
        .where(ours)
        .returning({ id: tasks.id });
      // Only the run that recorded the last failure raises the alert (a fenced-out run recorded nothing).
      if (final && recorded.length && handler && kindOptions.get(t.kind)?.alertOnFinalFailure !== false) await alertFinalFailure(db, { id: t.id, kind: t.kind, attempts: t.attempts, error: message });
    }
  }
  return { ran: claimed.rows.length, failed };
}

/** Longest wait a handler may ask for (a garbled retry_after must not park a task for years). */
const MAX_POSTPONE_SECONDS = 24 * 3600;

/**
 * A handler asked to be run again later (RetryLaterError): the task is due again after exactly that
 * long and gets its attempt back, since being told to wait is not a failure. Fenced like any outcome.
 */
async function postpone(db: Db, t: ClaimedTask, ours: ReturnType<typeof and>, err: RetryLaterError, secrets: string[]): Promise<void> {
  const seconds = Math.min(err.retryAfterSeconds, MAX_POSTPONE_SECONDS);
  const kept = await db
    .update(tasks)
    .set({ status: "PENDING", attempts: t.attempts - 1, lastError: scrub(err.message, secrets).slice(0, 2000), lockedUntil: null, runAt: new Date(Date.now() + seconds * 1000), updatedAt: new Date() })
    .where(ours)
    .returning({ id: tasks.id });
  if (!kept.length) return;
  log.info("task postponed", { taskId: t.id, kind: t.kind, seconds });
  // The worker ticks every few seconds at most; a short wait is woken for rather than left to the tick.
  if (seconds <= 60) setTimeout(kickTasks, seconds * 1000).unref();
}

/** The alert is best effort: a failure to raise it is logged and never changes the task's outcome. */
async function alertFinalFailure(db: Db, task: Parameters<FinalFailureHook>[1]): Promise<void> {
  try {
    await g.__relayboardFinalFailure?.(db, task);
  } catch (err) {
    log.error("could not raise the task.failed alert", { taskId: task.id, kind: task.kind, error: errorSummary(err) });
  }
}
