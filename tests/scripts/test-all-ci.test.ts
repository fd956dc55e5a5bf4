// `npm test` (scripts/test-all.mjs) under CI=true refuses to start when a part of the suite would be
// skipped: no PostgreSQL, no Redis, no Chromium. Its "check" mode runs only these requirements.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function check(env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !["CI", "TEST_DATABASE_URL", "TEST_REDIS_URL", "CHROMIUM_PATH"].includes(k)));
  const r = spawnSync(process.execPath, ["scripts/test-all.mjs", "check"], { cwd: ROOT, env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: "utf8", timeout: 20_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const services = { TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test", TEST_REDIS_URL: "redis://127.0.0.1:6379" };

describe("scripts/test-all.mjs with CI=true", () => {
  it("refuses to run without TEST_DATABASE_URL and TEST_REDIS_URL, saying which are missing", () => {
    const r = check({ CI: "true", CHROMIUM_PATH: process.execPath });
    expect(r.code).toBe(1);
    expect(r.out).toContain("CI=true: refusing to run the tests with parts of them skipped");
    expect(r.out).toContain("TEST_DATABASE_URL (a PostgreSQL server");
    expect(r.out).toContain("TEST_REDIS_URL (a Redis server");

    const noRedis = check({ CI: "true", CHROMIUM_PATH: process.execPath, TEST_DATABASE_URL: services.TEST_DATABASE_URL });
    expect(noRedis.code).toBe(1);
    expect(noRedis.out).not.toContain("TEST_DATABASE_URL (");
    expect(noRedis.out).toContain("TEST_REDIS_URL (");
  });

  it("refuses to run without Chromium", () => {
    const r = check({ CI: "true", ...services, CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(r.code).toBe(1);
    expect(r.out).toContain("Chromium at /nonexistent/chromium (run scripts/install-system-deps.sh");
  });

  it("goes ahead when everything is there, and outside CI whatever is missing", () => {
    expect(check({ CI: "true", ...services, CHROMIUM_PATH: process.execPath })).toEqual({ code: 0, out: "" });
    expect(check({ CHROMIUM_PATH: "/nonexistent/chromium" }).code).toBe(0);
  });
});
