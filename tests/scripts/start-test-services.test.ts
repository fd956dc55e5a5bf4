// scripts/start-test-services.sh (run by .ci/run) stops CI with the reason when PostgreSQL or Redis
// cannot be started or does not answer, instead of going on without them. Stand-in pg_isready,
// pg_ctlcluster, redis-cli and redis-server on a PATH of their own play the services.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/start-test-services.sh");
let bin: string;

beforeEach(() => {
  bin = mkdtempSync(path.join(tmpdir(), "rb-services-"));
  for (const tool of ["ls", "sort", "tail", "seq", "sleep"]) symlinkSync(`/usr/bin/${tool}`, path.join(bin, tool));
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

function fake(name: string, body: string) {
  writeFileSync(path.join(bin, name), `#!/bin/bash\n${body}\n`);
  chmodSync(path.join(bin, name), 0o755);
}

const run = () => spawnSync("/bin/bash", [SCRIPT], { env: { NODE_ENV: "test", PATH: bin, SERVICE_WAIT_SECONDS: "1" }, encoding: "utf8" });

describe("scripts/start-test-services.sh", () => {
  it("fails when PostgreSQL is down and cannot be started", () => {
    fake("pg_isready", "exit 2");
    fake("pg_ctlcluster", "exit 1");
    const r = run();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error: .*PostgreSQL/);
  });

  it("fails when Redis was started but never answers", () => {
    fake("pg_isready", "exit 0");
    fake("redis-cli", "exit 1");
    fake("redis-server", "exit 0");
    const r = run();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("error: Redis did not come up on 127.0.0.1:6379 within 1s");
  });

  it("fails when Redis is neither running nor installed", () => {
    fake("pg_isready", "exit 0");
    fake("redis-cli", "exit 1");
    const r = run();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Redis is not running on 127.0.0.1:6379 and is not installed");
  });

  it("succeeds when both answer", () => {
    fake("pg_isready", "exit 0");
    fake("redis-cli", "echo PONG");
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("PostgreSQL and Redis are up");
  });
});
