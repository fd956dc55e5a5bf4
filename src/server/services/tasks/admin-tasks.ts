// The task center (admin): the outbox as a list, and "run again" for tasks that gave up or are
// waiting out a back-off. A payload's encrypted `secret` part never leaves this module: the list
// strips it in SQL (and again here, in case a row holds a plain one).
import { eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { tasks, TASK_STATUSES, type TaskStatus } from "../../db/schema";
import type { ErrorReason } from "../../error-reasons";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { cursorFields, cursorTextOf, keysetPage, type LogPage } from "../logs/keyset";
import { kickTasks, SECRET_FIELD } from "./enqueue-task";
import { SECRET_ERASED_FIELD } from "./run-due-tasks";

const ListInput = z.object({
  status: z.enum(TASK_STATUSES).optional(),
  kind: z.string().trim().min(1).max(100).optional(),
  q: z.string().trim().max(200).optional(),
  ...cursorFields,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const KEYSET = { createdAt: tasks.createdAt, id: tasks.id, idType: "uuid" } as const;

export interface AdminTaskRow {
  id: string;
  kind: string;
  status: TaskStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  /** The payload without its `secret` part (and without the "secret erased" marker). */
  payload: Record<string, unknown>;
  /** The task carried a secret that was erased when it finished: running it again cannot work. */
  secretErased: boolean;
  /** Whether "retry" applies (FAILED, or PENDING while backing off after a failed attempt). */
  retryable: boolean;
  runAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

const publicPayload = sql<Record<string, unknown>>`(${tasks.payload} - ${SECRET_FIELD}::text)`;

/** FAILED, or PENDING after at least one failed attempt (waiting out its back-off). */
const isRetryable = (t: { status: TaskStatus; attempts: number; secretErased: boolean }) =>
  !t.secretErased && (t.status === "FAILED" || (t.status === "PENDING" && t.attempts > 0));

/**
 * Newest first, a keyset page at a time (the outbox grows without bound, so no OFFSET and no total
 * count, as the log lists); filters by status, kind (exact) and free text (kind, last error,
 * payload, or the id).
 */
export async function listTasksAdmin(ctx: Ctx, raw: unknown = {}): Promise<LogPage<AdminTaskRow> & { kinds: string[] }> {
  requireAdmin(ctx, "tasks.read");
  const f = parseInput(ListInput, raw);
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(tasks.status, f.status));
  if (f.kind) conds.push(eq(tasks.kind, f.kind));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const text: SQL[] = [ilike(tasks.kind, like), ilike(tasks.lastError, like), sql`${publicPayload}::text ilike ${like}`];
    if (z.uuid().safeParse(f.q).success) text.push(eq(tasks.id, f.q));
    conds.push(or(...text)!);
  }
  const [page, kinds] = await Promise.all([
    keysetPage(KEYSET, conds, f, (where, orderBy, limit) =>
      ctx.db
        .select({
          id: tasks.id,
          kind: tasks.kind,
          status: tasks.status,
          attempts: tasks.attempts,
          maxAttempts: tasks.maxAttempts,
          lastError: tasks.lastError,
          payload: publicPayload,
          runAt: tasks.runAt,
          createdAt: tasks.createdAt,
          updatedAt: tasks.updatedAt,
          cursor: cursorTextOf(KEYSET),
        })
        .from(tasks)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    ),
    taskKinds(ctx),
  ]);
  const rows: AdminTaskRow[] = page.rows.map((r) => {
    const { [SECRET_FIELD]: _secret, [SECRET_ERASED_FIELD]: erased, ...payload } = (r.payload ?? {}) as Record<string, unknown>;
    const secretErased = erased === true;
    return { ...r, payload, secretErased, retryable: isRetryable({ status: r.status, attempts: r.attempts, secretErased }) };
  });
  return { ...page, rows, kinds };
}

/**
 * The kinds the outbox holds, for the kind filter. SELECT DISTINCT reads every task (100,000 at
 * scale); this walks tasks_kind_idx from one kind to the next instead, one index probe per kind.
 */
async function taskKinds(ctx: Ctx): Promise<string[]> {
  const result = (await ctx.db.execute(sql`
    with recursive k(kind) as (
      (select ${tasks.kind} from ${tasks} order by ${tasks.kind} limit 1)
      union all
      select (select ${tasks.kind} from ${tasks} where ${tasks.kind} > k.kind order by ${tasks.kind} limit 1) from k where k.kind is not null
    )
    select kind from k where kind is not null order by kind`)) as unknown as { rows: { kind: string }[] };
  return result.rows.map((r) => r.kind);
}

const RetryInput = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

export interface RetryResult { id: string; ok: boolean; reason?: ErrorReason }

/**
 * Puts tasks back in the queue: status PENDING, due now. `attempts` is kept (the history stays
 * true); when the task has used all its attempts, `maxAttempts` is raised to `attempts + 1`, so the
 * retry is exactly one more attempt (a failure then ends it as FAILED again, not a new round of
 * back-offs). Tasks that are RUNNING, SUCCEEDED or PENDING without a failure are left alone, and so
 * are tasks whose secret (a mail's link) was erased when they failed: a retry would run without it.
 * One result per id, so the page can say which ones did not apply and why; each retry is audited.
 */
export async function retryTasks(ctx: Ctx, raw: unknown): Promise<RetryResult[]> {
  requireAdmin(ctx, "tasks.write");
  const { ids } = parseInput(RetryInput, raw);
  const unique = [...new Set(ids)];
  const now = ctx.now();
  const results = await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: tasks.id, kind: tasks.kind, status: tasks.status, attempts: tasks.attempts, maxAttempts: tasks.maxAttempts, erased: sql<boolean>`coalesce((${tasks.payload} ->> ${SECRET_ERASED_FIELD}::text)::boolean, false)` })
      .from(tasks)
      .where(inArray(tasks.id, unique))
      .for("update");
    const byId = new Map(found.map((t) => [t.id, t]));
    const out: RetryResult[] = [];
    for (const id of unique) {
      const t = byId.get(id);
      if (!t) {
        out.push({ id, ok: false, reason: "task_not_found" });
        continue;
      }
      if (t.erased) {
        out.push({ id, ok: false, reason: "task_secret_erased" });
        continue;
      }
      if (!isRetryable({ status: t.status, attempts: t.attempts, secretErased: false })) {
        out.push({ id, ok: false, reason: "task_not_retryable" });
        continue;
      }
      const maxAttempts = Math.max(t.maxAttempts, t.attempts + 1);
      await tx.update(tasks).set({ status: "PENDING", runAt: now, lockedUntil: null, maxAttempts, updatedAt: now }).where(eq(tasks.id, id));
      await recordAudit(ctx, { action: "task.retried", targetType: "task", targetId: id, metadata: { kind: t.kind, from: t.status, attempts: t.attempts, maxAttempts } }, tx);
      out.push({ id, ok: true });
    }
    return out;
  });
  if (results.some((r) => r.ok)) kickTasks();
  return results;
}
