// Writes the SQL dump: a header comment, then for every table (foreign-key order) its rows as
// multi-row INSERT statements of plain literals. Everything is read inside one REPEATABLE READ,
// READ ONLY transaction, so the dump is one consistent snapshot, page by page (keyset on the
// primary key), and handed to `write` as it goes: the database is never held in memory.
// Values are read as PostgreSQL's own text form (`col::text`) with the output settings pinned
// (ISO dates in UTC, shortest-exact floats, hex bytea), and that text is what the type's input
// function reads back: timestamps keep their microseconds, numerics their digits, jsonb/arrays/
// bytea their exact content, whatever the server's defaults are.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loadCatalog, migrationLevel, quoteIdent, type CatalogColumn, type Executor, type CatalogTable, type MigrationLevel } from "./catalog";

export const DUMP_FORMAT = "1";
export const DUMP_PAGE_ROWS = 500;
/** One INSERT carries at most this many rows or about this many characters, whichever first. */
const STATEMENT_ROWS = 100;
const STATEMENT_CHARS = 256 * 1024;

export interface DumpSummary {
  createdAt: string;
  level: MigrationLevel;
  rows: Record<string, number>;
}

/** A standard (non-E) string literal: only the quote is doubled; backslashes stay literal. */
export const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** One value in the form the restore parser accepts: NULL, TRUE/FALSE, a bare number or a string. */
export function sqlLiteral(value: string | null, col: Pick<CatalogColumn, "category">): string {
  if (value === null) return "NULL";
  if (col.category === "B") return value === "true" ? "TRUE" : "FALSE";
  // NaN and Infinity are not numbers to the parser; they travel quoted like any other text.
  if (col.category === "N" && PLAIN_NUMBER.test(value)) return value;
  return sqlString(value);
}

export function dumpHeader(createdAt: string, level: MigrationLevel, tables: string[]): string {
  return [
    "-- Relayboard database dump",
    `-- format: ${DUMP_FORMAT}`,
    `-- created: ${createdAt}`,
    `-- migrations: ${level.count}`,
    `-- migration-last: ${level.last}`,
    `-- tables: ${tables.join(", ")}`,
    "-- Data only (INSERT statements of literals): load it with `relayboard restore <file>` or on /admin/backup",
    "-- into a database migrated to the same level. Secrets inside are encrypted: keep ENCRYPTION_KEY with it.",
    "",
  ].join("\n");
}

type Row = Record<string, string | null>;
const rowsOf = async (tx: Executor, q: SQL): Promise<Row[]> => ((await tx.execute(q)) as unknown as { rows: Row[] }).rows;

/** The next page of a table after `cursor` (the previous page's last key), as text values c0..cN. */
function pageQuery(t: CatalogTable, cursor: (string | null)[] | null, limit: number): SQL {
  const select = sql.join(
    t.columns.map((c, i) => sql`${sql.raw(quoteIdent(c.name))}::text as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const keyCols = t.primaryKey.length ? t.primaryKey.map((k) => t.columns.find((c) => c.name === k)!) : null;
  const keyExpr = keyCols ? sql.raw(`(${keyCols.map((c) => quoteIdent(c.name)).join(", ")})`) : sql.raw("ctid");
  const keySelect = keyCols ? sql`` : sql`, ctid::text as k_ctid`;
  let where = sql``;
  if (cursor) {
    const bound = keyCols
      ? sql`(${sql.join(keyCols.map((c, i) => sql`${cursor[i]}::text::${sql.raw(c.type)}`), sql`, `)})`
      : sql`${cursor[0]}::text::tid`;
    where = sql` where ${keyExpr} > ${bound}`;
  }
  return sql`select ${select}${keySelect} from ${sql.raw(quoteIdent(t.name))}${where} order by ${keyExpr} limit ${limit}`;
}

async function dumpTable(tx: Executor, t: CatalogTable, write: (s: string) => Promise<void>, pageRows: number): Promise<number> {
  const head = `INSERT INTO ${quoteIdent(t.name)} (${t.columns.map((c) => quoteIdent(c.name)).join(", ")})${t.columns.some((c) => c.identityAlways) ? " OVERRIDING SYSTEM VALUE" : ""} VALUES\n`;
  const keyIdx = t.primaryKey.map((k) => t.columns.findIndex((c) => c.name === k));
  let cursor: (string | null)[] | null = null;
  let total = 0;
  for (;;) {
    const page = await rowsOf(tx, pageQuery(t, cursor, pageRows));
    if (!page.length) break;
    let stmt: string[] = [];
    let size = 0;
    const flush = async () => {
      if (!stmt.length) return;
      await write(`${head}${stmt.join(",\n")};\n`);
      stmt = [];
      size = 0;
    };
    for (const r of page) {
      const tuple = `(${t.columns.map((c, i) => sqlLiteral(r[`c${i}`] ?? null, c)).join(", ")})`;
      stmt.push(tuple);
      size += tuple.length;
      if (stmt.length >= STATEMENT_ROWS || size >= STATEMENT_CHARS) await flush();
    }
    await flush();
    total += page.length;
    const last = page[page.length - 1]!;
    cursor = keyIdx.length ? keyIdx.map((i) => last[`c${i}`] ?? null) : [last.k_ctid ?? null];
    if (page.length < pageRows) break;
  }
  return total;
}

/** Streams a whole dump into `write` (which should wait for the sink to drain). */
export async function writeDump(db: Db, write: (s: string) => Promise<void>, opts: { now?: Date; pageRows?: number } = {}): Promise<DumpSummary> {
  const createdAt = (opts.now ?? new Date()).toISOString();
  return db.transaction(
    async (tx) => {
      // Pin every output format the text form depends on, for this transaction only.
      await tx.execute(sql`select set_config('DateStyle', 'ISO, YMD', true), set_config('TimeZone', 'UTC', true),
        set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '3', true), set_config('bytea_output', 'hex', true)`);
      const catalog = await loadCatalog(tx);
      const level = await migrationLevel(tx);
      await write(dumpHeader(createdAt, level, catalog.tables.map((t) => t.name)));
      const counts: Record<string, number> = {};
      for (const t of catalog.tables) {
        await write(`\n-- table: ${t.name}\n`);
        counts[t.name] = await dumpTable(tx, t, write, opts.pageRows ?? DUMP_PAGE_ROWS);
      }
      await write(`\n-- end of dump (${Object.values(counts).reduce((a, b) => a + b, 0)} rows)\n`);
      return { createdAt, level, rows: counts };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
