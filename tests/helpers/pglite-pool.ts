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

/** Idle instances per process: one is all a process needs between files; a file opening two gets a second. */
const MAX_IDLE = 2;

interface Pooled { instance: PGlite; schema: string }
const idle: Pooled[] = [];
const leased = new WeakMap<PGlite, { pooled: Pooled; revoke: () => void }>();

/**
 * What the template's shape is made of: namespaces, relations, columns, constraints, functions,
 * triggers, enum labels and the applied migrations. Equal fingerprints mean a test changed no schema.
 */
const SCHEMA_FINGERPRINT = `
  SELECT md5(string_agg(x, '|' ORDER BY x)) AS fp FROM (
    SELECT 'n:' || nspname AS x FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    UNION ALL SELECT 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('public', 'drizzle')
    UNION ALL SELECT 'a:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'c:' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'i:' || indexname || ':' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'f:' || p.proname || ':' || md5(p.prosrc) FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT 't:' || tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT 'e:' || t.typname || ':' || e.enumlabel || ':' || e.enumsortorder FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
    UNION ALL SELECT 'm:' || count(*) || ':' || coalesce(max(hash), '') FROM drizzle.__drizzle_migrations
  ) s`;

async function fingerprint(db: PGlite): Promise<string> {
  return (await db.query<{ fp: string }>(SCHEMA_FINGERPRINT)).rows[0].fp;
}

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
    pooled = { instance, schema: await fingerprint(instance) };
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

/** Truncates every table of the schema and forgets session state; false when the schema is not the template's any more. */
async function emptied(db: PGlite, schema: string): Promise<boolean> {
  if ((await fingerprint(db)) !== schema) return false;
  const tables = await db.query<{ name: string }>("SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'");
  if (tables.rows.length) await db.exec(`TRUNCATE ${tables.rows.map((t) => t.name).join(", ")} RESTART IDENTITY CASCADE`);
  await db.exec("DISCARD ALL");
  return true;
}
