// --help on every command and group, and every kind of malformed command line exits 2 without
// touching the database (runCli is given none here: reaching it would fail the test).
import { describe, expect, it } from "vitest";
import { ALL_COMMANDS } from "../../cli/commands";
import { runCli } from "../../cli/run-cli";
import type { Command } from "../../cli/registry";

async function run(argv: string[], commands?: readonly Command[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) }, commands);
  return { code, stdout, stderr };
}

describe("cli help", () => {
  it("relayboard --help lists every command and exits 0", async () => {
    for (const argv of [["--help"], ["-h"]]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      for (const c of ALL_COMMANDS) expect(r.stdout).toContain(c.path.join(" "));
    }
  });

  it("every command answers --help with its usage, options and --json where it prints data", async () => {
    for (const c of ALL_COMMANDS) {
      const r = await run([...c.path, "--help"]);
      expect(r.code, c.path.join(" ")).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: relayboard ${c.path.join(" ")}`));
      expect(r.stdout).toContain("--help");
      if (c.json) expect(r.stdout).toContain("--json");
      for (const name of Object.keys(c.options ?? {})) expect(r.stdout).toContain(`--${name}`);
    }
  });

  it("help wins over missing or wrong arguments", async () => {
    expect((await run(["admin", "create", "--help"])).code).toBe(0);
    expect((await run(["user", "set-status", "only-one-arg", "-h"])).code).toBe(0);
  });

  it("a group lists its subcommands: exit 0 with --help, exit 2 when bare", async () => {
    const help = await run(["user", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("user list");
    expect(help.stdout).toContain("user set-status");
    expect(help.stdout).not.toContain("settings get");
    const bare = await run(["settings"]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe("");
    expect(bare.stderr).toContain("settings get");
    expect((await run([])).code).toBe(2);
  });
});

describe("cli usage errors exit 2", () => {
  const cases: [string, string[], RegExp][] = [
    ["unknown command", ["frobnicate"], /unknown command 'frobnicate'/],
    ["unknown subcommand", ["user", "delete"], /unknown command 'user delete'/],
    ["unknown option", ["user", "list", "--colour"], /unknown option '--colour'/],
    ["short option", ["user", "list", "-x"], /unknown option '-x'/],
    ["missing required option", ["admin", "create", "--password", "long-enough-1"], /missing required option '--email'/],
    ["missing secret option", ["admin", "create", "--email", "a@b.c"], /missing password: pipe it with --password-stdin, set RELAYBOARD_ADMIN_PASSWORD/],
    ["option without value", ["user", "list", "--page"], /'--page' needs a value/],
    ["value for a flag", ["user", "list", "--json=yes"], /takes no value/],
    ["repeated option", ["user", "list", "--q", "a", "--q", "b"], /more than once/],
    ["missing positional", ["user", "set-status", "a@b.c"], /missing argument <status>/],
    ["extra positional", ["user", "list", "surplus"], /unexpected argument 'surplus'/],
    ["settings set with nothing", ["settings", "set"], /nothing to set/],
    ["settings set without =", ["settings", "set", "siteName"], /expected key=value/],
    ["settings set key twice", ["settings", "set", "siteName=a", "siteName=b"], /more than once/],
  ];
  for (const [name, argv, message] of cases) {
    it(name, async () => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^error: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain("--help' for usage");
    });
  }
});

describe("cli command table", () => {
  it("a registered command gets parsing and help for free; the longest path wins", async () => {
    const seen: string[] = [];
    const table: Command[] = [
      { path: ["node"], summary: "show nodes", positionals: [{ name: "id", description: "node id" }], run: async (c, a) => void seen.push(`node:${a.positionals.id ?? ""}`) },
      {
        path: ["node", "add"],
        summary: "add a node",
        json: true,
        options: { url: { type: "string", description: "panel url", required: true } },
        run: async (c, a) => {
          seen.push(`add:${a.options.url}`);
          if (a.options.json) c.json({ ok: true });
          return 0;
        },
      },
    ];
    expect((await run(["node", "add", "--url", "http://x", "--json"], table)).stdout).toBe('{\n  "ok": true\n}\n');
    expect((await run(["node", "n1"], table)).code).toBe(0);
    expect(seen).toEqual(["add:http://x", "node:n1"]);
    const help = await run(["node", "add", "--help"], table);
    expect(help.stdout).toContain("--url <url>");
    expect(help.stdout).toContain("(required)");
    expect((await run(["--help"], table)).stdout).toContain("node add");
  });
});
