// The rule that picks the PostgreSQL + Redis pass's Vitest files (scripts/engine-tests.mjs) follows
// imports to a database or Redis however they are written, and the guard fails a file that opens a
// test database without being picked, so no database test can silently lose its PostgreSQL run.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { engineTestFiles, testFiles } from "../../scripts/engine-tests.mjs";
import { assertEngineFile } from "../helpers/engine-guard";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "rb-engine-rule-"));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
  return root;
}

describe("which test files the PostgreSQL + Redis pass runs", () => {
  const root = tree({
    "src/server/env.ts": 'export const schema = { DATABASE_URL: "", REDIS_URL: "" };\n',
    "src/server/limiter.ts": 'import { Redis } from "ioredis";\nexport const r = Redis;\n',
    "src/server/reads-redis.ts": 'import { env } from "./env";\nexport const on = () => Boolean(env().REDIS_URL);\n',
    "src/server/db/client.ts": 'import pg from "pg";\nexport const db = pg;\n',
    "src/server/service.ts": 'import { db } from "./db/client";\nimport "./env";\nexport const s = db;\n',
    "src/server/limited.ts": 'export { r } from "./limiter.js";\n',
    "src/lazy.ts": 'export const later = () => import("./server/limited");\n',
    "tests/helpers/db.ts": "export const url = process.env.TEST_DATABASE_URL;\n",
    "tests/helpers/spawns.ts": 'import { spawn } from "node:child_process";\nexport const s = spawn;\n',
    "tests/a/pure.test.ts": 'import { s } from "@/server/service";\nimport "../../src/server/env";\n',
    "tests/a/redis-by-alias.test.ts": 'import { r } from "@/server/limited";\n',
    "tests/a/redis-by-dynamic-import.test.ts": 'const m = await import("../../src/lazy");\n',
    "tests/a/reads-redis-url.test.ts": 'import { on } from "../../src/server/reads-redis";\n',
    "tests/a/test-db.test.ts": 'import { url } from "../helpers/db";\n',
    "tests/a/mocked.test.ts": 'vi.mock("../helpers/db", () => ({}));\n',
    "tests/a/spawns.test.ts": 'import { s } from "../helpers/spawns";\n',
    "tests/a/own-url.test.ts": "const u = process.env.TEST_REDIS_URL;\n",
  });
  const picked = new Set(engineTestFiles(root));
  const at = (f: string) => path.join("tests/a", f);

  it("picks a file whose imports reach Redis, a test database or a child process, by any kind of import", () => {
    for (const f of ["redis-by-alias", "redis-by-dynamic-import", "reads-redis-url", "test-db", "mocked", "spawns", "own-url"]) expect(picked, f).toContain(at(`${f}.test.ts`));
  });

  it("leaves out a file that reaches only the app's own database client and its settings (the embedded database in every pass)", () => {
    expect(testFiles(root)).toContain(at("pure.test.ts"));
    expect(picked).not.toContain(at("pure.test.ts"));
  });

  it("picks, in this repository, every file that opens a test database or Redis by name", () => {
    const here = path.resolve(import.meta.dirname, "../..");
    const mine = new Set(inject("engineTestFiles"));
    const direct = testFiles(here).filter((f) => /testDbForFile\(|createTestDb\(|TEST_DATABASE_URL|TEST_REDIS_URL|redisLimiterFixture|limiterKinds/.test(readFileSync(path.join(here, f), "utf8")));
    expect(direct.length).toBeGreaterThan(100);
    expect(direct.filter((f) => !mine.has(f))).toEqual([]);
  });

  it("fails a file that opens a test database without being picked", () => {
    const own = expect.getState().testPath;
    expect(() => assertEngineFile("opens a test database")).not.toThrow();
    try {
      expect.setState({ testPath: path.resolve(import.meta.dirname, "../a/not-picked.test.ts") });
      expect(() => assertEngineFile("opens a test database")).toThrow(/tests\/a\/not-picked\.test\.ts opens a test database, but .* would leave it out/);
    } finally {
      expect.setState({ testPath: own });
    }
  });
});
