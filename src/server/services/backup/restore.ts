// Restore in two passes over the dump file. Pass one parses all of it against the catalogue and
// reads the header; any refusal ends the restore before the database is touched. Pass two runs in
// ONE transaction: the restorer (never the dump) empties every known table, inserts the parsed rows
// through its own parameterised statements (each value cast from text to the column's catalogue
// type), fills self-references once every row is in, resets every serial/identity sequence to the
// column's maximum and revokes every session. Either all of it commits or none of it does.
import { sql, type SQL } from "drizzle-orm";
import { createReadStream } from "node:fs";
import type { Db } from "../../db/client";
import { conflict, validationError, type DomainError } from "../../errors";
import { loadCatalog, migrationLevel, quoteIdent, type Catalog, type Executor, type CatalogTable, type MigrationLevel } from "./catalog";
import { DUMP_FORMAT } from "./dump-writer";
import { DumpRefused, parseDump, type DumpProblem, type InsertStatement } from "./dump-parser";

export interface RestoreResult {
  /** Rows restored per table, in restore order (tables the dump left empty count 0). */
  rows: Record<string, number>;
  dumpCreatedAt: string | null;
  /** Sessions that were still open in the dump and are now revoked. */
  sessionsRevoked: number;
}

/** A table's parameters per statement stay well under PostgreSQL's 65,535. */
const MAX_PARAMS = 20_000;

const readChunks = (file: string) => createReadStream(file, { encoding: "utf8", highWaterMark: 64 * 1024 }) as AsyncIterable<string>;

export function refusal(p: DumpProblem): DomainError {
  switch (p.kind) {
    case "syntax":
      return validationError("backup_syntax", { line: p.line, near: p.near });
    case "statement":
      return validationError("backup_statement_refused", { line: p.line, statement: p.statement });
    case "unknown_table":
      return validationError("backup_unknown_table", { line: p.line, table: p.table });
    case "unknown_column":
      return validationError("backup_unknown_column", { line: p.line, table: p.table, column: p.column });
    case "value_count":
      return validationError("backup_value_count", { line: p.line, expected: p.expected, found: p.found });
    case "statement_too_large":
      return validationError("backup_statement_too_large", { line: p.line, max: p.max });
  }
}

const levelText = (l: MigrationLevel) => `${l.count}/${l.last}`;

/** Pass one: the whole file parsed, header checked; returns the rows per table it would restore. */
export async function checkDumpFile(file: string, catalog: Catalog, level: MigrationLevel): Promise<{ rows: Record<string, number>; createdAt: string | null }> {
  const rows: Record<string, number> = {};
  let createdAt: string | null = null;
  try {
    for await (const ev of parseDump(readChunks(file), catalog)) {
      if (ev.kind === "header") {
        const h = ev.fields;
        if (h.migrations === undefined || h["migration-last"] === undefined || h.format === undefined) throw validationError("backup_header_missing");
        if (h.format !== DUMP_FORMAT) throw validationError("backup_format_unsupported", { format: h.format.slice(0, 20) });
        const dumpLevel = { count: Number(h.migrations), last: h["migration-last"] };
        if (dumpLevel.count !== level.count || dumpLevel.last !== level.last) {
          throw conflict("backup_migration_mismatch", { dump: levelText(dumpLevel).slice(0, 60), database: levelText(level) });
        }
        createdAt = h.created ?? null;
      } else {
        rows[ev.stmt.table.name] = (rows[ev.stmt.table.name] ?? 0) + ev.stmt.rows.length;
      }
    }
  } catch (err) {
    if (err instanceof DumpRefused) throw refusal(err.problem);
    throw err;
  }
  return { rows, createdAt };
}

const typeOf = (t: CatalogTable, col: string) => t.columns.find((c) => c.name === col)!.type;

function insertQuery(stmt: InsertStatement, rows: (string | null)[][]): SQL {
  const t = stmt.table;
  const cols = sql.raw(stmt.columns.map(quoteIdent).join(", "));
  const overriding = stmt.columns.some((c) => t.columns.find((x) => x.name === c)!.identityAlways) ? sql` overriding system value` : sql``;
  const values = sql.join(
    rows.map((r) => sql`(${sql.join(r.map((v, i) => sql`${v}::text::${sql.raw(typeOf(t, stmt.columns[i]!))}`), sql`, `)})`),
    sql`, `,
  );
  return sql`insert into ${sql.raw(quoteIdent(t.name))} (${cols})${overriding} values ${values}`;
}

