// GET /api/health tells anonymous callers only ok/degraded per component; why a component is
// degraded (host, port, driver message, latency) goes to the log instead.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "../../src/app/api/health/route";
import { installDb, type RawClient } from "../../src/server/db/client";
import { closeRedis } from "../../src/server/rate-limit/limiter";
import { captureOutput } from "../helpers/capture-logs";
import { createTestDb, testPool, type TestDb } from "../helpers/db";
import { overrideEnv } from "../helpers/env";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await closeRedis();
});

const ONLY_STATES = /^(ok|degraded)$/;

async function health() {
  const { result: res, output } = await captureOutput(() => GET());
  const body = (await res.json()) as { status: string; checks: Record<string, unknown> };
  return { status: res.status, body, text: JSON.stringify(body), output };
}

describe("GET /api/health", () => {
  it("answers 200 with ok per component and nothing else", async () => {
    installDb(t.raw);
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body.status).toBe("ok");
    expect(h.body.checks.database).toBe("ok");
    for (const v of Object.values(h.body.checks)) expect(v).toMatch(ONLY_STATES);
    expect(Object.keys(h.body).sort()).toEqual(["checks", "status"]);
  });

  it("a database that cannot be reached: 503, 'degraded', no error text or address in the body; details in the log", async () => {
    const dead: RawClient = { kind: "pg", pool: testPool("postgres://relayboard@127.0.0.1:1/nowhere") };
    installDb(dead);
    try {
      const h = await health();
      expect(h.status).toBe(503);
      expect(h.body.status).toBe("degraded");
      expect(h.body.checks.database).toBe("degraded");
      for (const v of Object.values(h.body.checks)) expect(v).toMatch(ONLY_STATES);
      expect(h.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|error|ms/i);
      expect(h.output).toMatch(/health: component degraded/);
      expect(h.output).toMatch(/ECONNREFUSED/);
    } finally {
      await dead.pool.end();
      installDb(t.raw);
    }
    const back = await health();
    expect(back.body.status).toBe("ok");
    expect(back.output).toMatch(/component recovered/);
  });

  it("Redis down is reported as degraded without its error, and does not fail the check", async () => {
    installDb(t.raw);
    restore = overrideEnv({ REDIS_URL: "redis://127.0.0.1:1" });
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ status: "ok", checks: { database: "ok", redis: "degraded" } });
    expect(h.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|timeout/i);
  });
});
