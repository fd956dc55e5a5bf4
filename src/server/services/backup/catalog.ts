// What a dump holds and a restore accepts, read from the live database rather than from the
// drizzle schema objects: every table our migrations created in `public` (so a table another area
// adds tomorrow is in the next dump without touching this file), its insertable columns with their
// exact SQL types, its primary key (the dump's keyset order), its foreign keys (the table order)
// and the sequences behind serial/identity columns (reset after a restore).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface CatalogColumn {
  name: string;
  /** format_type(): `timestamp with time zone`, `text[]`, `character varying(64)`... */
  type: string;
  /** pg_type.typcategory: N numeric, B boolean, others are written as quoted strings. */
  category: string;
  /** The sequence a serial/identity column draws from (reset to max after a restore). */
  sequence: string | null;
  /** GENERATED ALWAYS AS IDENTITY needs OVERRIDING SYSTEM VALUE to take a restored value. */
  identityAlways: boolean;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  /** Primary-key column names (empty: paged by ctid). */
  primaryKey: string[];
  /** Columns referencing this same table (users.invited_by_id): set after every row is in. */
  selfReferences: string[];
}

export interface Catalog {
  /** Tables in foreign-key dependency order: a table comes after every table it references. */
  tables: CatalogTable[];
  byName: Map<string, CatalogTable>;
}

/** A database or a transaction: anything that runs a statement. */
export type Executor = Pick<Db, "execute">;
type Q = Executor;
const rows = async <T>(db: Q, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

// A partitioned table (the access log, by day) is one table here: its partitions hold its rows and
// are not dumped again; a restore inserts into the parent, which routes each row to its day (or to
// the DEFAULT partition when that day's partition does not exist yet).
export async function loadCatalog(db: Q): Promise<Catalog> {
  const cols = await rows<{ tbl: string; col: string; type: string; category: string; generated: string; identity: string; seq: string | null }>(
    db,
    sql`select c.relname as tbl, a.attname as col, format_type(a.atttypid, a.atttypmod) as type, t.typcategory as category,
               a.attgenerated::text as generated, a.attidentity::text as identity,
               pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as seq
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid
        join pg_type t on t.oid = a.atttypid
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const cons = await rows<{ tbl: string; kind: string; cols: string; ref: string | null }>(
    db,
    sql`select c.relname as tbl, con.contype::text as kind, fc.relname as ref,
               (select string_agg(a.attname, ',' order by k.i) from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as cols
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_class fc on fc.oid = con.confrelid
        where n.nspname = 'public' and con.contype in ('p', 'f')`,
  );

  const tables = new Map<string, CatalogTable>();
  for (const r of cols) {
    let t = tables.get(r.tbl);
    if (!t) tables.set(r.tbl, (t = { name: r.tbl, columns: [], primaryKey: [], selfReferences: [] }));
    // Generated (computed) columns cannot be inserted; the database recomputes them.
    if (r.generated && r.generated !== "") continue;
    t.columns.push({ name: r.col, type: r.type, category: r.category, sequence: r.seq, identityAlways: r.identity === "a" });
  }
  const deps = new Map<string, Set<string>>();
  for (const t of tables.keys()) deps.set(t, new Set());
  for (const c of cons) {
    const t = tables.get(c.tbl);
    if (!t) continue;
    if (c.kind === "p") t.primaryKey = c.cols.split(",");
    else if (c.ref === c.tbl) t.selfReferences.push(...c.cols.split(","));
    else if (c.ref && tables.has(c.ref)) deps.get(c.tbl)!.add(c.ref);
  }
  for (const t of tables.values()) {
    if (t.selfReferences.length && t.primaryKey.length !== 1) throw new Error(`backup: self-referencing table ${t.name} needs a one-column primary key`);
  }
  const ordered = dependencyOrder(deps).map((name) => tables.get(name)!);
  return { tables: ordered, byName: new Map(ordered.map((t) => [t.name, t])) };
}

/** Kahn's algorithm, ties by name so the same schema always dumps in the same order. */
export function dependencyOrder(deps: Map<string, Set<string>>): string[] {
  const done = new Set<string>();
  const out: string[] = [];
  while (out.length < deps.size) {
    const ready = [...deps.keys()].filter((t) => !done.has(t) && [...deps.get(t)!].every((d) => done.has(d))).sort();
    if (!ready.length) {
      const left = [...deps.keys()].filter((t) => !done.has(t)).sort();
      throw new Error(`backup: foreign keys form a cycle among ${left.join(", ")}`);
    }
    for (const t of ready) {
      done.add(t);
      out.push(t);
    }
  }
  return out;
}

export interface MigrationLevel {
  count: number;
  /** drizzle's created_at (the migration folder's millis) of the newest applied migration. */
  last: string;
}

/** drizzle's own bookkeeping (schema `drizzle`), recorded in the dump header instead of dumped. */
export async function migrationLevel(db: Q): Promise<MigrationLevel> {
  const [exists] = await rows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return { count: 0, last: "0" };
  const [r] = await rows<{ n: number | string; last: string | null }>(db, sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  return { count: Number(r!.n), last: r!.last ?? "0" };
}

/** A double-quoted SQL identifier (names come from the catalog, never from a dump). */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
