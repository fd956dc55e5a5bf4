// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (so the same suite runs against both). Each is a copy
// of a template migrated once per run (db-template.ts), or one an earlier file of the same worker
// process used, emptied back to it (pglite-pool.ts, pg-pool.ts).
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { drizzleFor, installDb, type Db, type RawClient } from "../../src/server/db/client";
import { GateWriteClient } from "../../src/server/db/gate-writes";
import { runMigrations } from "../../src/server/db/migrate";
import { closeGateModel } from "../../src/server/services/subscription-content/read-model/gate-model";
import { assertEngineFile } from "./engine-guard";
import { leasePgDatabase, releasePgDatabase } from "./pg-pool";
import { leasePglite, releasePglite } from "./pglite-pool";

/**
 * A pool on a test database. Teardown terminates the connections still open on it (pg-pool.ts, or a
 * DROP ... WITH (FORCE)): 57P01, which without an error listener becomes an uncaught exception.
 */
export function testPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10, Client: GateWriteClient });
  pool.on("error", (err) => {
    if ((err as { code?: string }).code !== "57P01") throw err;
  });
  return pool;
}

/**
 * A second "instance" on the same test database: its own connection pool on PostgreSQL, so
 * concurrent calls really race over separate connections; the same embedded database on PGlite,
 * where they serialize (tests that prove "exactly once" run on PostgreSQL).
 */
export function openSecondInstance(t: { readonly raw: RawClient; readonly db: Db }): { db: Db; close: () => Promise<void> } {
  if (t.raw.kind !== "pg") return { db: t.db, close: async () => undefined };
  const pool = testPool((t.raw.pool.options as { connectionString: string }).connectionString);
  return { db: drizzleFor({ kind: "pg", pool }), close: () => pool.end() };
}

export interface TestDb { db: Db; raw: RawClient; kind: "pglite" | "pg"; close: () => Promise<void> }

export async function createTestDb(opts: { install?: boolean } = {}): Promise<TestDb> {
  assertEngineFile("opens a test database");
  const url = process.env.TEST_DATABASE_URL;
  let raw: RawClient;
  let release: () => Promise<void>;
  if (url) {
    const name = await leasePgDatabase(url);
    const pool = testPool(Object.assign(new URL(url), { pathname: `/${name}` }).toString());
    raw = { kind: "pg", pool };
    release = async () => {
      await pool.end();
      await releasePgDatabase(url, name);
    };
  } else {
    const pglite = await leasePglite();
    raw = { kind: "pglite", pglite };
    release = () => releasePglite(pglite);
  }
  // Nothing to apply on a copy of the template; kept so a template that missed a migration still cannot pass.
  await runMigrations(raw);
  const db = opts.install ? installDb(raw) : drizzleFor(raw);
  return {
    db,
    raw,
    kind: raw.kind,
    // The gate's read model listens on this database: it stops before the database goes.
    close: async () => {
      await closeGateModel(db);
      await release();
    },
  };
}

export const dbKind = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");

/** A value that a beforeAll hook of this file sets; reading it outside tests and hooks is a mistake. */
export function ready<T>(value: T | undefined, what = "the fixture"): T {
  if (value === undefined) throw new Error(`${what} exists only inside this file's tests and hooks`);
  return value;
}

/** This file's test database: created before its tests, closed after them. */
export function testDbForFile(opts: { install?: boolean } = {}): Pick<TestDb, "db" | "raw" | "kind"> {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await createTestDb(opts);
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get db() { return ready(t, "the test database").db; },
    get raw() { return ready(t, "the test database").raw; },
    get kind() { return ready(t, "the test database").kind; },
  };
}
