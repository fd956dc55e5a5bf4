// `npm test`: the whole suite. Lint and typecheck, unit + integration tests on PGlite, then again on PostgreSQL + Redis
// when TEST_DATABASE_URL / TEST_REDIS_URL are set; then a production build and the browser tests,
// on PGlite and (when set) on PostgreSQL + Redis.
// With CI=true nothing may be skipped: PostgreSQL, Redis and Chromium are required up front (the
// tests themselves fail on a missing openssl or v2ray, see tests/helpers/requirements.ts).
import { execSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumPath } from "./chromium-path.mjs";
import { cpuBusyPercent, cpuSample, earlierPhases, fmt, phaseTable, playwrightFileTimes, slowest, vitestFileTimes } from "./ci-timing.mjs";

const { TEST_DATABASE_URL, TEST_REDIS_URL, ...base } = process.env;
const only = process.argv[2]; // optional: "unit", "e2e", or "check" (only the CI requirements below)

// Read as tests/helpers/requirements.ts reads it.
const ci = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";
const chromium = chromiumPath();
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

// Each phase's wall time, printed as it ends and again in a table at the end (also after a failure).
const phases = earlierPhases(process.env.CI_EARLIER_PHASES);
const reports = mkdtempSync(path.join(tmpdir(), "rb-test-reports-"));
const runnerReports = []; // { title, kind: "vitest" | "playwright", file }

function run(title, cmd, env) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const cpuFrom = cpuSample();
  const phase = { title, seconds: 0, failed: true };
  phases.push(phase);
  try {
    execSync(cmd, { stdio: "inherit", env: { ...base, ...env } });
    phase.failed = false;
  } finally {
    phase.seconds = (Date.now() - started) / 1000;
    phase.cpu = cpuBusyPercent(cpuFrom, cpuSample());
    console.log(`=== ${title}: ${fmt(phase.seconds)}${phase.cpu === undefined ? "" : `, CPU ${phase.cpu}% busy`}${phase.failed ? " (failed)" : ""} ===`);
  }
}

/** Vitest with its JSON report beside the usual output, for the slowest-files table. */
function vitest(title, env) {
  const file = path.join(reports, `vitest-${runnerReports.length}.json`);
  runnerReports.push({ title, kind: "vitest", file });
  run(title, `npx vitest run --reporter=default --reporter=json --outputFile.json=${file}`, env);
}

function playwright(title, args, env) {
  const file = path.join(reports, `playwright-${runnerReports.length}.json`);
  runnerReports.push({ title, kind: "playwright", file });
  run(title, `npx playwright test --reporter=list,json${args}`, { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: file });
}

function summary() {
  console.log(`\n=== where the time went ===\n${phaseTable(phases)}`);
  for (const r of runnerReports) {
    const times = r.kind === "vitest" ? vitestFileTimes(r.file) : playwrightFileTimes(r.file);
    if (!times.length) continue;
    console.log(`\n15 slowest files: ${r.title}`);
    for (const t of slowest(times)) console.log(`  ${fmt(t.seconds).padStart(7)}  ${path.relative(process.cwd(), path.resolve(t.file))}`);
  }
  rmSync(reports, { recursive: true, force: true });
}

try {
  // eslint and tsc each use one core: side by side they take the time of the slower one. Both always finish and report.
  if (!only) run("static checks (eslint, tsc)", "npx eslint . --max-warnings 0 & lint=$!; npx tsc --noEmit -p .; tsc=$?; wait $lint && [ $tsc -eq 0 ]", {});
  if (only !== "e2e") {
    // TEST_PASS tells PostgreSQL- and Redis-only tests that they are left out on purpose here: they run in the next pass.
    vitest("unit + integration (PGlite, in-memory limits)", { TEST_PASS: "pglite" });
    // Only the files whose imports reach a database or Redis (TEST_PASS=engine, scripts/engine-tests.mjs):
    // the rest ran the same code a moment ago, and the guard in tests/helpers/db.ts keeps the rule honest.
    if (TEST_DATABASE_URL) vitest("unit + integration (PostgreSQL + Redis)", { TEST_DATABASE_URL, TEST_REDIS_URL: TEST_REDIS_URL ?? "", TEST_PASS: "engine" });
    else console.log("\n(TEST_DATABASE_URL not set: skipping the PostgreSQL run)");
  }
  if (only !== "unit") {
    run("production build", "node scripts/build.mjs", {});
    playwright("browser tests (PGlite)", "", { E2E_PORT: "3123", E2E_PASS: "first" });
    if (TEST_DATABASE_URL) {
      const url = freshDbUrl(TEST_DATABASE_URL);
      try {
        // Each spec in the pass that matches what it proves, the engine-specific ones in both (e2e/passes.ts).
        playwright("browser tests (PostgreSQL + Redis)", "", { E2E_PORT: "3124", E2E_DATABASE_URL: url, E2E_REDIS_URL: TEST_REDIS_URL ?? "", E2E_PASS: "second" });
      } finally {
        sql(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      }
    }
  }
} finally {
  summary();
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
