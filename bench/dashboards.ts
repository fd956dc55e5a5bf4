// The `dashboards` bench scenario (run by bench/run.mjs, or alone with DATABASE_URL set): on a
// database built by `npm run seed:scale`, times the server-side reads of each view, the service
// verbs on the app's own pg pool, exactly as the pages call them, one call at a time, and prints a
// table and one JSON line with p50/p95 per view against the 300 ms budget. Rendering and HTTP are not
// in these figures: they measure what the database work of a page costs at scale. The admin list
// pages' reads come from bench/admin-lists.ts; BENCH_DASHBOARD_VIEWS=a,b times only those views.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ALL_PERMISSIONS } from "../src/server/auth/permissions";
import { makeCtx, type Ctx } from "../src/server/context";
import { drizzleFor } from "../src/server/db/client";
import { getOwnAccount, listUsers } from "../src/server/services/accounts";
import { getAdminDashboard, getUserDashboard } from "../src/server/services/dashboard";
import { listAuditLogs } from "../src/server/services/logs";
import { listRiskAccessLogs } from "../src/server/services/risk/access-log-queries";
import { listTasksAdmin } from "../src/server/services/tasks";
import { adminListViews } from "./admin-lists";

const BUDGET_MS = 300;
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS || 30);
const WARMUP = 3;

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("dashboards: set BENCH_DATABASE_URL to a database built by `npm run seed:scale`");
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: url, max: 10 }); // the app's pool size (src/server/db/client.ts)
const db = drizzleFor({ kind: "pg", pool });

const count = async (table: string) => Number((await pool.query(`select count(*)::bigint as n from ${table}`)).rows[0].n);
const users = await count("users");
if (users < 1000) {
  console.error(`dashboards: the database has ${users} users; build it with \`npm run seed:scale\` first`);
  process.exit(2);
}
const { rows: admins } = await pool.query("select id, email from users where role = 'ADMIN' order by created_at limit 1");
// An owner (issue 29's staff roles): every view below is one its permissions let it read.
const admin = makeCtx(db, { kind: "admin", role: "ADMIN", userId: admins[0].id, email: admins[0].email, staffRole: "owner", permissions: ALL_PERMISSIONS });
// Users with a live subscription: the user dashboard's busy case.
const { rows: owners } = await pool.query("select user_id from subscriptions where status = 'ACTIVE' order by user_id limit 200");
const userCtx = (i: number): Ctx => makeCtx(db, { kind: "user", role: "USER", userId: owners[i % owners.length].user_id });

/** The (created_at, id) cursor of the row `depth` rows below the newest: a page far down the list. */
async function deepCursor(table: string, depth: number): Promise<string> {
  const { rows } = await pool.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id as c from ${table} order by created_at desc, id desc offset $1 limit 1`,
    [depth],
  );
  return rows[0].c;
}
const auditRows = await count("audit_logs");
const accessRows = await count("subscription_access_logs");
const auditDeep = await deepCursor("audit_logs", Math.floor(auditRows * 0.9));
const accessDeep = await deepCursor("subscription_access_logs", Math.floor(accessRows * 0.9));

const views: [string, (i: number) => Promise<unknown>][] = [
  ["admin-dashboard", () => Promise.all([getAdminDashboard(admin), listUsers(admin, { pageSize: 5 })])],
  ["user-dashboard", (i) => Promise.all([getOwnAccount(userCtx(i)), getUserDashboard(userCtx(i))])],
  ["audit-log-first", () => listAuditLogs(admin, {})],
  ["audit-log-deep-90%", () => listAuditLogs(admin, { cursor: auditDeep })],
  ["access-log-first", () => listRiskAccessLogs(admin, {})],
  ["access-log-deep-90%", () => listRiskAccessLogs(admin, { cursor: accessDeep })],
  ["tasks-first", () => listTasksAdmin(admin, {})],
  ["tasks-page-1000", () => listTasksAdmin(admin, { page: 1000 })],
  ...(await adminListViews(pool, admin)),
];
const onlyViews = process.env.BENCH_DASHBOARD_VIEWS?.split(",").map((v) => v.trim());

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const results = [];
console.log(`dashboards: ${users} users, ${await count("orders")} orders, ${accessRows} access-log rows, ${auditRows} audit rows; ${RUNS} runs per view after ${WARMUP} warm-up`);
for (const [name, read] of views.filter(([name]) => !onlyViews || onlyViews.includes(name))) {
  for (let i = 0; i < WARMUP; i++) await read(i);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await read(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const r = { view: name, runs: RUNS, p50: +pct(ms, 50).toFixed(1), p95: +pct(ms, 95).toFixed(1), max: +ms.at(-1)!.toFixed(1) };
  results.push({ ...r, withinBudget: r.p95 <= BUDGET_MS });
  console.log(`  ${name.padEnd(20)} p50 ${String(r.p50).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms  max ${String(r.max).padStart(7)} ms  ${r.p95 <= BUDGET_MS ? "within" : `OVER by ${(r.p95 - BUDGET_MS).toFixed(0)} ms`} (${BUDGET_MS} ms)`);
}
console.log(JSON.stringify({ bench: "relayboard-dashboards", budgetMs: BUDGET_MS, results }));
await pool.end();
process.exit(results.every((r) => r.withinBudget) ? 0 : 1);
