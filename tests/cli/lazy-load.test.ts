// Every bin run pays for the modules it loads (tsx compiles each one). Help, a usage error and a
// refusal need no database, so they must load neither the database client nor any service; a
// command that runs loads its own service and not the other commands'. A loader hook in the child
// (fixtures/record-modules.mjs) lists what the process really loaded.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lockFileOf } from "../../src/server/db/embedded-lock";
import { BIN, childEnv, migratedDataDir, ROOT, runNode, type Ran } from "./helpers";

const RECORDER = path.join(import.meta.dirname, "fixtures", "record-modules.mjs");

/** The bin as a child, with the modules it loaded as paths relative to the repository. */
async function binRecording(dataDir: string, ...argv: string[]): Promise<Ran & { modules: string[] }> {
  const log = path.join(mkdtempSync(path.join(tmpdir(), "rb-modules-")), "loaded.txt");
  writeFileSync(log, "");
  const r = await runNode(["--import", RECORDER, BIN, ...argv], childEnv({ DATA_DIR: dataDir, RB_MODULE_LOG: log }));
  const urls = readFileSync(log, "utf8").split("\n").filter((u) => u.startsWith("file:"));
  return { ...r, modules: urls.map((u) => path.relative(ROOT, fileURLToPath(u))) };
}

// Import-free files the command table uses for its help text: the ticket statuses, money formatting.
const HELP_TEXT_CONSTANTS = ["src/server/db/schema/support-kinds.ts", "src/server/services/catalog/money.ts"];

/** Database and service modules, and the drivers, beyond the given import-free ones. */
const databaseOrService = (modules: string[], allowed: string[] = []) =>
  modules.filter((m) => {
    if ([...HELP_TEXT_CONSTANTS, ...allowed].includes(m)) return false;
    return /^src\/server\/(db|services)\//.test(m) || /^node_modules\/(drizzle-orm|@electric-sql\/pglite|pg)\//.test(m);
  });

describe("the bin loads a command's services only when that command runs", () => {
  it("help, a usage error and a refusal load neither the database client nor any service", async () => {
    const never = path.join(mkdtempSync(path.join(tmpdir(), "rb-lazy-")), "never-created");
    const help = await binRecording(never, "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("settings get");
    // The recorder sees the TypeScript modules tsx compiles, the command table among them.
    expect(help.modules).toContain("cli/commands/settings.ts");
    expect(databaseOrService(help.modules)).toEqual([]);

    const usage = await binRecording(never, "user", "set-status", "ops@example.com");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/missing argument <status>/);
    expect(databaseOrService(usage.modules)).toEqual([]);

    // Another CLI run holds the data dir (this test process, alive): refused before any database work.
    const held = mkdtempSync(path.join(tmpdir(), "rb-lazy-"));
    writeFileSync(lockFileOf(held), JSON.stringify({ pid: process.pid, socketPath: null, startedAt: new Date().toISOString(), token: "t" }));
    const refused = await binRecording(held, "settings", "get");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: UNAVAILABLE: Another relayboard command/);
    // Reading the lock file is the one database-side module this route needs (node builtins only).
    expect(databaseOrService(refused.modules, ["src/server/db/embedded-lock.ts"])).toEqual([]);
  }, 60_000);

  it("a command that runs loads the database client and its own service, not the other commands'", async () => {
    const r = await binRecording(await migratedDataDir(), "settings", "get", "siteName");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.modules).toEqual(expect.arrayContaining(["src/server/db/client.ts", "src/server/services/settings/index.ts"]));
    // Every service entry point the other command files import when they run.
    const commandsDir = path.join(ROOT, "cli", "commands");
    const servicesOf = (f: string) => [...readFileSync(path.join(commandsDir, f), "utf8").matchAll(/import\("\.\.\/\.\.\/(src\/server\/services\/[\w-]+)"\)/g)].map((m) => `${m[1]}/index.ts`);
    // A service another command file uses too (settings: `subscription clients`) is still this command's own.
    const own = servicesOf("settings.ts");
    const others = readdirSync(commandsDir)
      .filter((f) => f !== "settings.ts")
      .flatMap(servicesOf)
      .filter((m) => !own.includes(m));
    expect(others).toEqual(expect.arrayContaining(["src/server/services/accounts/index.ts", "src/server/services/nodes/index.ts"]));
    expect(r.modules.filter((m) => others.includes(m))).toEqual([]);
  }, 60_000);
});
