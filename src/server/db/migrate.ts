// Applies the committed drizzle-kit migrations. On PostgreSQL an advisory lock serializes several
// instances starting at once; PGlite is owned by a single process (see embedded-lock.ts).
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RawClient } from "./client";

const MIGRATION_LOCK_KEY = 727_001; // arbitrary, constant across releases

export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "migrations"), path.resolve("src/server/db/migrations")];
  const found = candidates.find((p) => existsSync(path.join(p, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

export async function runMigrations(raw: RawClient): Promise<void> {
  const folder = migrationsFolder();
  if (raw.kind === "pglite") {
    await migratePglite(drizzlePglite(raw.pglite), { migrationsFolder: folder });
    return;
  }
  const lockClient = await raw.pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(raw.pool), { migrationsFolder: folder });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}
