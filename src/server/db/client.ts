// One database handle per process, shared through globalThis because the custom server (run by
// tsx) and Next's bundled route code each get their own copy of this module.
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { env } from "../env";
import { GateWriteClient } from "./gate-writes";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";
import { compileWasmOnce, PGLITE_START_PARAMS } from "./pglite-memory";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Tx = PgTransaction<PgQueryResultHKT, any>;

export type RawClient = { kind: "pglite"; pglite: PGlite } | { kind: "pg"; pool: pg.Pool };

const g = globalThis as unknown as { __relayboardRawDb?: RawClient; __relayboardDb?: Db };

export function openRawClient(opts: { databaseUrl?: string; dataDir: string }): RawClient {
  if (opts.databaseUrl) {
    // GateWriteClient: the subscription gate's read model must know when this process wrote (gate-writes.ts).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, Client: GateWriteClient });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
    return { kind: "pg", pool };
  }
  const dir = path.join(opts.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  compileWasmOnce();
  return { kind: "pglite", pglite: new PGlite(dir, { startParams: PGLITE_START_PARAMS, loadDataDir: emptyClusterFor(dir), extensions: PGLITE_EXTENSIONS }) };
}

/** Made by `npm run build` (scripts/pglite-template.mjs); found from the working directory like .next. */
const PGLITE_TEMPLATE = path.resolve(".next", "pglite-template.tar.gz");

/**
 * A new data directory starts from the build's empty cluster rather than PGlite's initdb, which
 * peaks near 1 GB resident; without a build (tests, a first `npm run dev`) initdb runs as before.
 */
function emptyClusterFor(dir: string): Blob | undefined {
  if (existsSync(path.join(dir, "PG_VERSION")) || !existsSync(PGLITE_TEMPLATE)) return undefined;
  return new Blob([readFileSync(PGLITE_TEMPLATE)]);
}

export function drizzleFor(raw: RawClient): Db {
  return (raw.kind === "pg" ? drizzlePg(raw.pool) : drizzlePglite(raw.pglite)) as unknown as Db;
}

/** Installs a client as the process-wide database (main server, CLI, tests). */
export function installDb(raw: RawClient): Db {
  g.__relayboardRawDb = raw;
  g.__relayboardDb = drizzleFor(raw);
  return g.__relayboardDb;
}

export function getRawClient(): RawClient {
  if (!g.__relayboardRawDb) {
    const e = env();
    installDb(openRawClient({ databaseUrl: e.DATABASE_URL, dataDir: e.dataDir }));
  }
  return g.__relayboardRawDb!;
}

export function getDb(): Db {
  if (!g.__relayboardDb) getRawClient();
  return g.__relayboardDb!;
}

export async function closeDb(): Promise<void> {
  const raw = g.__relayboardRawDb;
  g.__relayboardRawDb = undefined;
  g.__relayboardDb = undefined;
  if (!raw) return;
  if (raw.kind === "pg") await raw.pool.end();
  else await raw.pglite.close();
}

/** Plain SQL for health checks and the migration lock. */
export async function rawQuery(raw: RawClient, sqlText: string, params: unknown[] = []): Promise<unknown[]> {
  if (raw.kind === "pg") return (await raw.pool.query(sqlText, params)).rows;
  return (await raw.pglite.query(sqlText, params)).rows;
}
