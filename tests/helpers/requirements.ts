// Tests that need something outside Node (a system tool, a real PostgreSQL or Redis) run only where it
// exists. On a developer machine a missing one skips those tests with a visible reason; in CI
// (CI=true, as .ci/run sets) it fails the run at collection time, so CI can never pass by skipping
// the proof.
import { describe, it } from "vitest";

type Env = Record<string, string | undefined>;

/** CI=true or CI=1 (what CI services set); scripts/test-all.mjs reads it the same way. */
export const inCi = (env: Env = process.env) => !!env.CI && env.CI !== "false" && env.CI !== "0";

/**
 * scripts/test-all.mjs marks its PGlite pass with TEST_PASS=pglite: PostgreSQL and Redis are left out
 * on purpose there, and the PostgreSQL + Redis pass that follows runs those tests (in CI it must).
 */
const pglitePass = (env: Env) => env.TEST_PASS === "pglite";

const warned = new Set<string>();
function skipWithReason(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[skipped] ${message}`);
}

/**
 * Whether tests needing `name` can run: true when present; otherwise throws under CI and returns false
 * (with a printed reason) elsewhere. Use as `describe.runIf(requireTool("openssl", hasOpenssl))(...)`.
 */
export function requireTool(name: string, present: boolean, howToGet = "run scripts/install-system-deps.sh", env: Env = process.env): boolean {
  if (present) return true;
  if (inCi(env)) throw new Error(`${name} is required in CI: ${howToGet}`);
  skipWithReason(`${name} not found (${howToGet}): the tests that need it did not run`);
  return false;
}

function requireService(service: string, variable: string, env: Env): boolean {
  if (env[variable]) return true;
  if (pglitePass(env)) {
    skipWithReason(`${service}-only tests: they run in the PostgreSQL + Redis pass`);
    return false;
  }
  if (inCi(env)) {
    throw new Error(`${variable} is required in CI: ${service}-only tests would be skipped (start ${service} and set ${variable}, as .ci/run does)`);
  }
  skipWithReason(`${service}-only tests: set ${variable} to run them`);
  return false;
}

/** Whether PostgreSQL-only proofs (real concurrency, separate connections) can run: TEST_DATABASE_URL. */
export const onPostgres = (env: Env = process.env) => requireService("PostgreSQL", "TEST_DATABASE_URL", env);
/** Whether Redis-only tests can run: TEST_REDIS_URL. */
export const onRedis = (env: Env = process.env) => requireService("Redis", "TEST_REDIS_URL", env);

/** `describe` for PostgreSQL-only proofs; replaces `describe.skipIf(!process.env.TEST_DATABASE_URL)`. */
export const describeOnPostgres = (name: string, fn: () => void) => describe.runIf(onPostgres())(name, fn);
/** `it` for a PostgreSQL-only proof inside a wider describe. */
export const itOnPostgres = (name: string, fn: () => unknown, timeout?: number) => it.runIf(onPostgres())(name, fn, timeout);
/** `describe` for tests that need a real Redis. */
export const describeOnRedis = (name: string, fn: () => void) => describe.runIf(onRedis())(name, fn);
