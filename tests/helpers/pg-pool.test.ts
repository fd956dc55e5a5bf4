// The PostgreSQL database pool hands the next file a database equal to a fresh template copy (rows
// gone, identities restarted), ends connections the last file left open, drops a database whose schema
// a test changed, and the run's teardown drops what was kept.
import pg from "pg";
import { expect, it } from "vitest";
import { idleDatabases, leasePgDatabase, releasePgDatabase, runDatabasePrefix } from "./pg-pool";
import { describeOnPostgres } from "./requirements";

const url = process.env.TEST_DATABASE_URL ?? "";
const on = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function sql<T extends pg.QueryResultRow>(target: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: target });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}
/** Leases what earlier files of this process left idle, so the database a test releases is the only one kept. */
async function drained() {
  const held: string[] = [];
  while (idleDatabases() > 0) held.push(await leasePgDatabase(url));
  return { release: () => Promise.all(held.map((n) => releasePgDatabase(url, n))) };
}
const exists = async (name: string) => (await sql(url, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length === 1;

describeOnPostgres("PostgreSQL database pool", () => {
  it("empties a released database, ends its stray connections and hands it to the next lease", async () => {
    const others = await drained();
    const name = await leasePgDatabase(url);
    expect(name.startsWith(runDatabasePrefix(process.ppid))).toBe(true);
    await sql(on(name), "INSERT INTO audit_logs (action, actor_kind) VALUES ('x.y', 'SYSTEM'), ('x.z', 'SYSTEM')");
    const stray = new pg.Client({ connectionString: on(name) }); // a connection the file forgot to close
    stray.on("error", () => undefined);
    await stray.connect();
    const ended = new Promise((r) => stray.once("end", r));
    await releasePgDatabase(url, name);
    await ended;

    const next = await leasePgDatabase(url);
    expect(next).toBe(name);
    expect(await sql(on(next), "SELECT count(*)::int AS n FROM audit_logs")).toEqual([{ n: 0 }]);
    expect(await sql(on(next), "INSERT INTO audit_logs (action, actor_kind) VALUES ('x.y', 'SYSTEM') RETURNING id::int AS id")).toEqual([{ id: 1 }]);
    await releasePgDatabase(url, next);
    await others.release();
  });

  it("drops a database whose schema a test changed", async () => {
    const name = await leasePgDatabase(url);
    await sql(on(name), "CREATE TABLE stray (id int)");
    await releasePgDatabase(url, name);
    expect(await exists(name)).toBe(false);
  });
});
