// A database of its own on the server of `url` (created now, dropped by `drop`), for a server that
// must not share rows with the suite's: a worker slot's (global-setup.ts) or a cluster's (cluster.ts).
import pg from "pg";

export interface SiblingDatabase { url: string; drop: () => Promise<void> }

export async function siblingDatabase(url: string, name: string): Promise<SiblingDatabase> {
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
