// Upgrade tests: an empty database brought to an older release's schema with the committed
// migration files (a copy of the folder whose journal ends at the given tag), on the real driver.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import type { RawClient } from "../../src/server/db/client";
import { migrationsFolder } from "../../src/server/db/migrate";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

export async function query(raw: RawClient, text: string): Promise<Record<string, unknown>[]> {
  return raw.kind === "pg" ? (await raw.pool.query(text)).rows : (await raw.pglite.query<Record<string, unknown>>(text)).rows;
}

/** Drops everything testDbForFile migrated: the database is as a fresh install before its first start. */
export async function emptyDatabase(raw: RawClient): Promise<void> {
  for (const stmt of ["DROP SCHEMA public CASCADE", "CREATE SCHEMA public", "DROP SCHEMA IF EXISTS drizzle CASCADE"]) await query(raw, stmt);
}

/** Applies the committed migrations up to and including `lastTag`, as an older release would have. */
export async function migrateUpTo(raw: RawClient, lastTag: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "rb-migrations-"));
  dirs.push(dir);
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(end, `migration ${lastTag} exists`).toBeGreaterThanOrEqual(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  if (raw.kind === "pg") await migratePg(drizzlePg(raw.pool), { migrationsFolder: dir });
  else await migratePglite(drizzlePglite(raw.pglite), { migrationsFolder: dir });
}
