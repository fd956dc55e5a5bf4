// The built single file, run with node as an operator would: --version, status, configuration
// errors, and one real --once against an HTTP server in this process.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_VERSION } from "../../agent/src/version";
import { parseArgs } from "../../agent/src/main-args";
import { tempDir, xrayLine } from "./helpers";
import { TestServer } from "./test-server";

const root = path.resolve(import.meta.dirname, "../..");
const bundle = path.join(root, "agent/dist/relayboard-agent.mjs");

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle, ...args], { env: { PATH: process.env.PATH ?? "", TZ: "Asia/Shanghai", ...env } as unknown as NodeJS.ProcessEnv, timeout: 60_000, encoding: "utf8" }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let target: net.Server;
beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, "agent/build.mjs")], { cwd: root, stdio: "pipe" });
  target = net.createServer((s) => s.destroy());
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
}, 120_000);
afterAll(async () => {
  await new Promise((r) => target.close(r));
});

describe("relayboard-agent (built)", () => {
  it("is one file that imports only Node built-ins", () => {
    const src = readFileSync(bundle, "utf8");
    expect(src.startsWith("#!/usr/bin/env node")).toBe(true);
    const imports = [...src.matchAll(/from\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((i) => i!.startsWith("node:"))).toBe(true);
  });

  it("--version and --help", async () => {
    expect(await run(["--version"])).toMatchObject({ code: 0, stdout: `${AGENT_VERSION}\n` });
    expect((await run(["--help"])).stdout).toContain("relayboard-agent status");
    const bad = await run(["--frobnicate"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown argument: --frobnicate");
  });

  it("a configuration problem is exit 78 with the list of problems", async () => {
    const r = await run(["--once"], { RELAYBOARD_SERVER_URL: "https://b.example" });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain("the agent token is missing");
  });

  it("--once reports to the server, then status shows it", async () => {
    const server = await new TestServer().start();
    try {
      const dir = tempDir();
      const log = path.join(dir, "access.log");
      const tokenFile = path.join(dir, "token");
      writeFileSync(tokenFile, `rbn_${"C".repeat(43)}\n`, { mode: 0o600 });
      writeFileSync(log, `${xrayLine(1)}\n${xrayLine(2, "bob@example.com-c3d4", "2001:db8::77")}\n`);
      const config = path.join(dir, "agent.json");
      writeFileSync(config, JSON.stringify({ targets: { unicom: [`127.0.0.1:${(target.address() as AddressInfo).port}`] }, accessLog: { path: log, startAt: "start" }, intervals: { trace: 0 } }));
      const env = { RELAYBOARD_SERVER_URL: server.url, RELAYBOARD_AGENT_TOKEN_FILE: tokenFile, RELAYBOARD_STATE_DIR: path.join(dir, "state") };
      const r = await run(["--once", "--config", config], env);
      expect(r.stderr).not.toContain("error:");
      expect(r.code).toBe(0);
      expect(server.received.map((x) => x.path)).toEqual(["/api/agent/node-access", "/api/agent/metrics", "/api/agent/latency"]);
      const events = JSON.parse(server.received[0]!.body).events;
      // TZ=Asia/Shanghai: the log's local time gets +08:00
      expect(events.map((e: { sourceIp: string; firstSeenAt: string }) => [e.sourceIp, e.firstSeenAt])).toEqual([
        ["203.0.113.7", "2026-04-29T09:16:01.000+08:00"],
        ["2001:db8::77", "2026-04-29T09:16:02.000+08:00"],
      ]);
      const metrics = JSON.parse(server.received[1]!.body).metrics;
      expect(metrics.memTotalBytes).toBeGreaterThan(0);
      expect(metrics.cpuPercent).not.toBeNull();

      const status = await run(["status", "--state-dir", path.join(dir, "state")]);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain("agent: not running");
      expect(status.stdout).toMatch(/latency\s+last delivered 20\d\d-/);
      expect(status.stdout).toContain("queue: 0 batches");
      expect(status.stdout).toMatch(/access log: .*access\.log at byte \d+/);
      const json = JSON.parse((await run(["status", "--json"], env)).stdout);
      expect(json.queue).toMatchObject({ batches: 0, droppedFull: 0, droppedRejected: 0 });
      expect(existsSync(path.join(dir, "state", "agent.pid"))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it("parses its arguments", () => {
    expect(parseArgs(["status", "--json", "--state-dir=/x"])).toMatchObject({ command: "status", json: true, stateDir: "/x" });
    expect(parseArgs(["--once", "--config", "/c.json"])).toMatchObject({ command: "run", once: true, config: "/c.json" });
    expect(parseArgs(["--config"])).toBe("--config needs a value");
  });
});
