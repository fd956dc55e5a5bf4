// The PGlite pool hands the next file an instance equal to a fresh copy of the template: rows gone,
// identities restarted, session state discarded; an altered schema or an instance the test closed
// is never handed on; a released handle refuses every use.
import { describe, expect, it } from "vitest";
import { idleCount, leasePglite, releasePglite } from "./pglite-pool";

const count = async (db: Awaited<ReturnType<typeof leasePglite>>, table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

/** Leases whatever earlier files of this process left idle, so the instance a test releases is the only one in the pool. */
async function drained() {
  const held: Awaited<ReturnType<typeof leasePglite>>[] = [];
  while (idleCount() > 0) held.push(await leasePglite());
  return { release: () => Promise.all(held.map(releasePglite)) };
}

describe("PGlite pool", () => {
  it("empties a released instance: no rows, identities restarted, session settings reset", async () => {
    const others = await drained();
    const a = await leasePglite();
    await a.exec("INSERT INTO audit_logs (action, actor_kind) VALUES ('x.y', 'SYSTEM'), ('x.z', 'SYSTEM')");
    expect(await count(a, "audit_logs")).toBe(2);
    await a.exec("SET statement_timeout = '1234ms'");
    await releasePglite(a);
    expect(() => a.query("SELECT 1")).toThrow(/closed/);

    expect(idleCount()).toBe(1);
    const b = await leasePglite();
    expect(idleCount()).toBe(0); // the emptied instance was handed on, not a new one loaded
    expect(await count(b, "audit_logs")).toBe(0);
    await b.exec("INSERT INTO audit_logs (action, actor_kind) VALUES ('x.y', 'SYSTEM')");
    expect((await b.query<{ id: number }>("SELECT id::int AS id FROM audit_logs")).rows[0].id).toBe(1);
    expect((await b.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t")).rows[0].t).toBe("0");
    await releasePglite(b);
    await others.release();
  });

  it("does not hand on an instance whose schema a test changed, or that the test closed", async () => {
    const others = await drained();
    const a = await leasePglite();
    await a.exec("CREATE TABLE stray (id int)");
    await releasePglite(a);
    expect(idleCount()).toBe(0);

    const b = await leasePglite();
    expect((await b.query("SELECT 1 FROM pg_tables WHERE tablename = 'stray'")).rows).toEqual([]);
    await b.exec("ALTER TABLE audit_logs ADD COLUMN extra int");
    await releasePglite(b);
    expect(idleCount()).toBe(0);

    const c = await leasePglite();
    expect((await c.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'audit_logs' AND column_name = 'extra'")).rows).toEqual([]);
    await c.close();
    await releasePglite(c);
    expect(idleCount()).toBe(0);
    await others.release();
    // Three fresh PGlite instances, each unpacking the template and (since migration 0026) the pg_trgm
    // extension's bundle: 32 s on a machine at load average 8, against the default 30 s.
  }, 90_000);
});
