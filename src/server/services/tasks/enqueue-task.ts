import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import { encryptSecret } from "../../crypto/secrets";

export interface EnqueueOptions { runAt?: Date; maxAttempts?: number }

/**
 * A task's payload. Anything a reader of the database or a backup could misuse (a link with its
 * token, panel credentials, payment data) goes under `secret`: it is stored encrypted, handed to
 * the handler decrypted, and removed from the row once the task has finished.
 */
export type TaskPayload = Record<string, unknown> & { secret?: Record<string, unknown> };

/** The payload key holding the encrypted secret part ("v1.<kid>...." ciphertext of its JSON). */
export const SECRET_FIELD = "secret";

/** Records work to do after commit (outbox). Call with the transaction handle of the change. */
export async function enqueueTask(db: Db, kind: string, payload: TaskPayload, opts: EnqueueOptions = {}): Promise<string> {
  const { [SECRET_FIELD]: secret, ...rest } = payload;
  const stored: Record<string, unknown> = secret === undefined ? rest : { ...rest, [SECRET_FIELD]: encryptSecret(JSON.stringify(secret)) };
  const [row] = await db
    .insert(tasks)
    .values({ kind, payload: stored, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 5 })
    .returning({ id: tasks.id });
  return row!.id;
}

const g = globalThis as unknown as { __relayboardKickTasks?: () => void; __relayboardHeldKicks?: AsyncLocalStorage<{ wanted: boolean }> };
const held = (g.__relayboardHeldKicks ??= new AsyncLocalStorage<{ wanted: boolean }>());

/** Asks the in-process worker (if this process runs one) to look for due tasks now. */
export function kickTasks(): void {
  const scope = held.getStore();
  if (scope) scope.wanted = true;
  else g.__relayboardKickTasks?.();
}

/**
 * Runs `work` (an enclosing transaction) with kicks held back, then kicks once if one was asked for:
 * a verb that kicks after its own (nested) transaction would otherwise wake the worker before the
 * outer commit, when its tasks are still invisible, and they would wait for the next tick.
 */
export async function kickTasksAfter<T>(work: () => Promise<T>): Promise<T> {
  const scope = { wanted: false };
  const result = await held.run(scope, work);
  if (scope.wanted) g.__relayboardKickTasks?.();
  return result;
}

export function setTaskKicker(fn: (() => void) | undefined): void {
  g.__relayboardKickTasks = fn;
}
