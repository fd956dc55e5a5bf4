// A dump taken on one database kind restores on the other: PGlite -> PostgreSQL and back when
// TEST_DATABASE_URL is set (the PGlite side is opened beside it); PGlite -> PGlite otherwise.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleFor, type Db, type RawClient } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";
import { PGLITE_EXTENSIONS } from "../../src/server/db/pglite-extensions";
import { restoreDumpFile } from "../../src/server/services/backup/restore";
import { createTestDb, type TestDb } from "../helpers/db";
import { dumpText, tempDirForFile, writeTemp } from "./helpers";
import { seedEveryTable, snapshotEveryTable } from "./seed-every-table";

const dir = tempDirForFile();
let main: TestDb;
let lite: { raw: RawClient; db: Db };

beforeAll(async () => {
  main = await createTestDb();
  const raw: RawClient = { kind: "pglite", pglite: new PGlite({ extensions: PGLITE_EXTENSIONS }) };
  await runMigrations(raw);
  lite = { raw, db: drizzleFor(raw) };
});
afterAll(async () => {
  await main?.close();
  if (lite?.raw.kind === "pglite") await lite.raw.pglite.close();
});

const noRevocation = (snap: Record<string, Record<string, string | null>[]>) => ({ ...snap, user_sessions: snap.user_sessions!.map(({ revoked_at: _r, ...rest }) => rest) });

describe(`a dump moves between PGlite and ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("PGlite -> the test database", async () => {
    await seedEveryTable(lite.db);
    const before = await snapshotEveryTable(lite.db);
    await restoreDumpFile(main.db, await writeTemp(await dir(), "from-pglite.sql", await dumpText(lite.db)));
    expect(noRevocation(await snapshotEveryTable(main.db))).toEqual(noRevocation(before));
  });

  it("the test database -> a fresh PGlite", async () => {
    const before = await snapshotEveryTable(main.db);
    const fresh: RawClient = { kind: "pglite", pglite: new PGlite({ extensions: PGLITE_EXTENSIONS }) };
    try {
      await runMigrations(fresh);
      const freshDb = drizzleFor(fresh);
      await restoreDumpFile(freshDb, await writeTemp(await dir(), "to-pglite.sql", await dumpText(main.db)));
      expect(noRevocation(await snapshotEveryTable(freshDb))).toEqual(noRevocation(before));
    } finally {
      if (fresh.kind === "pglite") await fresh.pglite.close();
    }
    // A fresh PGlite with the pg_trgm extension (migration 0026) migrated from nothing: 35 s at load 8.
  }, 90_000);
});
