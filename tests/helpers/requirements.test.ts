// A missing tool or service skips its tests with a reason on a developer machine, and fails the whole
// run in CI: checked on the helpers directly and on a real child vitest run of suites that need them.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inCi, onPostgres, onRedis, requireTool } from "./requirements";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONFIG = path.join(import.meta.dirname, "requirements-fixtures", "vitest.config.ts");

/** `vitest run` on one fixture file in a child process, with exactly the given CI and database variables. */
function childRun(file: string, env: Record<string, string>) {
  const childEnv = { ...process.env };
  for (const k of Object.keys(childEnv)) {
    if (k.startsWith("VITEST") || ["NODE_OPTIONS", "FORCE_COLOR", "CI", "TEST_DATABASE_URL", "TEST_REDIS_URL", "TEST_PASS"].includes(k)) delete childEnv[k];
  }
  const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--config", CONFIG, file], {
    cwd: ROOT,
    env: { ...childEnv, NO_COLOR: "1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("requireTool", () => {
  it("is true when the tool is present, in CI or not", () => {
    expect(requireTool("openssl", true, "x", { CI: "true" })).toBe(true);
    expect(requireTool("openssl", true, "x", {})).toBe(true);
  });

  it("outside CI: false (skip), in CI: an error naming the tool and how to get it", () => {
    expect(requireTool("v2ray", false, "run scripts/install-system-deps.sh", {})).toBe(false);
    expect(requireTool("v2ray", false, "run scripts/install-system-deps.sh", { CI: "false" })).toBe(false);
    expect(() => requireTool("v2ray", false, "run scripts/install-system-deps.sh", { CI: "true" })).toThrow(
      "v2ray is required in CI: run scripts/install-system-deps.sh",
    );
    expect(() => requireTool("v2ray", false, undefined, { CI: "1" })).toThrow("v2ray is required in CI");
  });

  it("reads CI as CI services set it", () => {
    expect([inCi({ CI: "true" }), inCi({ CI: "1" }), inCi({ CI: "false" }), inCi({ CI: "0" }), inCi({ CI: "" }), inCi({})]).toEqual([true, true, false, false, false, false]);
  });
});

describe("onPostgres / onRedis", () => {
  it("run when the variable is set", () => {
    expect(onPostgres({ CI: "true", TEST_DATABASE_URL: "postgres://x" })).toBe(true);
    expect(onRedis({ CI: "true", TEST_REDIS_URL: "redis://x" })).toBe(true);
  });

  it("skip outside CI and in test-all's PGlite pass; fail in CI otherwise", () => {
    expect(onPostgres({})).toBe(false);
    expect(onRedis({})).toBe(false);
    expect(onPostgres({ CI: "true", TEST_PASS: "pglite" })).toBe(false);
    expect(onRedis({ CI: "true", TEST_PASS: "pglite" })).toBe(false);
    expect(() => onPostgres({ CI: "true" })).toThrow("TEST_DATABASE_URL is required in CI");
    expect(() => onRedis({ CI: "true" })).toThrow("TEST_REDIS_URL is required in CI");
  });
});

describe("a whole vitest run (child process)", () => {
  it("outside CI a missing tool skips its suite, says why, and the run passes", () => {
    const r = childRun("tool.check.ts", {});
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("[skipped] no-such-tool not found (run scripts/install-system-deps.sh)");
    expect(r.out).toMatch(/1 passed \| 1 skipped/);
  });

  it("in CI a missing tool fails the run with a clear message", () => {
    const r = childRun("tool.check.ts", { CI: "true" });
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("no-such-tool is required in CI: run scripts/install-system-deps.sh");
  });

  it("PostgreSQL-only suites: skipped outside CI, failing in CI without TEST_DATABASE_URL, running with it", () => {
    const local = childRun("postgres.check.ts", {});
    expect(local.code, local.out).toBe(0);
    expect(local.out).toContain("[skipped] PostgreSQL-only tests: set TEST_DATABASE_URL to run them");

    const ci = childRun("postgres.check.ts", { CI: "true" });
    expect(ci.code).not.toBe(0);
    expect(ci.out).toContain("TEST_DATABASE_URL is required in CI");

    const pglitePass = childRun("postgres.check.ts", { CI: "true", TEST_PASS: "pglite" });
    expect(pglitePass.code, pglitePass.out).toBe(0);

    const withDb = childRun("postgres.check.ts", { CI: "true", TEST_DATABASE_URL: "postgres://unused" });
    expect(withDb.code, withDb.out).toBe(0);
    expect(withDb.out).toMatch(/2 passed/);
  });
});
