// `relayboard node add` takes the panel password from stdin, an environment variable or a hidden
// prompt, so it need not be on the command line; through the real bin both when it opens the
// database itself and when it forwards to a running service (which cannot see the client's stdin).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runCli, type CliIo } from "../../cli/run-cli";
import { runCliCaptured } from "../../cli/run-in-service";
import { inlineSecrets } from "../../cli/secret-options";
import { ALL_COMMANDS } from "../../cli/commands";
import { startControlSocket } from "../../src/server/control/socket-server";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { acquireEmbeddedLock, socketFileOf } from "../../src/server/db/embedded-lock";
import { nodes } from "../../src/server/db/schema";
import { PASS, USER } from "../panel/helpers";
import { BIN, childEnv, migratedDataDir, ROOT, testDbWithXuiSimulator, type Ran } from "./helpers";

const t = testDbWithXuiSimulator();

let n = 0;
const addArgs = (...extra: string[]) => ["node", "add", "--name", `pw-node-${n++}`, "--panel-url", t.sim.url, "--username", USER, "--json", ...extra];

async function run(argv: string[], sources: Partial<CliIo> = {}): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db: t.db, ...sources });
  return { code, stdout, stderr };
}

const storedPassword = async (nodeId: string) => decryptSecret((await t.db.select().from(nodes).where(eq(nodes.id, nodeId)))[0]!.panelPasswordEnc);
const added = (r: Ran) => {
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as { node: { id: string }; sync: { ok: boolean } };
};

describe("node add: where the panel password comes from", () => {
  it("--password-stdin reads standard input (one trailing newline dropped)", async () => {
    const out = added(await run(addArgs("--password-stdin"), { readStdin: async () => `${PASS}\n` }));
    expect(out.sync.ok).toBe(true);
    expect(await storedPassword(out.node.id)).toBe(PASS);
  });

  it("RELAYBOARD_PANEL_PASSWORD from the environment", async () => {
    const out = added(await run(addArgs(), { env: { RELAYBOARD_PANEL_PASSWORD: PASS } }));
    expect(out.sync.ok).toBe(true);
  });

  it("a hidden prompt when on a terminal and no other source was given", async () => {
    const asked: string[] = [];
    const out = added(await run(addArgs(), { prompt: async (q) => (asked.push(q), PASS) }));
    expect(out.sync.ok).toBe(true);
    expect(asked).toEqual(["Panel password: "]);
  });

  it("--password still works; stdin wins over the environment; both --password and --password-stdin is a usage error", async () => {
    expect(added(await run(addArgs("--password", PASS))).sync.ok).toBe(true);
    const out = added(await run(addArgs("--password-stdin"), { readStdin: async () => PASS, env: { RELAYBOARD_PANEL_PASSWORD: "wrong" } }));
    expect(await storedPassword(out.node.id)).toBe(PASS);
    const both = await run(addArgs("--password", PASS, "--password-stdin"), { readStdin: async () => PASS });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
  });

  it("no source at all (not a terminal) is a usage error naming the ways to give it", async () => {
    const r = await run(addArgs());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--password-stdin.*RELAYBOARD_PANEL_PASSWORD/);
    const empty = await run(addArgs("--password-stdin"), { readStdin: async () => "\n" });
    expect(empty.code).toBe(2);
  });

  it("help documents the sources and calls --password discouraged", async () => {
    const r = await run(["node", "add", "--help"]);
    expect(r.stdout).toContain("--password-stdin");
    expect(r.stdout).toContain("RELAYBOARD_PANEL_PASSWORD");
    expect(r.stdout).toMatch(/discouraged/);
  });

  it("inlineSecrets puts a stdin/env secret into the forwarded argv and leaves other argv alone", async () => {
    const base = ["node", "add", "--name", "a", "--panel-url", "http://p", "--username", "u"];
    expect(await inlineSecrets([...base, "--password-stdin"], ALL_COMMANDS, { readStdin: async () => "p w\n" })).toEqual([...base, "--password=p w"]);
    expect(await inlineSecrets(["node", "add", "--password-stdin", ...base.slice(2)], ALL_COMMANDS, { readStdin: async () => "s" })).toEqual([...base, "--password=s"]);
    expect(await inlineSecrets(base, ALL_COMMANDS, { env: { RELAYBOARD_PANEL_PASSWORD: "e" } })).toEqual([...base, "--password=e"]);
    expect(await inlineSecrets([...base, "--password", "x"], ALL_COMMANDS, { env: { RELAYBOARD_PANEL_PASSWORD: "e" } })).toEqual([...base, "--password", "x"]);
    expect(await inlineSecrets(["user", "list"], ALL_COMMANDS, { env: { RELAYBOARD_PANEL_PASSWORD: "e" } })).toEqual(["user", "list"]);
    // A line that does not parse goes as is: the service reports the usage error.
    expect(await inlineSecrets(["node", "add", "--name", "a"], ALL_COMMANDS, { env: { RELAYBOARD_PANEL_PASSWORD: "e" } })).toEqual(["node", "add", "--name", "a"]);
    await expect(inlineSecrets(base, ALL_COMMANDS, {})).rejects.toThrow(/RELAYBOARD_PANEL_PASSWORD/);
  });
});

/** The real bin as a child process, with `input` on its stdin (not a terminal). */
function bin(dataDir: string, argv: string[], opts: { input?: string; env?: Record<string, string> } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: ROOT, env: childEnv({ DATA_DIR: dataDir, ...opts.env }), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(opts.input ?? "");
  });
}

describe("through the real bin", () => {
  it("forwarded to a running service: stdin and the environment are read by the client, not the service", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rb-pw-"));
    const lock = acquireEmbeddedLock(dir); // this test process plays the running service
    const received: string[][] = [];
    const control = await startControlSocket({ socketPath: socketFileOf(dir), run: (argv) => (received.push(argv), runCliCaptured(argv, t.db)) });
    try {
      const viaStdin = added(await bin(dir, addArgs("--password-stdin"), { input: `${PASS}\n` }));
      expect(viaStdin.sync.ok).toBe(true);
      expect(await storedPassword(viaStdin.node.id)).toBe(PASS);
      expect(received[0]).toContain(`--password=${PASS}`);
      expect(received[0]).not.toContain("--password-stdin");

      const viaEnv = added(await bin(dir, addArgs(), { env: { RELAYBOARD_PANEL_PASSWORD: PASS } }));
      expect(viaEnv.sync.ok).toBe(true);

      const none = await bin(dir, addArgs());
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/RELAYBOARD_PANEL_PASSWORD/);
      expect(received).toHaveLength(2); // nothing was sent without a password
    } finally {
      await control.close();
      lock.release();
    }
  }, 120_000);

  it("opening the embedded database itself: the environment variable is used", async () => {
    const dir = await migratedDataDir();
    const r = await bin(dir, addArgs(), { env: { RELAYBOARD_PANEL_PASSWORD: PASS } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).sync.ok).toBe(true);
  }, 120_000);
});
