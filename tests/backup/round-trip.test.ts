// A dump of a database holding awkward values in every table restores into a fresh database with
// every row of every table identical (as PostgreSQL's own text form), sequences moved past the
// restored ids, and every session revoked.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { restoreDumpFile } from "../../src/server/services/backup/restore";
import { loadCatalog } from "../../src/server/services/backup/catalog";
import { recordAudit } from "../../src/server/services/audit";
import { createTestDb, testDbForFile } from "../helpers/db";
import { dumpText, tempDirForFile, writeTemp } from "./helpers";
import { seedEveryTable, snapshotEveryTable } from "./seed-every-table";

const source = testDbForFile();
const dir = tempDirForFile();

/** Sessions are the one planned difference: the restore revokes every open one. */
function withoutRevocation(snap: Record<string, Record<string, string | null>[]>) {
  return { ...snap, user_sessions: snap.user_sessions!.map(({ revoked_at: _revoked, ...rest }) => rest) };
}

describe("backup round trip", () => {
  it("restores every row of every table identically into a fresh database", async () => {
    const tables = await seedEveryTable(source.db);
    const before = await snapshotEveryTable(source.db);
    for (const t of tables) expect(before[t], t).toHaveLength(2);

    // Small pages so keyset paging crosses page boundaries.
    const text = await dumpText(source.db, { pageRows: 1 });
    expect(text).toMatch(/^-- Relayboard database dump\n-- format: 1\n-- created: .+\n-- migrations: \d+\n-- migration-last: \d+\n/);
    const file = await writeTemp(await dir(), "round-trip.sql", text);

    const target = await createTestDb();
    try {
      const result = await restoreDumpFile(target.db, file, { now: new Date("2030-01-01T00:00:00Z") });
      for (const t of tables) expect(result.rows[t], t).toBe(2);
      const after = await snapshotEveryTable(target.db);
      expect(withoutRevocation(after)).toEqual(withoutRevocation(before));
      expect(after.user_sessions!.every((r) => r.revoked_at !== null)).toBe(true);
      expect(result.sessionsRevoked).toBe(before.user_sessions!.filter((r) => r.revoked_at === null).length);

      // Every serial sequence continues after the restored ids.
      const maxId = Number(((await target.db.execute(sql`select max(id)::text as m from audit_logs`)) as unknown as { rows: { m: string } [] }).rows[0]!.m);
      await recordAudit(makeCtx(target.db, { kind: "system" }), { action: "backup.restore" });
      const newest = ((await target.db.execute(sql`select max(id)::text as m from audit_logs`)) as unknown as { rows: { m: string }[] }).rows[0]!.m;
      expect(Number(newest)).toBeGreaterThan(maxId);

      // Restoring again replaces (not adds to) the data.
      await restoreDumpFile(target.db, file);
      const again = await snapshotEveryTable(target.db);
      expect(withoutRevocation(again)).toEqual(withoutRevocation(before));
    } finally {
      await target.close();
    }
  });

  it("dumps tables in foreign-key order and names every table in the header", async () => {
    const catalog = await loadCatalog(source.db);
    const text = await dumpText(source.db);
    const header = /^-- tables: (.*)$/m.exec(text)![1]!.split(", ");
    expect(header).toEqual(catalog.tables.map((t) => t.name));
    expect(header.indexOf("users")).toBeLessThan(header.indexOf("orders"));
    expect(header.indexOf("orders")).toBeLessThan(header.indexOf("payments"));
    expect(header).not.toContain("__drizzle_migrations");
    expect(header).toEqual(expect.arrayContaining(["users", "orders", "nodes", "payments", "app_config"]));
  });
});
