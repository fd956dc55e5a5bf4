// Upgrading a running site must not empty its Lines page: migration 0004 adds node visibility with
// "hidden" as the default for new nodes, but keeps every node that has ever synced visible.
// The real migration files run on the real driver, first up to 0003, then 0004 on top of old rows.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RawClient } from "../../src/server/db/client";
import { migrationsFolder } from "../../src/server/db/migrate";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function query(raw: RawClient, text: string): Promise<Record<string, unknown>[]> {
  return raw.kind === "pg" ? (await raw.pool.query(text)).rows : (await raw.pglite.query<Record<string, unknown>>(text)).rows;
}

/** Applies the committed migrations up to and including `lastTag`, as an older release would have. */
async function migrateUpTo(raw: RawClient, lastTag: string): Promise<void> {
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

describe("migration 0004_node_visibility", () => {
  it("keeps nodes that ever synced visible and leaves never-synced nodes hidden until their first sync", async () => {
    // Start from an empty database (testDbForFile migrated it fully; undo that).
    for (const stmt of ["DROP SCHEMA public CASCADE", "CREATE SCHEMA public", "DROP SCHEMA IF EXISTS drizzle CASCADE"]) await query(t.raw, stmt);
    await migrateUpTo(t.raw, "0003_sessions_two_factor");
    await query(
      t.raw,
      `INSERT INTO nodes (name, panel_url, panel_username, panel_password_enc, panel_status, last_sync_at) VALUES
        ('live', 'http://p/', 'u', 'x', 'OK', now()),
        ('panel-down-now', 'http://p/', 'u', 'x', 'ERROR', now() - interval '1 day'),
        ('never-worked', 'http://p/', 'u', 'x', 'ERROR', NULL),
        ('never-checked', 'http://p/', 'u', 'x', 'UNKNOWN', NULL)`,
    );

    await migrateUpTo(t.raw, "0004_node_visibility");
    const rows = await query(t.raw, `SELECT name, visibility FROM nodes ORDER BY name`);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.visibility]))).toEqual({
      live: "VISIBLE",
      "panel-down-now": "VISIBLE",
      "never-worked": "PENDING",
      "never-checked": "PENDING",
    });

    // New rows default to hidden, and only the three states are accepted.
    await query(t.raw, `INSERT INTO nodes (name, panel_url, panel_username, panel_password_enc) VALUES ('new', 'http://p/', 'u', 'x')`);
    expect(await query(t.raw, `SELECT visibility FROM nodes WHERE name = 'new'`)).toEqual([{ visibility: "PENDING" }]);
    await expect(query(t.raw, `UPDATE nodes SET visibility = 'visible' WHERE name = 'new'`)).rejects.toThrow(/nodes_visibility_check/);
  });
});
