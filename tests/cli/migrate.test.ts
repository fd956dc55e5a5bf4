// `migrate`: applies pending migrations where the caller gives that capability (the bin), and
// reports the schema version everywhere (also in the service, which migrated at start).
import { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateReporting } from "../../cli/migrations";
import { runCli } from "../../cli/run-cli";
import { drizzleFor, type RawClient } from "../../src/server/db/client";
import { migrationsFolder } from "../../src/server/db/migrate";
import { PGLITE_EXTENSIONS } from "../../src/server/db/pglite-extensions";
import { createTestDb, type TestDb } from "../helpers/db";
import { cli, json } from "./helpers";

const tags = (JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map((e) => e.tag);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("migrate", () => {
  it("on a migrated database reports the latest version and nothing pending", async () => {
    expect(json(await cli(t.db, "migrate", "--json"))).toEqual({ applied: [], latest: tags.at(-1), total: tags.length, pending: 0 });
    const text = await cli(t.db, "migrate");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("database schema is up to date");
  });

  it("applies every migration to a fresh database, then none on the second run", async () => {
    const raw: RawClient = { kind: "pglite", pglite: new PGlite({ extensions: PGLITE_EXTENSIONS }) };
    try {
      const db = drizzleFor(raw);
      const run = async (argv: string[]) => {
        let stdout = "";
        let stderr = "";
        const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db, migrate: () => migrateReporting(raw) });
        return { code, stdout, stderr };
      };
      const first = await run(["migrate", "--json"]);
      expect(json(first)).toEqual({ applied: tags, latest: tags.at(-1), total: tags.length, pending: 0 });
      const second = await run(["migrate"]);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("up to date");
      expect(second.stdout).toContain(`(${tags.length} of ${tags.length} migrations)`);
    } finally {
      await raw.pglite.close();
    }
  });

  it("without the capability, an unmigrated database is reported as pending (exit 1)", async () => {
    const pglite = new PGlite();
    try {
      const r = await cli(drizzleFor({ kind: "pglite", pglite }), "migrate", "--json");
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toEqual({ applied: [], latest: null, total: 0, pending: tags.length });
      expect(r.stderr).toMatch(/^error: UNAVAILABLE: .*pending/);
    } finally {
      await pglite.close();
    }
  });
});
