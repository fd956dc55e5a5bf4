// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (so the same suite runs against both).
import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { drizzleFor, installDb, type Db, type RawClient } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";

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

export interface TestDb { db: Db; raw: RawClient; kind: "pglite" | "pg"; close: () => Promise<void> }

export async function createTestDb(opts: { install?: boolean } = {}): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  let raw: RawClient;
  let drop: (() => Promise<void>) | undefined;
  if (url) {
    const name = `rb_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
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
    raw = { kind: "pglite", pglite: new PGlite() };
  }
  await runMigrations(raw);
  const db = opts.install ? installDb(raw) : drizzleFor(raw);
  return {
    db,
    raw,
    kind: raw.kind,
    close: async () => {
      if (raw.kind === "pg") await raw.pool.end();
      else await raw.pglite.close();
      await drop?.();
    },
  };
}

export const dbKind = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
