// `npm test`: the whole suite. Lint and typecheck, unit + integration tests on PGlite, then again on PostgreSQL + Redis
// when TEST_DATABASE_URL / TEST_REDIS_URL are set; then a production build and the browser tests,
// on PGlite and (when set) on PostgreSQL + Redis.
// With CI=true nothing may be skipped: PostgreSQL, Redis and Chromium are required up front (the
// tests themselves fail on a missing openssl or v2ray, see tests/helpers/requirements.ts).
import { execSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const { TEST_DATABASE_URL, TEST_REDIS_URL, ...base } = process.env;
const only = process.argv[2]; // optional: "unit", "e2e", or "check" (only the CI requirements below)

// Read as tests/helpers/requirements.ts reads it.
const ci = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (ci) {
  const missing = [];
  if (!TEST_DATABASE_URL) missing.push("TEST_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)");
  if (!TEST_REDIS_URL) missing.push("TEST_REDIS_URL (a Redis server, e.g. redis://127.0.0.1:6379)");
  if (only !== "unit" && !executable(chromium)) missing.push(`Chromium at ${chromium} (run scripts/install-system-deps.sh, or set CHROMIUM_PATH)`);
  if (missing.length) {
    console.error(`CI=true: refusing to run the tests with parts of them skipped. Missing:\n  - ${missing.join("\n  - ")}\n.ci/run starts PostgreSQL and Redis and sets both variables.`);
    process.exit(1);
  }
}
if (only === "check") process.exit(0);

function run(title, cmd, env) {
  console.log(`\n=== ${title} ===`);
  execSync(cmd, { stdio: "inherit", env: { ...base, ...env } });
}

if (!only) run("static checks (eslint, tsc)", "npx eslint . --max-warnings 0 && npx tsc --noEmit -p .", {});
if (only !== "e2e") {
  // TEST_PASS tells PostgreSQL- and Redis-only tests that they are left out on purpose here: they run in the next pass.
  run("unit + integration (PGlite, in-memory limits)", "npx vitest run", { TEST_PASS: "pglite" });
  if (TEST_DATABASE_URL) run("unit + integration (PostgreSQL + Redis)", "npx vitest run", { TEST_DATABASE_URL, TEST_REDIS_URL: TEST_REDIS_URL ?? "" });
  else console.log("\n(TEST_DATABASE_URL not set: skipping the PostgreSQL run)");
}
if (only !== "unit") {
  run("production build", "node scripts/build.mjs", {});
  run("browser tests (PGlite)", "npx playwright test", { E2E_PORT: "3123" });
  if (TEST_DATABASE_URL) {
    const url = freshDbUrl(TEST_DATABASE_URL);
    try {
      // The @rendering walks (axe contrast and labels, words fitting at 390 px) look at rendered pages,
      // which do not depend on the database: the PGlite pass covers them, this one skips them.
      run("browser tests (PostgreSQL + Redis)", "npx playwright test --grep-invert @rendering", { E2E_PORT: "3124", E2E_DATABASE_URL: url, E2E_REDIS_URL: TEST_REDIS_URL ?? "" });
    } finally {
      sql(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    }
  }
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser run gets its own database, created fresh so earlier runs leave nothing behind. */
function freshDbUrl(url) {
  const name = `rb_e2e_${Date.now().toString(36)}`;
  sql(url, `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function sql(url, statement) {
  const script = "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end())";
  execSync(`node -e "${script}" "${url}" "${statement}"`, { stdio: "inherit" });
}