async function replayStatement(tx: Executor, stmt: InsertStatement): Promise<void> {
  const t = stmt.table;
  // Self-references are inserted empty and filled in at the end, when every row they name exists.
  const selfIdx = stmt.columns.flatMap((c, i) => (t.selfReferences.includes(c) ? [i] : []));
  const pkIdx = stmt.columns.indexOf(t.primaryKey[0] ?? "");
  let rows = stmt.rows;
  if (selfIdx.length) {
    const refs: SQL[] = [];
    rows = rows.map((r) => {
      const copy = [...r];
      for (const i of selfIdx) {
        if (copy[i] !== null && pkIdx >= 0 && r[pkIdx] !== null) refs.push(sql`(${t.name}, ${stmt.columns[i]!}, ${r[pkIdx]!}, ${copy[i]!})`);
        copy[i] = null;
      }
      return copy;
    });
    for (let i = 0; i < refs.length; i += MAX_PARAMS / 4) {
      await tx.execute(sql`insert into rb_restore_refs (tbl, col, pk, val) values ${sql.join(refs.slice(i, i + MAX_PARAMS / 4), sql`, `)}`);
    }
  }
  const per = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, stmt.columns.length)));
  for (let i = 0; i < rows.length; i += per) await tx.execute(insertQuery(stmt, rows.slice(i, i + per)));
}

async function fillSelfReferences(tx: Executor, catalog: Catalog): Promise<void> {
  for (const t of catalog.tables) {
    const pk = t.primaryKey[0];
    if (!pk) continue;
    for (const col of t.selfReferences) {
      await tx.execute(sql`update ${sql.raw(quoteIdent(t.name))} as t set ${sql.raw(quoteIdent(col))} = r.val::text::${sql.raw(typeOf(t, col))}
        from rb_restore_refs r where r.tbl = ${t.name} and r.col = ${col} and t.${sql.raw(quoteIdent(pk))} = r.pk::text::${sql.raw(typeOf(t, pk))}`);
    }
  }
}

async function resetSequences(tx: Executor, catalog: Catalog): Promise<void> {
  for (const t of catalog.tables) {
    for (const c of t.columns) {
      if (!c.sequence) continue;
      const col = sql.raw(quoteIdent(c.name));
      await tx.execute(sql`select setval(${c.sequence}::regclass, coalesce(max(${col}), 1), max(${col}) is not null) from ${sql.raw(quoteIdent(t.name))}`);
    }
  }
}

/** Validates then replaces the database's data with the dump's. Throws 400/409 before any write. */
export async function restoreDumpFile(db: Db, file: string, opts: { now?: Date } = {}): Promise<RestoreResult> {
  const catalog = await loadCatalog(db);
  const level = await migrationLevel(db);
  const checked = await checkDumpFile(file, catalog, level);
  const now = (opts.now ?? new Date()).toISOString();

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate table ${catalog.tables.map((t) => quoteIdent(t.name)).join(", ")}`));
    if (catalog.tables.some((t) => t.selfReferences.length)) {
      await tx.execute(sql`create temp table rb_restore_refs (tbl text not null, col text not null, pk text not null, val text not null) on commit drop`);
    }
    const rows: Record<string, number> = Object.fromEntries(catalog.tables.map((t) => [t.name, 0]));
    try {
      for await (const ev of parseDump(readChunks(file), catalog)) {
        if (ev.kind !== "insert") continue;
        try {
          await replayStatement(tx, ev.stmt);
        } catch (err) {
          // The dump parsed but its data does not fit (a value the type refuses, a broken
          // reference): nothing is kept, and the caller learns where.
          throw validationError("backup_replay_failed", { table: ev.stmt.table.name, line: ev.stmt.line, cause: pgCode(err) });
        }
        rows[ev.stmt.table.name]! += ev.stmt.rows.length;
      }
    } catch (err) {
      // The file changed between the passes: still all or nothing.
      if (err instanceof DumpRefused) throw refusal(err.problem);
      throw err;
    }
    try {
      await fillSelfReferences(tx, catalog);
    } catch (err) {
      throw validationError("backup_replay_failed", { table: "(references)", line: 0, cause: pgCode(err) });
    }
    await resetSequences(tx, catalog);
    // Explicit: every session in the restored data is revoked, so nobody (the restoring admin
    // included) keeps a session the restored data would otherwise accept or mis-attribute.
    let sessionsRevoked = 0;
    if (catalog.byName.has("user_sessions")) {
      const r = (await tx.execute(
        sql`with u as (update user_sessions set revoked_at = ${now}::timestamptz where revoked_at is null returning 1) select count(*)::int as n from u`,
      )) as unknown as { rows: { n: number | string }[] };
      sessionsRevoked = Number(r.rows[0]?.n ?? 0);
    }
    return { rows, dumpCreatedAt: checked.createdAt, sessionsRevoked };
  });
}

/** The SQLSTATE of a driver error (drizzle wraps it in `cause`), never its text: it may quote data. */
function pgCode(err: unknown): string {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return "unknown";
}
