// The real package bin as a child process: tsx registration, configuration from the environment,
// embedded PGlite under DATA_DIR with the lock, and forwarding to a running service's socket.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCaptured } from "../../cli/run-in-service";
import { startControlSocket } from "../../src/server/control/socket-server";
import { acquireEmbeddedLock, lockFileOf, socketFileOf } from "../../src/server/db/embedded-lock";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { itOnPostgres } from "../helpers/requirements";
import { BIN, childEnv, runNode } from "./helpers";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "rb-bin-"));
const bin = (dataDir: string, ...argv: string[]) => runNode([BIN, ...argv], childEnv({ DATA_DIR: dataDir }));
const binWithEnv = (dataDir: string, env: Record<string, string>, ...argv: string[]) => runNode([BIN, ...argv], childEnv({ DATA_DIR: dataDir, ...env }));

describe("bin/relayboard.mjs", () => {
  it("--help lists the commands without touching DATA_DIR", async () => {
    const dir = path.join(tempDir(), "never-created");
    const r = await bin(dir, "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("user list");
    expect(r.stdout).toContain("settings set");
    expect(existsSync(dir)).toBe(false);
  });

  it("runs on a fresh embedded PGlite: migrates, persists across runs, releases the lock", async () => {
    const dir = tempDir();
    const empty = await bin(dir, "user", "list", "--json");
    expect(empty.stderr).toBe("");
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ users: [], total: 0, page: 1, pageSize: 20 });
    expect(existsSync(path.join(dir, "pglite"))).toBe(true);
    expect(existsSync(lockFileOf(dir))).toBe(false);

    const created = await bin(dir, "admin", "create", "--email", "ops@example.com", "--password", "long-enough-1");
    expect(created.code).toBe(0);
    const listed = await bin(dir, "user", "list", "--json");
    expect(JSON.parse(listed.stdout).users).toEqual([expect.objectContaining({ email: "ops@example.com", role: "ADMIN" })]);

    const usage = await bin(dir, "user", "set-status", "ops@example.com");
    expect(usage.code).toBe(2);
    const domain = await bin(dir, "user", "set-status", "ghost@example.com", "BANNED");
    expect(domain).toMatchObject({ code: 1, stderr: "error: NOT_FOUND: User not found.\n" });
  }, 120_000);

  itOnPostgres("with DATABASE_URL uses PostgreSQL directly: migrate applies everything once", async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `rb_cli_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      const dir = tempDir();
      const env = childEnv({ DATA_DIR: dir, DATABASE_URL: u.toString() });
      const first = await runNode([BIN, "migrate", "--json"], env);
      expect(first.stderr).toBe("");
      const out = JSON.parse(first.stdout) as { applied: string[]; total: number; pending: number };
      expect(out.applied.length).toBeGreaterThan(0);
      expect(out).toMatchObject({ total: out.applied.length, pending: 0 });
      expect(JSON.parse((await runNode([BIN, "migrate", "--json"], env)).stdout)).toMatchObject({ applied: [], pending: 0 });
      expect(JSON.parse((await runNode([BIN, "user", "list", "--json"], env)).stdout)).toMatchObject({ users: [], total: 0 });
      // No embedded database and no lock: PostgreSQL serves any number of processes.
      expect(existsSync(path.join(dir, "pglite"))).toBe(false);
      expect(existsSync(lockFileOf(dir))).toBe(false);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  describe("while another process owns the embedded data dir", () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb();
    });
    afterAll(async () => {
      await t?.close();
    });

    it("forwards to the service's control socket and prints its answer", async () => {
      const dir = tempDir();
      const lock = acquireEmbeddedLock(dir); // this test process plays the running service
      const control = await startControlSocket({ socketPath: socketFileOf(dir), run: (argv, locale) => runCliCaptured(argv, t.db, locale) });
      try {
        const u = await makeUser(t.db, "USER", "in-service@example.com");
        const r = await bin(dir, "user", "list", "--json");
        expect(r.stderr).toBe("");
        expect(r.code).toBe(0);
        expect(JSON.parse(r.stdout).users).toContainEqual(expect.objectContaining({ id: u.id, email: "in-service@example.com" }));
        // The bin used the service's database, not a PGlite of its own under DATA_DIR.
        expect(existsSync(path.join(dir, "pglite"))).toBe(false);
        const failing = await bin(dir, "user", "set-status", "ghost@example.com", "BANNED");
        expect(failing).toMatchObject({ code: 1, stdout: "", stderr: "error: NOT_FOUND: User not found.\n" });
        // The operator's language travels with the forwarded command: the service answers in it.
        const zh = await binWithEnv(dir, { RELAYBOARD_LANG: "zh-CN" }, "user", "set-status", "ghost@example.com", "BANNED");
        expect(zh).toMatchObject({ code: 1, stdout: "", stderr: "error: NOT_FOUND: 用户不存在。\n" });
      } finally {
        await control.close();
        lock.release();
      }
    }, 60_000);

    it("refuses (exit 1, UNAVAILABLE) when the owner has no socket or it does not answer", async () => {
      const cliOwned = tempDir();
      writeFileSync(lockFileOf(cliOwned), JSON.stringify({ pid: process.pid, socketPath: null, startedAt: new Date().toISOString(), token: "t" }));
      const r1 = await bin(cliOwned, "user", "list");
      expect(r1.code).toBe(1);
      expect(r1.stderr).toMatch(/^error: UNAVAILABLE: Another relayboard command \(pid \d+\)/);

      const silent = tempDir();
      writeFileSync(lockFileOf(silent), JSON.stringify({ pid: process.pid, socketPath: socketFileOf(silent), startedAt: new Date().toISOString(), token: "t" }));
      const r2 = await bin(silent, "user", "list");
      expect(r2.code).toBe(1);
      expect(r2.stderr).toMatch(/^error: UNAVAILABLE: The Relayboard service .* is not answering/);
      expect(existsSync(path.join(silent, "pglite"))).toBe(false);
    }, 60_000);
  });
});
