// A migrated database made once per run and copied for each test file, instead of migrating per file
// (PGlite's initdb plus 17 migrations cost seconds per file; PostgreSQL's about two). On PostgreSQL
// the copy is `CREATE DATABASE ... TEMPLATE`; on PGlite it is a dump of the migrated data directory
// loaded into a fresh instance. Both are named by a fingerprint of the migrations, so a new
// migration makes a new template and a stale one is never used.
import { PGlite } from "@electric-sql/pglite";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, runMigrations } from "../../src/server/db/migrate";
import { PGLITE_EXTENSIONS } from "../../src/server/db/pglite-extensions";

const PGLITE_PREFIX = "relayboard-test-pglite-";
const PG_PREFIX = "rb_tpl_";

/** Changes when any migration file (or the PGlite version, whose data directory format may change) does. */
export function migrationsFingerprint(): string {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]).sort();
  for (const file of files(folder)) hash.update(path.relative(folder, file)).update("\0").update(readFileSync(file)).update("\0");
  hash.update(JSON.parse(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  return hash.digest("hex").slice(0, 16);
}

export function pgliteSnapshotPath(fingerprint = migrationsFingerprint()): string {
  return path.join(tmpdir(), `${PGLITE_PREFIX}${fingerprint}.tar`);
}

/** Writes the migrated PGlite snapshot unless it exists; written aside and renamed, so a reader never sees half a file. */
export async function ensurePgliteSnapshot(): Promise<string> {
  const fingerprint = migrationsFingerprint();
  const file = pgliteSnapshotPath(fingerprint);
  if (existsSync(file)) return file;
  const db = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await runMigrations({ kind: "pglite", pglite: db });
    const dump = await db.dumpDataDir("none");
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  // Snapshots of older migration sets are dead weight in /tmp.
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(PGLITE_PREFIX) && !name.startsWith(`${PGLITE_PREFIX}${fingerprint}`)) rmSync(path.join(tmpdir(), name), { force: true });
  }
  return file;
}

/** A fresh in-memory PGlite holding the migrated snapshot. */
export async function pgliteFromSnapshot(): Promise<PGlite> {
  const file = await ensurePgliteSnapshot();
  const db = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
  await db.waitReady;
  return db;
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * The migrated template database on the server named by `url`, made unless it exists. It is migrated
 * under another name and renamed into place, so a file never copies a half-migrated template; two
 * runs making it at once both succeed (the loser drops its copy). Nobody connects to the template
 * afterwards: CREATE DATABASE ... TEMPLATE refuses a source with open connections.
 */
export async function ensurePgTemplate(url: string): Promise<string> {
  const name = `${PG_PREFIX}${migrationsFingerprint()}`;
  const exists = (c: pg.Client) => c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]).then((r) => (r.rowCount ?? 0) > 0);
  if (await withClient(url, exists)) return name;
  const building = `${name}_b${randomBytes(4).toString("hex")}`;
  await withClient(url, (c) => c.query(`CREATE DATABASE ${building}`));
  const u = new URL(url);
  u.pathname = `/${building}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 2 });
  try {
    await runMigrations({ kind: "pg", pool });
  } finally {
    await pool.end();
  }
  await withClient(url, async (c) => {
    try {
      await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (err) {
      if ((err as { code?: string }).code !== "42P04") throw err; // another run renamed its copy first
      await c.query(`DROP DATABASE IF EXISTS ${building}`);
    }
    // Templates of older migration sets: dropped when nobody is copying them (otherwise left for later).
    const old = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2", [`${PG_PREFIX}%`, name]);
    for (const { datname } of old.rows) {
      // Only finished templates; one still being built by another run ends in _b<random>.
      if (/^rb_tpl_[0-9a-f]{16}$/.test(datname)) await c.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
  });
  return name;
}
