// PGlite instances reused by the test files that share a worker process (vitest.config.ts, isolate:
// false). Loading the migrated snapshot into a new instance costs about 0.9 s of CPU, and the PGlite
// pass made 166 of them: over a third of its CPU. A file's instance is instead emptied when the file
// closes it (every table truncated, identities restarted, session state discarded) and handed to the
// next file, which sees exactly what a fresh copy of the template holds:
// - an instance whose schema no longer matches the template's (a test that migrates or alters it), or
//   that the test closed itself, is closed and never reused;
// - each file gets its own handle (a proxy) that refuses every use once the file closed it, so a
//   timer or request a file left behind fails loudly instead of writing into the next file's data.
import type { PGlite } from "@electric-sql/pglite";
import { pgliteFromSnapshot } from "./db-template";
import { emptyBackToTemplate, schemaFingerprint } from "./template-reset";

/** Idle instances per process: one is all a process needs between files; a file opening two gets a second. */
const MAX_IDLE = 2;

interface Pooled { instance: PGlite; schema: string }
const idle: Pooled[] = [];
const leased = new WeakMap<PGlite, { pooled: Pooled; revoke: () => void }>();

/** A file's own handle on an instance: every property works until revoke(), then every use throws. */
function fenced(instance: PGlite): { handle: PGlite; revoke: () => void } {
  let open = true;
  const handle = new Proxy(instance, {
    get(target, prop) {
      if (!open) throw new Error(`this test file's PGlite was closed (read of ${String(prop)} after afterAll): something the file started outlived it`);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { handle, revoke: () => (open = false) };
}

/** Instances waiting for the next file in this process (for the pool's own tests). */
export const idleCount = () => idle.length;

/** An instance holding exactly the migrated template, for one file until releasePglite. */
export async function leasePglite(): Promise<PGlite> {
  let pooled = idle.pop();
  if (!pooled) {
    const instance = await pgliteFromSnapshot();
    pooled = { instance, schema: await schemaFingerprint(async (sql) => (await instance.query<Record<string, string>>(sql)).rows) };
  }
  const { handle, revoke } = fenced(pooled.instance);
  leased.set(handle, { pooled, revoke });
  return handle;
}

/** Ends a file's lease: the instance is emptied and kept for the next file, or closed when it cannot be proven the template's equal. */
export async function releasePglite(handle: PGlite): Promise<void> {
  const lease = leased.get(handle);
  if (!lease) throw new Error("releasePglite: not a leased PGlite");
  leased.delete(handle);
  lease.revoke();
  const { pooled } = lease;
  const db = pooled.instance;
  if (db.closed) return;
  if (idle.length >= MAX_IDLE || !(await emptied(db, pooled.schema))) {
    await db.close();
    return;
  }
  idle.push(pooled);
}

/** Truncates every table and forgets session state; false when the schema is not the template's any more. */
async function emptied(db: PGlite, schema: string): Promise<boolean> {
  const query = async (sql: string) => (await db.query<Record<string, string>>(sql)).rows;
  if (!(await emptyBackToTemplate(query, schema))) return false;
  await db.exec("DISCARD ALL");
  return true;
}
