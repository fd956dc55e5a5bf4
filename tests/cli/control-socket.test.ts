// The service's control socket: a forwarded command line runs through runCliCaptured on the
// service's database and its exit code and output come back intact.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCaptured } from "../../cli/run-in-service";
import { forwardToService } from "../../src/server/control/socket-client";
import { startControlSocket, type ControlSocket } from "../../src/server/control/socket-server";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
let control: ControlSocket;
let socketPath: string;
beforeAll(async () => {
  t = await createTestDb();
  socketPath = path.join(mkdtempSync(path.join(tmpdir(), "rb-sock-")), "relayboard.sock");
  control = await startControlSocket({ socketPath, run: (argv) => runCliCaptured(argv, t.db) });
});
afterAll(async () => {
  await control?.close();
  await t?.close();
});

function rawExchange(p: string, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.createConnection(p, () => c.write(payload));
    let got = "";
    c.setEncoding("utf8").on("data", (s: string) => (got += s));
    c.on("end", () => resolve(got));
    c.on("error", reject);
  });
}

describe("control socket", () => {
  it("forwards `user list --json` and returns the service's data", async () => {
    const u = await makeUser(t.db, "USER", "forwarded@example.com");
    const r = await forwardToService(socketPath, ["user", "list", "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as { users: { id: string; email: string }[]; total: number };
    expect(out.users).toContainEqual(expect.objectContaining({ id: u.id, email: "forwarded@example.com" }));
  });

  it("is owner-only (0600)", () => {
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
  });

  it("carries exit codes and stderr: usage (2) and domain errors (1)", async () => {
    const usage = await forwardToService(socketPath, ["user", "list", "--nope"]);
    expect(usage).toMatchObject({ code: 2, stdout: "" });
    expect(usage.stderr).toMatch(/^error: unknown option '--nope'/);
    const domain = await forwardToService(socketPath, ["user", "set-status", "ghost@example.com", "BANNED"]);
    expect(domain).toEqual({ code: 1, stdout: "", stderr: "error: NOT_FOUND: User not found.\n" });
  });

  it("serves several clients at once", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => forwardToService(socketPath, ["settings", "get", "siteName"])));
    for (const r of results) expect(r).toEqual({ code: 0, stdout: "Relayboard\n", stderr: "" });
  });

  it("answers a malformed request with exit 2 instead of running anything", async () => {
    for (const bad of ["not json\n", '{"argv": "user list"}\n', '{"argv": [1, 2]}\n']) {
      const line = await rawExchange(socketPath, bad);
      expect(JSON.parse(line)).toMatchObject({ code: 2, stdout: "" });
    }
  });

  it("reports a crash of run() as INTERNAL (exit 1) and keeps serving", async () => {
    const p = path.join(mkdtempSync(path.join(tmpdir(), "rb-sock-")), "c.sock");
    let calls = 0;
    const s = await startControlSocket({ socketPath: p, run: async () => (calls++ === 0 ? Promise.reject(new Error("boom")) : { code: 0, stdout: "ok\n", stderr: "" }) });
    try {
      expect(await forwardToService(p, ["x"])).toEqual({ code: 1, stdout: "", stderr: "error: INTERNAL: boom\n" });
      expect(await forwardToService(p, ["x"])).toEqual({ code: 0, stdout: "ok\n", stderr: "" });
    } finally {
      await s.close();
    }
    expect(existsSync(p)).toBe(false);
    await expect(forwardToService(p, ["x"])).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("replaces a socket file left by a killed process, but never a regular file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rb-sock-"));
    const p = path.join(dir, "relayboard.sock");
    const child = spawn(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(p)}, () => console.log("up"))`], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise((r) => child.stdout!.once("data", r));
    child.kill("SIGKILL");
    await new Promise((r) => child.on("exit", r));
    expect(statSync(p).isSocket()).toBe(true); // left behind
    await expect(forwardToService(p, ["x"])).rejects.toMatchObject({ code: "ECONNREFUSED" });
    const s = await startControlSocket({ socketPath: p, run: async (argv) => ({ code: 0, stdout: argv.join(" "), stderr: "" }) });
    expect((await forwardToService(p, ["a", "b"])).stdout).toBe("a b");
    await s.close();

    const file = path.join(dir, "not-a-socket");
    writeFileSync(file, "keep me");
    await expect(startControlSocket({ socketPath: file, run: async () => ({ code: 0, stdout: "", stderr: "" }) })).rejects.toThrow(/not a socket/);
    expect(existsSync(file)).toBe(true);
  });
});
