import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../src/server/env";

const dir = () => mkdtempSync(path.join(tmpdir(), "rb-env-"));

describe("configuration", () => {
  it("generates missing secrets once on the embedded default and keeps them in DATA_DIR (0600)", () => {
    const d = dir();
    const a = parseEnv({ DATA_DIR: d });
    const b = parseEnv({ DATA_DIR: d });
    expect(a.embedded).toBe(true);
    expect(a.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(b.AUTH_SECRET).toBe(a.AUTH_SECRET);
    expect(b.ENCRYPTION_KEY).toBe(a.ENCRYPTION_KEY);
    const file = path.join(d, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).ENCRYPTION_KEY).toBe(a.ENCRYPTION_KEY);
  });

  it("namespaces Redis keys: `rb:` by default, a bad prefix refused", () => {
    expect(parseEnv({ DATA_DIR: dir() }).REDIS_KEY_PREFIX).toBe("rb:");
    expect(parseEnv({ DATA_DIR: dir(), REDIS_KEY_PREFIX: "shop-2:" }).REDIS_KEY_PREFIX).toBe("shop-2:");
    expect(() => parseEnv({ DATA_DIR: dir(), REDIS_KEY_PREFIX: "has space" })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it("refuses to start in production with a database server but without secrets, naming what to set", () => {
    const d = dir();
    const run = () => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://x@db/relayboard", DATA_DIR: d });
    expect(run).toThrow(/AUTH_SECRET, ENCRYPTION_KEY/);
    expect(existsSync(path.join(d, "secrets.json"))).toBe(false);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://x@db/r", DATA_DIR: d, AUTH_SECRET: "a".repeat(40) })).toThrow(/ENCRYPTION_KEY/);
    const ok = parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://x@db/r", DATA_DIR: d, AUTH_SECRET: "a".repeat(40), ENCRYPTION_KEY: "b".repeat(64) });
    expect(ok.embedded).toBe(false);
  });

  it("explains invalid values", () => {
    expect(() => parseEnv({ PORT: "eighty", DATA_DIR: dir() })).toThrow(/PORT/);
    expect(() => parseEnv({ EDITION: "gold", DATA_DIR: dir() })).toThrow(/EDITION/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", DATA_DIR: dir() })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ AUTH_SECRET: "short", DATA_DIR: dir() })).toThrow(/AUTH_SECRET/);
  });

  it("JOBS_INTERVAL_MS (tests only): unset by default, a whole number of ms from 100, anything else refused", () => {
    expect(parseEnv({ DATA_DIR: dir() }).JOBS_INTERVAL_MS).toBeUndefined();
    expect(parseEnv({ DATA_DIR: dir(), JOBS_INTERVAL_MS: "1500" }).JOBS_INTERVAL_MS).toBe(1500);
    for (const bad of ["soon", "50", "1.5"]) expect(() => parseEnv({ DATA_DIR: dir(), JOBS_INTERVAL_MS: bad })).toThrow(/JOBS_INTERVAL_MS/);
  });

  it("defaults: base edition, port 3000, APP_URL from the port, empty strings treated as unset", () => {
    const e = parseEnv({ DATA_DIR: dir(), PORT: "4100", DATABASE_URL: "", REDIS_URL: "" });
    expect(e.EDITION).toBe("base");
    expect(e.appUrl).toBe("http://localhost:4100");
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.REDIS_URL).toBeUndefined();
  });
});
