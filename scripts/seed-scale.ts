// `npm run seed:scale`: builds the scale data set (scripts/seed-scale-data.ts) on the PostgreSQL
// database named by SEED_DATABASE_URL. Refuses without one, and refuses a database that already has
// tables unless --force (which drops the public and drizzle schemas first: everything in them is
// lost). SCALE=0.01 makes a hundredth of it. Needs the ENCRYPTION_KEY the app will run with: download
// tokens are hashed and panel credentials encrypted with it. SEED_PAIRS_FILE=<path> writes the id and
// raw token of every servable subscription there (mode 0600) for the subscription bench; they are
// never printed. Ends with VACUUM ANALYZE, as autovacuum would on a live database: statistics for the
// planner and the visibility map for index-only scans.
import { chmodSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { runMigrations } from "../src/server/db/migrate";
import { seedScale } from "./seed-scale-data";

function fail(message: string): never {
  console.error(`seed:scale: ${message}`);
  process.exit(2);
}

const url = process.env.SEED_DATABASE_URL;
if (!url) fail("set SEED_DATABASE_URL to an empty PostgreSQL database (postgres://user@host:5432/name); nothing was written");
if (!process.env.ENCRYPTION_KEY) fail("set ENCRYPTION_KEY to the key the app will run with on this database (tokens are hashed and credentials encrypted with it); nothing was written");
// Read by the app's env parser, never used here: the seed signs nothing.
process.env.AUTH_SECRET ||= randomBytes(32).toString("base64");
const pairsFile = process.env.SEED_PAIRS_FILE;
const force = process.argv.includes("--force");
const unknown = process.argv.slice(2).filter((a) => a !== "--force");
if (unknown.length) fail(`unknown argument(s): ${unknown.join(" ")} (only --force)`);
const scale = Number(process.env.SCALE ?? 1);
if (!(scale > 0 && scale <= 10)) fail("SCALE must be a number above 0 and at most 10");

const pool = new pg.Pool({ connectionString: url, max: 2 });
const started = Date.now();
try {
  const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");
  if (rows[0]!.n > 0) {
    if (!force) fail(`the database is not empty (${rows[0]!.n} tables); use an empty one, or --force to drop its public and drizzle schemas first`);
    console.log("--force: dropping the public and drizzle schemas");
    await pool.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public");
  }
  await runMigrations({ kind: "pg", pool });
  const client = await pool.connect();
  try {
    const { counts, servable } = await seedScale(client, { scale, log: (line) => console.log(`  ${line}`) });
    if (pairsFile) {
      writeFileSync(pairsFile, `${JSON.stringify({ seededAt: new Date().toISOString(), pairs: servable })}\n`, { mode: 0o600 });
      chmodSync(pairsFile, 0o600);
      console.log(`  ${servable.length} servable subscriptions: ids and tokens written to ${pairsFile}`);
    }
    const t0 = Date.now();
    await client.query("vacuum analyze");
    console.log(`  vacuum analyze: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`seed:scale done in ${((Date.now() - started) / 1000).toFixed(0)} s (SCALE=${scale}): ${JSON.stringify({ ...counts, servable: servable.length })}`);
  } finally {
    client.release();
  }
} catch (err) {
  console.error(`seed:scale failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
