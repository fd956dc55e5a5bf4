// A fingerprint of everything a test database holds: per table of schema public, its row count and
// an md5 of its rows' text in a fixed order. Two equal fingerprints mean no row was added, removed or
// changed in between (the permission walk's "a refused call changes nothing"). Plain SQL that both
// engines run alike: PGlite is PostgreSQL compiled to WebAssembly.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

export type Fingerprint = Record<string, { rows: number; md5: string }>;

// Both drivers answer { rows }; drizzle's PgDatabase type does not say so.
const rows = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Table name -> { rows, md5 } for every base table in schema public. */
export async function dbFingerprint(db: Db): Promise<Fingerprint> {
  const tables = (await rows<{ table_name: string }>(db, sql`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)).map((r) => r.table_name);
  if (tables.length === 0) throw new Error("no table in schema public: fingerprinting the wrong database?");
  // One statement for all tables: ~100 round trips would cost more than the hashing does.
  const parts = tables.map(
    (t) => `SELECT ${quoteLiteral(t)} AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM public.${quoteIdent(t)} x`,
  );
  const found = await rows<{ t: string; n: number; h: string }>(db, sql.raw(parts.join("\nUNION ALL\n")));
  return Object.fromEntries(found.map((r) => [r.t, { rows: Number(r.n), md5: r.h }]));
}

/** The tables whose fingerprint differs between two snapshots (added or dropped tables count too). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => before[t]?.rows !== after[t]?.rows || before[t]?.md5 !== after[t]?.md5).sort();
}
