// Migration bookkeeping for the CLI: which committed migrations the database has, so `migrate`
// can say what it applied. drizzle records one row per applied migration, in journal order.
import { sql, type SQL } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzleFor, type Db, type RawClient } from "../src/server/db/client";
import { migrationsFolder, runMigrations } from "../src/server/db/migrate";

export interface MigrationStatus {
  /** Tags of every committed migration, oldest first. */
  known: string[];
  /** How many of them the database has applied. */
  appliedCount: number;
}

function journalTags(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

/** node-postgres and PGlite both answer execute() with `{ rows }`; the shared Db type cannot say so. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function appliedCount(db: Db): Promise<number> {
  // A fresh database has no bookkeeping table yet: that is zero applied, not an error.
  const [exists] = await rows<{ present: boolean }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists?.present) return 0;
  const [res] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return Number(res!.n);
}

export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  return { known: journalTags(), appliedCount: await appliedCount(db) };
}

/** Applies pending migrations and returns the tags applied by this call. */
export async function migrateReporting(raw: RawClient): Promise<string[]> {
  const db = drizzleFor(raw);
  const before = await appliedCount(db);
  await runMigrations(raw);
  const after = await appliedCount(db);
  return journalTags().slice(before, after);
}
