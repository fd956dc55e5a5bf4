// e2e/helpers.ts clientIp(): the browser tests' client addresses never repeat within a run, even
// across Playwright worker processes (each is a separate process here, sharing the run's E2E_DIR).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { isIPv4, BlockList } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PER_PROCESS = 200;

function addressesFrom(e2eDir: string): Promise<string[]> {
  const code = `import("./e2e/helpers.ts").then((m) => { const a = []; for (let i = 0; i < ${PER_PROCESS}; i++) a.push(m.clientIp()); console.log(a.join("\\n")); })`;
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_DIR: e2eDir };
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "-e", code], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.on("error", reject);
    child.on("close", (status) => (status === 0 ? resolve(out.trim().split("\n")) : reject(new Error(`exit ${status}`))));
  });
}

describe("e2e clientIp()", () => {
  it("gives every call in a run its own address, across four concurrent worker processes, inside 198.18.0.0/15", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rb-e2e-ips-"));
    try {
      const all = (await Promise.all([1, 2, 3, 4].map(() => addressesFrom(dir)))).flat();
      expect(all).toHaveLength(4 * PER_PROCESS);
      expect(new Set(all).size).toBe(all.length);
      const range = new BlockList();
      range.addSubnet("198.18.0.0", 15, "ipv4");
      expect(all.every((ip) => isIPv4(ip) && range.check(ip, "ipv4"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
