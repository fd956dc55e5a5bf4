// Seeds EVERY table of the live schema with two rows of awkward values, read from the catalogue so
// a table added later is seeded too: quotes, backslashes, newlines, tabs, emoji, statement-looking
// text, bigints beyond 2^53, microsecond timestamps, jsonb, arrays, NULLs in the second row. Foreign
// keys point at the referenced table's row of the same index; a column that a `col in ('A', ...)`
// check limits takes its first allowed value. When a table's other checks refuse a row, the row is
// tried again with one nullable reference, then all of them, then all nullable columns, left NULL.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { loadCatalog, quoteIdent, type CatalogColumn } from "../../src/server/services/backup/catalog";

type Rows<T> = { rows: T[] };
const q = async <T>(db: Db, s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as Rows<T>).rows;

export const AWKWARD_TEXT = [
  `it's "quoted" \\ back\\slash\nsecond line\r\n\ttab 🚀 中文 ');\nDROP TABLE users; -- \\! rm -rf / $$ dollar $$ E'x'`,
  `O''Reilly \\x00 /* not a comment */ \u00e9\u0301 \u2028 end`,
];

function valueFor(col: CatalogColumn, i: number, allowed: string | undefined): string {
  if (allowed !== undefined) return allowed;
  const t = col.type;
  if (t.endsWith("[]")) return i === 0 ? `{"a,b","q\\"d","back\\\\slash",NULL,"中文"}` : "{}";
  if (t === "uuid") return randomUUID();
  // The second row's bigint is 1, not 0: a ledger amount may not be zero (wallet_transactions).
  if (t === "bigint") return i === 0 ? "9007199254740993" : "1";
  if (t === "integer" || t === "smallint") return String(7 + i);
  if (t.startsWith("numeric")) return i === 0 ? "12345678901234567890.000000000123" : "0.5";
  if (t === "double precision") return i === 0 ? "1.0000000000000002" : "-0.1";
  if (t === "real") return "0.1";
  if (t === "boolean") return i === 0 ? "true" : "false";
  if (t === "timestamp with time zone") return i === 0 ? "2026-01-02 03:04:05.123456+00" : "1999-12-31 23:59:59.999999+00";
  if (t.startsWith("timestamp")) return "2026-01-02 03:04:05.654321";
  if (t === "date") return i === 0 ? "2026-02-28" : "2024-02-29";
  if (t === "jsonb" || t === "json") return i === 0 ? `{"q":"it's \\"x\\"","n":[1,2.5,null,true],"u":"中文🚀","bs":"a\\\\b\\n","big":12345678901234567890}` : `[]`;
  if (t === "bytea") return "\\x00ff10";
  if (t === "inet") return i === 0 ? "2001:db8::1" : "192.0.2.1";
  return `${AWKWARD_TEXT[i]} #${i}`;
}

