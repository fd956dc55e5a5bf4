// Upgrading a running site must not empty its Lines page: migration 0004 adds node visibility with
// "hidden" as the default for new nodes, but keeps every node that has ever synced visible.
// The real migration files run on the real driver, first up to 0003, then 0004 on top of old rows.
import { describe, expect, it } from "vitest";
import { testDbForFile } from "../helpers/db";
import { emptyDatabase, migrateUpTo, query } from "../helpers/migrate-up-to";

const t = testDbForFile();

describe("migration 0004_node_visibility", () => {
  it("keeps nodes that ever synced visible and leaves never-synced nodes hidden until their first sync", async () => {
    // Start from an empty database (testDbForFile migrated it fully; undo that).
    await emptyDatabase(t.raw);
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
