// PostgreSQL test databases reused by the test files of one worker process: copying the template
// (CREATE DATABASE ... TEMPLATE) and dropping the copy cost about 0.9 s of wall time per file, a third
// of the PostgreSQL pass's worker time. A file's database is instead emptied when the file closes it
// and handed to the next file (template-reset.ts says what "emptied" proves); one whose schema a test
// changed is dropped. Connections a file left open are terminated first, as the drop WITH (FORCE)
// did, so nothing of one file reaches the next. Databases are named after Vitest's main process;
// its global teardown drops what the workers left idle (global-setup.ts).
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { ensurePgTemplate, withClient } from "./db-template";
import { emptyBackToTemplate, schemaFingerprint } from "./template-reset";

const MAX_IDLE = 2;
const idle: { name: string; schema: string }[] = [];
const leased = new Map<string, string>(); // database name -> its schema fingerprint
let templateSchema: Promise<string> | undefined;

/** Databases waiting for the next file in this process (for the pool's own tests). */
export const idleDatabases = () => idle.length;

/** The prefix of the databases a Vitest run (main process `runPid`) makes. */
export const runDatabasePrefix = (runPid: number) => `rb_test_${runPid}_`;

const on = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const queryOn = (c: pg.Client) => async (sql: string) => (await c.query<Record<string, string>>(sql)).rows;

/** A database holding exactly the migrated template, for one file until releasePgDatabase. */
export async function leasePgDatabase(url: string): Promise<string> {
  const reused = idle.pop();
  if (reused) {
    leased.set(reused.name, reused.schema);
    return reused.name;
  }
  // Workers are forks of Vitest's main process, whose teardown drops this run's databases by prefix.
  const name = `${runDatabasePrefix(process.ppid)}${randomBytes(4).toString("hex")}`;
  await withClient(url, async (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${await ensurePgTemplate(url)}`));
  // Every copy has the template's schema: read it once per process, from the first copy.
  templateSchema ??= withClient(on(url, name), (c) => schemaFingerprint(queryOn(c)));
  leased.set(name, await templateSchema);
  return name;
}

/** Ends a file's lease (after its pools ended): emptied and kept for the next file, or dropped. */
export async function releasePgDatabase(url: string, name: string): Promise<void> {
  const schema = leased.get(name);
  if (schema === undefined) throw new Error(`releasePgDatabase: ${name} is not leased`);
  leased.delete(name);
  await withClient(url, (c) => c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]));
  const reusable = idle.length < MAX_IDLE && (await withClient(on(url, name), (c) => emptyBackToTemplate(queryOn(c), schema)));
  if (reusable) idle.push({ name, schema });
  else await withClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops every database of the run `runPid` (global teardown). */
export async function dropRunDatabases(url: string, runPid: number): Promise<void> {
  await withClient(url, async (c) => {
    const left = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [runDatabasePrefix(runPid)]);
    for (const { datname } of left.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
