// The tokenizer and parser work on a stream: a chunk may end anywhere, even between the two quotes
// of a doubled quote or inside a comment, and the result is the same as for the whole text.
import { describe, expect, it } from "vitest";
import { DumpRefused, parseDump, type DumpEvent } from "../../src/server/services/backup/dump-parser";
import type { Catalog, CatalogTable } from "../../src/server/services/backup/catalog";
import { SqlTokenizer } from "../../src/server/services/backup/sql-tokenizer";

const table: CatalogTable = {
  name: "notes",
  primaryKey: ["id"],
  selfReferences: [],
  columns: ["id", "body", "n", "flag"].map((name) => ({ name, type: "text", category: "S", sequence: null, identityAlways: false })),
};
const catalog: Catalog = { tables: [table], byName: new Map([["notes", table]]) };

const TEXT = `-- Relayboard database dump
-- format: 1
-- migrations: 3
-- migration-last: 42
/* a block /* nested */ comment */
INSERT INTO "notes" ("id", "body", "n", "flag") VALUES
('1', 'it''s ''quoted''; DROP TABLE x; -- not a comment', -12.5e-3, TRUE),
('2', 'back\\slash
new line 中文 🚀', 7, NULL), ('3', '', .5, FALSE);
insert into notes (id, BODY, n, flag) values ('4', '"', 0, null);
`;

async function* chunked(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function collect(text: string, size: number) {
  const out: DumpEvent[] = [];
  for await (const ev of parseDump(chunked(text, size), catalog)) out.push(ev);
  return out.map((e) => (e.kind === "header" ? e : { line: e.stmt.line, columns: e.stmt.columns, rows: e.stmt.rows }));
}

describe("streaming tokenizer and parser", () => {
  it("gives the same result for any chunk size", async () => {
    const whole = await collect(TEXT, TEXT.length);
    expect(whole[0]).toEqual({ kind: "header", fields: { format: "1", migrations: "3", "migration-last": "42" } });
    expect(whole[1]).toEqual({
      line: 6,
      columns: ["id", "body", "n", "flag"],
      rows: [
        ["1", "it's 'quoted'; DROP TABLE x; -- not a comment", "-12.5e-3", "true"],
        ["2", "back\\slash\nnew line 中文 🚀", "7", null],
        ["3", "", ".5", "false"],
      ],
    });
    expect(whole[2]).toEqual({ line: 10, columns: ["id", "body", "n", "flag"], rows: [["4", '"', "0", null]] });
    for (const size of [1, 2, 3, 7, 64]) expect(await collect(TEXT, size), `chunks of ${size}`).toEqual(whole);
  });

  it("reports an error where it is, whatever the chunking", async () => {
    const bad = `${TEXT}INSERT INTO "notes" ("id") VALUES (lower('x'));\n`;
    for (const size of [1, 5, bad.length]) {
      const err = await collect(bad, size).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DumpRefused);
      expect((err as DumpRefused).problem).toEqual({ kind: "syntax", line: 11, near: '"lower"' });
    }
  });

  it("ends an unterminated quote or comment as an error", () => {
    for (const text of ["'open", '"open', "/* open"]) {
      const tk = new SqlTokenizer();
      expect([...tk.push(text), ...tk.end()].pop()?.kind).toBe("error");
    }
  });
});
