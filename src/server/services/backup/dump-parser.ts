// Turns a dump's tokens into data, refusing anything that is not data. The grammar is the whole
// allow-list:
//   statement := INSERT INTO name "(" name ("," name)* ")" [OVERRIDING SYSTEM VALUE]
//                VALUES row ("," row)* ";"
//   row       := "(" value ("," value)* ")"
//   value     := 'string' | ["-"] number | NULL | TRUE | FALSE
// Names are checked against the live catalogue (known table, known insertable column, each once),
// and a row must have one value per column. Anything else (another statement, a function call, a
// sub-select, a cast, an operator) stops the parse with the line it is on. The parser only yields
// values; the restorer writes its own parameterised statements from them, so no text of the dump
// is ever executed.
import type { Catalog, CatalogTable } from "./catalog";
import { DumpSyntaxError, shown, SqlTokenizer, type Token } from "./sql-tokenizer";

/** More rows than this in one statement is not a dump we wrote (ours hold at most 100). */
export const MAX_ROWS_PER_STATEMENT = 5000;

export type DumpProblem =
  | { kind: "syntax"; line: number; near: string }
  | { kind: "statement"; line: number; statement: string }
  | { kind: "unknown_table"; line: number; table: string }
  | { kind: "unknown_column"; line: number; table: string; column: string }
  | { kind: "value_count"; line: number; expected: number; found: number }
  | { kind: "statement_too_large"; line: number; max: number };

export class DumpRefused extends Error {
  constructor(readonly problem: DumpProblem) {
    super(`dump refused at line ${problem.line}: ${problem.kind}`);
  }
}

export interface InsertStatement {
  line: number;
  table: CatalogTable;
  columns: string[];
  /** Each value as the text the column's input function reads, or null. */
  rows: (string | null)[][];
}

export type DumpEvent = { kind: "header"; fields: Record<string, string> } | { kind: "insert"; stmt: InsertStatement };

const HEADER_LINE = /^--\s*([a-z-]+):\s*(.*?)\s*$/;

/** A pull-based cursor over the tokens of a text stream (comments are set aside for the header). */
class TokenStream {
  private queue: Token[] = [];
  private tokenizer = new SqlTokenizer();
  private ended = false;
  lastLine = 1;
  constructor(
    private readonly chunks: AsyncIterator<string>,
    private readonly onComment: (t: Token) => void,
  ) {}

  async next(): Promise<Token | null> {
    for (;;) {
      const t = this.queue.shift();
      if (t) {
        this.lastLine = t.line;
        if (t.kind === "comment") {
          this.onComment(t);
          continue;
        }
        if (t.kind === "error") throw new DumpSyntaxError(t.line, t.value);
        return t;
      }
      if (this.ended) return null;
      const r = await this.chunks.next();
      if (r.done) {
        this.ended = true;
        this.queue.push(...this.tokenizer.end());
      } else this.queue.push(...this.tokenizer.push(r.value));
    }
  }
}

const isWord = (t: Token | null, w: string) => t?.kind === "word" && t.value.toUpperCase() === w;
const describe = (t: Token | null) => (t ? shown(t.value) : "end of file");

export async function* parseDump(chunks: AsyncIterable<string>, catalog: Catalog): AsyncGenerator<DumpEvent> {
  const header: Record<string, string> = {};
  let inHeader = true;
  const ts = new TokenStream(chunks[Symbol.asyncIterator](), (c) => {
    if (!inHeader) return;
    const m = HEADER_LINE.exec(c.value);
    if (m && !(m[1]! in header)) header[m[1]!] = m[2]!;
  });
  const syntax = (t: Token | null): never => {
    throw new DumpRefused({ kind: "syntax", line: t?.line ?? ts.lastLine, near: describe(t) });
  };
  const expectPunct = async (p: string) => {
    const t = await ts.next();
    if (t?.kind !== "punct" || t.value !== p) syntax(t);
  };
  const expectWord = async (w: string) => {
    const t = await ts.next();
    if (!isWord(t, w)) syntax(t);
  };
  // Unquoted names fold to lower case, as PostgreSQL folds them.
  const name = (t: Token | null): string => (t?.kind === "ident" ? t.value : t?.kind === "word" ? t.value.toLowerCase() : syntax(t));

  try {
    for (;;) {
      const first = await ts.next();
      if (inHeader) {
        inHeader = false;
        yield { kind: "header", fields: header };
      }
      if (!first) return;
      if (first.kind === "punct" && first.value === ";") continue; // an empty statement
      if (!isWord(first, "INSERT")) {
        if (first.kind === "word") throw new DumpRefused({ kind: "statement", line: first.line, statement: first.value.toUpperCase().slice(0, 40) });
        syntax(first);
      }
      await expectWord("INTO");
      const tableTok = await ts.next();
      const tableName = name(tableTok);
      const table = catalog.byName.get(tableName);
      if (!table) throw new DumpRefused({ kind: "unknown_table", line: tableTok!.line, table: tableName.slice(0, 80) });
      await expectPunct("(");
      const columns: string[] = [];
      for (;;) {
        const ct = await ts.next();
        const col = name(ct);
        if (!table.columns.some((c) => c.name === col) || columns.includes(col)) {
          throw new DumpRefused({ kind: "unknown_column", line: ct!.line, table: table.name, column: col.slice(0, 80) });
        }
        columns.push(col);
        const sep = await ts.next();
        if (sep?.kind === "punct" && sep.value === ")") break;
        if (sep?.kind !== "punct" || sep.value !== ",") syntax(sep);
      }
      let t = await ts.next();
      if (isWord(t, "OVERRIDING")) {
        await expectWord("SYSTEM");
        await expectWord("VALUE");
        t = await ts.next();
      }
      if (!isWord(t, "VALUES")) syntax(t);
      const rows: (string | null)[][] = [];
      for (;;) {
        const open = await ts.next();
        if (open?.kind !== "punct" || open.value !== "(") return syntax(open);
        const row: (string | null)[] = [];
        for (;;) {
          let v = await ts.next();
          let negative = false;
          if (v?.kind === "punct" && v.value === "-") {
            negative = true;
            v = await ts.next();
            if (v?.kind !== "number") syntax(v);
          }
          if (v?.kind === "string") row.push(v.value);
          else if (v?.kind === "number") row.push(negative ? `-${v.value}` : v.value);
          else if (isWord(v, "NULL")) row.push(null);
          else if (isWord(v, "TRUE")) row.push("true");
          else if (isWord(v, "FALSE")) row.push("false");
          else syntax(v);
          const sep = await ts.next();
          if (sep?.kind === "punct" && sep.value === ")") break;
          if (sep?.kind !== "punct" || sep.value !== ",") syntax(sep);
        }
        if (row.length !== columns.length) throw new DumpRefused({ kind: "value_count", line: open.line, expected: columns.length, found: row.length });
        rows.push(row);
        if (rows.length > MAX_ROWS_PER_STATEMENT) throw new DumpRefused({ kind: "statement_too_large", line: first.line, max: MAX_ROWS_PER_STATEMENT });
        const sep = await ts.next();
        if (sep?.kind === "punct" && sep.value === ";") break;
        if (sep?.kind !== "punct" || sep.value !== ",") syntax(sep);
      }
      yield { kind: "insert", stmt: { line: first.line, table, columns, rows } };
    }
  } catch (err) {
    if (err instanceof DumpSyntaxError) throw new DumpRefused({ kind: "syntax", line: err.line, near: err.near });
    throw err;
  }
}
