// `npm test`: the whole suite. Lint and typecheck, unit + integration tests on PGlite, then again on PostgreSQL + Redis
// when TEST_DATABASE_URL / TEST_REDIS_URL are set; then a production build and the browser tests,
// on PGlite and (when set) on PostgreSQL + Redis.
import { execSync } from "node:child_process";

const { TEST_DATABASE_URL, TEST_REDIS_URL, ...base } = process.env;
const only = process.argv[2]; // optional: "unit" or "e2e"

function run(title, cmd, env) {
  console.log(`\n=== ${title} ===`);
  execSync(cmd, { stdio: "inherit", env: { ...base, ...env } });
}

if (!only) run("static checks (eslint, tsc)", "npx eslint . --max-warnings 0 && npx tsc --noEmit -p .", {});
if (only !== "e2e") {
  run("unit + integration (PGlite, in-memory limits)", "npx vitest run", {});
  if (TEST_DATABASE_URL) run("unit + integration (PostgreSQL + Redis)", "npx vitest run", { TEST_DATABASE_URL, TEST_REDIS_URL: TEST_REDIS_URL ?? "" });
  else console.log("\n(TEST_DATABASE_URL not set: skipping the PostgreSQL run)");
}
if (only !== "unit") {
  run("production build", "npx next build", {});
  run("browser tests (PGlite)", "npx playwright test", { E2E_PORT: "3123" });
  if (TEST_DATABASE_URL) {
    const url = freshDbUrl(TEST_DATABASE_URL);
    try {
      run("browser tests (PostgreSQL + Redis)", "npx playwright test", { E2E_PORT: "3124", E2E_DATABASE_URL: url, E2E_REDIS_URL: TEST_REDIS_URL ?? "" });
    } finally {
      sql(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    }
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
