// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (so the same suite runs against both). Each is a copy
// of a template migrated once per run (db-template.ts); on PGlite, an instance emptied back to it after
// an earlier file of the same worker process (pglite-pool.ts).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { drizzleFor, installDb, type Db, type RawClient } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";
import { ensurePgTemplate } from "./db-template";
import { leasePglite, releasePglite } from "./pglite-pool";

/**
 * A pool on a test database. Teardown drops the database WITH (FORCE), which terminates connections
 * that are still closing (57P01); without an error listener that becomes an uncaught exception.
 */
export function testPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
  const url = process.env.TEST_DATABASE_URL;
  let raw: RawClient;
  let drop: (() => Promise<void>) | undefined;
  if (url) {
    const name = `rb_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await ensurePgTemplate(url)}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    raw = { kind: "pg", pool: testPool(u.toString()) };
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    raw = { kind: "pglite", pglite: await leasePglite() };
  }
  // Nothing to apply on a copy of the template; kept so a template that missed a migration still cannot pass.
  await runMigrations(raw);
  const db = opts.install ? installDb(raw) : drizzleFor(raw);
  return {
    db,
    raw,
    kind: raw.kind,
    close: async () => {
      if (raw.kind === "pg") await raw.pool.end();
      else await releasePglite(raw.pglite);
      await drop?.();
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