/** Inserts two rows into every table; returns the table names seeded. */
export async function seedEveryTable(db: Db): Promise<string[]> {
  const catalog = await loadCatalog(db);
  const fks = await q<{ tbl: string; col: string; ref: string; refcol: string }>(
    db,
    sql`select c.relname as tbl, a.attname as col, fc.relname as ref, fa.attname as refcol
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_class fc on fc.oid = con.confrelid
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
        join pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = con.confkey[1]
        where n.nspname = 'public' and con.contype = 'f'`,
  );
  const checks = await q<{ tbl: string; def: string }>(
    db,
    sql`select c.relname as tbl, pg_get_constraintdef(con.oid) as def from pg_constraint con
        join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and con.contype = 'c'`,
  );
  const notNull = new Set(
    (await q<{ k: string }>(db, sql`select c.relname || '.' || a.attname as k from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and a.attnum > 0 and a.attnotnull`)).map((r) => r.k),
  );
  const seeded = new Map<string, Record<string, string | null>[]>();
  for (const t of catalog.tables) {
    const mine = fks.filter((f) => f.tbl === t.name);
    const allowedOf = (col: string) => {
      for (const c of checks.filter((x) => x.tbl === t.name)) {
        const m = new RegExp(`\\(?${col}\\)?(?:::text)? = ANY \\(\\(?ARRAY\\['([^']*)'`).exec(c.def) ?? new RegExp(`${col}\\)? IN \\('([^']*)'`, "i").exec(c.def);
        if (m) return m[1];
      }
      return undefined;
    };
    const rows: Record<string, string | null>[] = [];
    for (let i = 0; i < 2; i++) {
      const base: Record<string, string | null> = {};
      // The second row before its optional columns were emptied: the last attempt, for a check that
      // ties an optional column to another (a payout's details are required unless it goes to the balance).
      const full: Record<string, string | null> = {};
      for (const c of t.columns) {
        const fk = mine.find((f) => f.col === c.name);
        if (fk && fk.ref === t.name) base[c.name] = i === 0 ? null : (rows[0]?.[fk.refcol] ?? null);
        else if (fk) base[c.name] = seeded.get(fk.ref)?.[i]?.[fk.refcol] ?? seeded.get(fk.ref)?.[0]?.[fk.refcol] ?? null;
        else base[c.name] = valueFor(c, i, allowedOf(c.name));
        full[c.name] = base[c.name] ?? null;
        // The second row leaves every optional column empty (NULL round trip).
        if (i === 1 && !notNull.has(`${t.name}.${c.name}`) && !t.primaryKey.includes(c.name) && !fk) base[c.name] = null;
      }
      const nullableRefs = mine.filter((f) => f.ref !== t.name && !notNull.has(`${t.name}.${f.col}`)).map((f) => f.col);
      const attempts = [
        base,
        ...nullableRefs.map((col) => ({ ...base, [col]: null })),
        Object.fromEntries(Object.entries(base).map(([k, v]) => [k, mine.some((f) => f.col === k) && !notNull.has(`${t.name}.${k}`) ? null : v])),
        Object.fromEntries(Object.entries(base).map(([k, v]) => [k, notNull.has(`${t.name}.${k}`) ? v : null])),
        full,
      ];
      let lastErr: unknown;
      let done = false;
      for (const row of attempts) {
        const cols = t.columns.map((c) => c.name);
        try {
          await db.transaction(async (tx) => {
            await tx.execute(
              sql`insert into ${sql.raw(quoteIdent(t.name))} (${sql.raw(cols.map(quoteIdent).join(", "))}) ${t.columns.some((c) => c.identityAlways) ? sql`overriding system value ` : sql``}values (${sql.join(
                t.columns.map((c) => sql`${row[c.name]}::text::${sql.raw(c.type)}`),
                sql`, `,
              )})`,
            );
          });
          rows.push(row);
          done = true;
          break;
        } catch (err) {
          lastErr = err;
        }
      }
      if (!done) throw new Error(`seeding ${t.name} failed: ${(lastErr as { cause?: Error })?.cause?.message ?? (lastErr as Error).message}`);
    }
    seeded.set(t.name, rows);
  }
  return catalog.tables.map((t) => t.name);
}

/** Every row of every table as text, in primary-key order, with output formats pinned. */
export async function snapshotEveryTable(db: Db): Promise<Record<string, Record<string, string | null>[]>> {
  const catalog = await loadCatalog(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('TimeZone', 'UTC', true), set_config('extra_float_digits', '3', true), set_config('DateStyle', 'ISO, YMD', true), set_config('bytea_output', 'hex', true)`);
    const out: Record<string, Record<string, string | null>[]> = {};
    for (const t of catalog.tables) {
      const cols = t.columns.map((c) => `${quoteIdent(c.name)}::text as ${quoteIdent(c.name)}`).join(", ");
      const order = t.primaryKey.length ? t.primaryKey.map(quoteIdent).join(", ") : cols.length ? "1" : "ctid";
      out[t.name] = ((await tx.execute(sql.raw(`select ${cols} from ${quoteIdent(t.name)} order by ${order}`))) as unknown as Rows<Record<string, string | null>>).rows;
    }
    return out;
  });
}
