// `backup [file]` and `restore <file>`: the admin page's dump and restore for operators. Both need
// the database itself (DATABASE_URL, or the embedded one with the service stopped): a dump can be
// far larger than one control-socket message, and the service cannot read the operator's files.
import { access } from "node:fs/promises";
import { UsageError } from "../args";
import type { RestoreResult } from "../../src/server/services/backup";
import { table } from "../format";
import type { Command } from "../registry";

const backupService = () => import("../../src/server/services/backup");

const backup: Command = {
  path: ["backup"],
  summary: "Write an SQL dump of the whole database to a file (or to standard output)",
  description:
    "Every table as INSERT statements, one consistent snapshot, with a header naming the format and\n" +
    "the migration level. Secrets inside stay encrypted: keep ENCRYPTION_KEY with the dump.\n" +
    "A file is written beside its final name and renamed in when complete (never over an existing file).\n" +
    "With the embedded database, stop the service first (or download it from /admin/backup).",
  positionals: [{ name: "file", description: "where to write the dump (standard output when omitted)" }],
  directOnly: true,
  async run(c, { positionals }) {
    const file = positionals.file as string | undefined;
    const { backupToPath, writeDump } = await backupService();
    if (!file) {
      // Our chunks end with a newline; out() adds one back.
      await writeDump(await c.db(), async (s) => c.out(s.endsWith("\n") ? s.slice(0, -1) : s));
      return;
    }
    if (await access(file).then(() => true, () => false)) throw new UsageError(`${file} exists; choose a new file name`);
    const summary = await backupToPath(await c.ctx(), file);
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    c.err(`wrote ${file}: ${Object.keys(summary.rows).length} tables, ${rows} rows, migration level ${summary.level.count}`);
  },
};

function printResult(c: Parameters<Command["run"]>[0], r: RestoreResult) {
  for (const line of table(["TABLE", "ROWS"], Object.entries(r.rows).map(([t, n]) => [t, String(n)]))) c.out(line);
  c.out(`restored ${Object.values(r.rows).reduce((a, b) => a + b, 0)} rows; ${r.sessionsRevoked} open sessions revoked (everyone signs in again)`);
}

const restore: Command = {
  path: ["restore"],
  summary: "Replace ALL data with the rows of a dump made by `backup` (asks nothing else)",
  description:
    "The whole file is checked first: only INSERT statements of literal values into known tables and\n" +
    "columns are accepted, and the dump's migration level must equal the database's. Anything else\n" +
    "refuses the file with its line number and changes nothing. Then, in one transaction, every table\n" +
    "is emptied, the rows are inserted, sequences are moved past the restored ids and every session is\n" +
    "revoked. With the embedded database, stop the service first.\n" +
    "JSON shape: { rows: { <table>: number }, dumpCreatedAt: string | null, sessionsRevoked: number }",
  positionals: [{ name: "file", description: "the dump to restore", required: true }],
  json: true,
  directOnly: true,
  async run(c, { positionals, options: o }) {
    const file = String(positionals.file);
    if (!(await access(file).then(() => true, () => false))) throw new UsageError(`cannot read ${file}`);
    const { restoreDumpFromPath } = await backupService();
    const result = await restoreDumpFromPath(await c.ctx(), file);
    if (o.json) c.json(result);
    else printResult(c, result);
  },
};

export const backupCommands: Command[] = [backup, restore];
