import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";

export interface EnqueueOptions { runAt?: Date; maxAttempts?: number }

/** Records work to do after commit (outbox). Call with the transaction handle of the change. */
export async function enqueueTask(db: Db, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<string> {
  const [row] = await db
    .insert(tasks)
    .values({ kind, payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 5 })
    .returning({ id: tasks.id });
  return row!.id;
}

const g = globalThis as unknown as { __relayboardKickTasks?: () => void };

/** Asks the in-process worker (if this process runs one) to look for due tasks now. */
export function kickTasks(): void {
  g.__relayboardKickTasks?.();
}

export function setTaskKicker(fn: (() => void) | undefined): void {
  g.__relayboardKickTasks = fn;
}
