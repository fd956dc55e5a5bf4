// `relayboard backup [file]` and `relayboard restore <file>`: a dump to standard output or a file
// (never over an existing one), a restore that prints rows per table, refusals as errors with the
// line, and both commands marked as needing the database itself (never forwarded to the service).
import { eq } from "drizzle-orm";
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_COMMANDS } from "../../cli/commands";
import { auditLogs, users } from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { cli, json } from "../cli/helpers";
import { tempDirForFile } from "./helpers";

const t = testDbForFile();
const tmp = tempDirForFile();

describe("CLI backup and restore", () => {
  it("backup prints the dump on standard output", async () => {
    const u = await makeUser(t.db);
    const r = await cli(t.db, "backup");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^-- Relayboard database dump\n-- format: 1\n/);
    expect(r.stdout).toContain(u.email);
    expect(r.stdout).toMatch(/-- end of dump \(\d+ rows\)\n$/);
  });

  it("backup <file> writes the file, refuses an existing one; restore <file> prints rows per table", async () => {
    const file = path.join(await tmp(), "cli.sql");
    const w = await cli(t.db, "backup", file);
    expect(w.code).toBe(0);
    expect(w.stderr).toMatch(/^wrote .*cli\.sql: \d+ tables, \d+ rows, migration level \d+\n$/);
    expect(await readFile(file, "utf8")).toMatch(/^-- Relayboard database dump/);
    expect((await cli(t.db, "backup", file)).code).not.toBe(0);

    const late = await makeUser(t.db, "USER", "cli-late@example.com");
    const r = await cli(t.db, "restore", file);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^TABLE\s+ROWS$/m);
    expect(r.stdout).toMatch(/^users\s+1$/m);
    expect(r.stdout).toMatch(/restored \d+ rows; \d+ open sessions revoked/);
    expect(await t.db.select().from(users).where(eq(users.id, late.id))).toHaveLength(0);
    expect(json<{ rows: Record<string, number> }>(await cli(t.db, "restore", file, "--json")).rows.users).toBe(1);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.action, "backup.restore"))).not.toHaveLength(0);
  });

  it("restore refuses a tampered file with its line and changes nothing", async () => {
    const file = path.join(await tmp(), "tampered.sql");
    const dump = (await cli(t.db, "backup")).stdout;
    await writeFile(file, `${dump}\\! cat /etc/passwd\n`);
    const before = await t.db.select().from(users);
    const r = await cli(t.db, "restore", file);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/VALIDATION/);
    expect(r.stderr).toContain(`Line ${dump.split("\n").length}`);
    expect(await t.db.select().from(users)).toEqual(before);
    expect((await cli(t.db, "restore", path.join(await tmp(), "missing.sql"))).code).not.toBe(0);
    await expect(access(path.join(await tmp(), "missing.sql"))).rejects.toBeTruthy();
  });

  it("both commands need the database itself (the bin never forwards them)", () => {
    for (const name of ["backup", "restore"]) expect(ALL_COMMANDS.find((c) => c.path.join(" ") === name)?.directOnly).toBe(true);
  });
});
