// Relayboard load benchmark (`npm run bench`). Plain Node ESM, no dependencies; see bench/README.md.
// Starts the real production server on a throwaway database, drives each scenario with wrk (a C load
// generator, bench/wrk.mjs) or, where wrk is absent, with a small closed-loop Node generator (N
// workers, each sending its next request as soon as the last one answered), prints a table and one
// JSON line (also written to BENCH_JSON), and stops the server with SIGTERM.
import { execFile, spawn } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { findWrk, runWrk } from "./wrk.mjs";
import { pageScenarios } from "./pages.mjs";
import { startRssSampler } from "./rss.mjs";
import { processCpuMs } from "./cpu.mjs";
import { benchServerArgs, benchServerEnv } from "./server-command.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const E = process.env;
const PORT = Number(E.BENCH_PORT || 3250);
const SECONDS = Number(E.BENCH_SECONDS || 10);
const CONCURRENCY = Number(E.BENCH_CONCURRENCY || 16);
const WARMUP_SECONDS = Number(E.BENCH_WARMUP_SECONDS ?? 1); // per scenario, not recorded
const BASE = `http://127.0.0.1:${PORT}`;
const SUB_COUNT = Number(E.BENCH_SUBSCRIPTIONS || 1000);
const SUB_CONCURRENCY = Number(E.BENCH_SUB_CONCURRENCY || 32);
const SUB_FORMATS = ["base64", "clash", "sing-box"];
const CEILING_PORT = PORT + 1;
let subFixture = null; // [{ id, token }] written before the server starts (seed-subscriptions.ts)
const NA_CLIENTS = Number(E.BENCH_NODE_ACCESS_CLIENTS || 10_000);
const NA_NODES = Number(E.BENCH_NODE_ACCESS_NODES || 50);
const NA_CONCURRENCY = Number(E.BENCH_NODE_ACCESS_CONCURRENCY || 8);
let accessFixture = null; // { ips, nodes: [{ token, tag, clients }] } written before the server starts (seed-node-access.ts)
const ADMIN = { email: "bench-admin@example.com", password: randomBytes(12).toString("base64url") };
// BENCH_GENERATOR=node forces the Node generator (to compare); otherwise wrk when it is installed.
const WRK = E.BENCH_GENERATOR === "node" ? null : findWrk();
const GENERATOR = WRK ? "wrk" : "node";
// How many distinct requests a wrk scenario cycles through (ids, tokens, client addresses).
const WRK_REQUESTS = Number(E.BENCH_WRK_REQUESTS || 20_000);

// ---------------------------------------------------------------------------------------------
// Scenarios. setup() runs once (untimed) and returns a shared state; request(w, state) describes one
// request for worker w ({ method, path, headers, body }); check(body) (optional) says whether a 2xx
// answer is really a success, and its wrk form is `expect` (text the body must hold) or `minBody`.
// ---------------------------------------------------------------------------------------------
const SCENARIOS = [
  {
    name: "health",
    what: "GET /api/health: custom server + Next routing + `select 1`",
    request: (w) => ({ path: "/api/health", headers: clientHeaders(w) }),
  },
  {
    name: "app-info",
    what: "GET /api/public/app-info: anonymous read, one settings query",
    request: (w) => ({ path: "/api/public/app-info", headers: clientHeaders(w) }),
  },
  {
    name: "session",
    what: "GET /api/auth/session as a logged-in admin: JWT decode + session row and user check (one query)",
    setup: async () => ({ cookie: await login(uniqueIp()) }),
    request: (w, s) => ({ path: "/api/auth/session", headers: { ...clientHeaders(w), cookie: s.cookie } }),
    check: (body) => JSON.parse(body)?.user?.email === ADMIN.email, // a revoked session answers 200 {}
    expect: ADMIN.email,
  },
  {
    name: "agent-latency",
    what: "POST /api/agent/latency, 3 carriers: token lookup + per-node limit + 1 transaction of 3 writes",
    setup: createAgentTokens,
    request: (w, s) => ({
      method: "POST",
      path: "/api/agent/latency",
      headers: { ...clientHeaders(w), authorization: `Bearer ${s.tokens[s.next++ % s.tokens.length]}`, "content-type": "application/json" },
      body: JSON.stringify({ latencies: ["telecom", "unicom", "mobile"].map((carrier) => ({ carrier, latencyMs: randomInt(20, 300) })) }),
    }),
    check: (body) => JSON.parse(body)?.logged === 3,
    expect: '"logged":3',
  },
  {
    name: "subscription",
    what: `GET /api/subscription/<id>?token=, ${E.BENCH_SUBSCRIPTION_PAIRS ? "a seed:scale database's servable" : SUB_COUNT.toLocaleString("en")} subscriptions in random order, 32 connections, formats base64/clash/sing-box in turn (lean handler: limits, token, owner/state checks, batched access log, cached render)`,
    concurrency: SUB_CONCURRENCY,
    setup: async () => ({ subs: subFixture, next: 0 }),
    request: (w, s) => {
      const sub = s.subs[s.next++ % s.subs.length];
      const format = SUB_FORMATS[s.next % SUB_FORMATS.length];
      return { path: `/api/subscription/${sub.id}?token=${sub.token}&format=${format}`, headers: { "x-forwarded-for": uniqueIp() } };
    },
    check: (body) => body.length > 100,
    minBody: 101,
    wrkRequests: (s) => Math.max(WRK_REQUESTS, s.subs.length * SUB_FORMATS.length),
  },
  nodeAccessScenario(50),
  nodeAccessScenario(500),
  {
    name: "login",
    what: "POST /api/auth/callback/credentials: argon2id verify (19 MiB, t=2) dominates, by design",
    // One CSRF token per run is enough: next-auth checks the token against its cookie, not per use.
    setup: async () => {
      const jar = new Map();
      const res = await fetch(`${BASE}/api/auth/csrf`, { headers: clientHeaders(0) });
      absorbCookies(jar, res);
      return { jar, csrfToken: (await res.json()).csrfToken };
    },
    // Every attempt comes from a new address (a new simulated client), so the per-IP login limit
    // (10/min) measures nothing here; successful logins do not count against the account limit.
    request: (w, s) => credentialsRequest(s.jar, s.csrfToken, uniqueIp()),
  },
  ...pageScenarios({ login, uniqueIp, clientHeaders: (w) => clientHeaders(w), adminEmail: ADMIN.email, subscriptions: () => subFixture, mixedSeconds: Number(E.BENCH_MIXED_SECONDS || SECONDS) }),
];

// ---------------------------------------------------------------------------------------------
// Helpers: client addresses, cookies, next-auth login, the CLI.
// ---------------------------------------------------------------------------------------------
let ipCounter = randomInt(0, 1 << 23); // random start: Redis-backed limit keys outlive a run
/** A fresh address in 10.0.0.0/8 for every call: one simulated client. */
function uniqueIp() {
  const n = ipCounter++ & 0xffffff;
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
}
/** Every worker is its own client: TRUSTED_PROXIES=127.0.0.1 makes the server believe this. */
const clientHeaders = (w) => ({ "x-forwarded-for": `172.16.${w >> 8}.${w & 255}` });

function absorbCookies(jar, res) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value && !/max-age=0/i.test(line)) jar.set(name, value);
    else jar.delete(name);
  }
}
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

function credentialsRequest(jar, csrfToken, ip) {
  return {
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), "x-forwarded-for": ip },
    body: new URLSearchParams({ csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" }).toString(),
  };
}
const postCredentials = (jar, csrfToken, ip) => send(BASE, credentialsRequest(jar, csrfToken, ip));

/** One described request over fetch (the Node generator, and the bench's own setup calls). */
function send(base, r) {
  return fetch(`${base}${r.path}`, { method: r.method ?? "GET", headers: r.headers, body: r.body, redirect: "manual" });
}

/** The next-auth flow a browser goes through; returns the Cookie header of the session. */
async function login(ip) {
  const jar = new Map();
  const csrf = await fetch(`${BASE}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } });
  absorbCookies(jar, csrf);
  const res = await postCredentials(jar, (await csrf.json()).csrfToken, ip);
  absorbCookies(jar, res);
  if (!res.ok || ![...jar.keys()].some((k) => k.includes("session-token"))) {
    throw new Error(`admin login failed: HTTP ${res.status} ${await res.text()}`);
  }
  return cookieHeader(jar);
}

/** Runs the operator CLI on the bench's data (over the service's socket on PGlite); parses --json. */
async function cli(args) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["bin/relayboard.mjs", ...args, "--json"], { cwd: ROOT, env: serverEnv, timeout: 60_000 });
    return JSON.parse(stdout);
  } catch (err) {
    try {
      return JSON.parse(err.stdout); // `node add` exits 1 when the panel check fails; its JSON is still valid
    } catch {
      throw new Error(`relayboard ${args.join(" ")} failed: ${err.stderr || err.message}`);
    }
  }
}

/**
 * A fleet of nodes pointing at an unreachable panel (they are still created; only their sync fails),
 * each with a token. Each node may report 120 times a minute, so the load is spread round-robin over
 * enough nodes (BENCH_AGENT_NODES, default 48) that the scenario measures ingest, not the limiter.
 */
async function createAgentTokens() {
  const count = Number(process.env.BENCH_AGENT_NODES ?? 48);
  const tokens = [];
  for (let i = 0; i < count; i += 6) {
    const batch = Array.from({ length: Math.min(6, count - i) }, async (_, j) => {
      const added = await cli(["node", "add", "--name", `bench-node-${i + j}`, "--panel-url", "http://127.0.0.1:9/", "--username", "bench", "--password", "bench"]);
      const id = added?.node?.id;
      if (!id) throw new Error(`relayboard node add: unexpected output ${JSON.stringify(added)}`);
      return (await cli(["node", "token", id])).token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return { tokens, next: 0 };
}

/**
 * POST /api/agent/node-access with `batch` events a request, each request the next node's token (so
 * the per-node limit of 120 a minute is spread over BENCH_NODE_ACCESS_NODES nodes). The bodies are
 * built once in setup (fresh random draws per scenario, not per request) so the generator's CPU goes
 * to sending, not to JSON: 100,000 distinct events per scenario, in turn.
 */
function nodeAccessScenario(batch, base = BASE, name = `node-access-${batch}`) {
  return {
    name,
    batch,
    what: `POST /api/agent/node-access, ${batch} events a request, ${NA_CLIENTS} clients on ${NA_NODES} nodes, ${NA_CONCURRENCY} connections, risk checks on`,
    concurrency: NA_CONCURRENCY,
    base,
    setup: async () => ({ bodies: accessBodies(batch), next: 0 }),
    request: (w, s) => {
      const b = s.bodies[s.next++ % s.bodies.length];
      return { method: "POST", path: "/api/agent/node-access", headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" }, body: b.body };
    },
    // A body's count of distinct requests is what it cycles through (each body once).
    wrkRequests: (s) => s.bodies.length,
    check: (body) => JSON.parse(body)?.processed === batch,
    expect: `"processed":${batch}`,
  };
}

// What the agent sends for one interval (agent/src/access/aggregate.ts): one event per client,
// source address and network. Most clients stay at home; a few use a second address of the same
// area, a very few appear from another country; a few exceed the node-log thresholds (default warn
// 180 connections / 80 targets), so risk events are raised now and then, as in production.
const TARGETS = [["www.google.com", 443], ["i.ytimg.com", 443], ["api.telegram.org", 443], ["graph.instagram.com", 443], ["www.netflix.com", 443], ["github.com", 443], ["1.1.1.1", 53], ["time.apple.com", 123]];
const ALT_SHARE = 0.05;
const TRAVEL_SHARE = 0.0005;
const HIGH_CONNECTIONS_SHARE = 0.001;
const SCATTERED_SHARE = 0.0005;

function accessBodies(batch) {
  const { ips, nodes } = accessFixture;
  const count = Math.max(nodes.length, Math.ceil(100_000 / batch));
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const node = nodes[i % nodes.length];
    const events = Array.from({ length: batch }, () => {
      const [clientEmail, home, alt] = node.clients[randomInt(node.clients.length)];
      let ip = Math.random() < ALT_SHARE ? alt : home;
      if (Math.random() < TRAVEL_SHARE) while (ips[ip][1] === ips[home][1]) ip = randomInt(ips.length);
      const [targetHost, targetPort] = TARGETS[randomInt(TARGETS.length)];
      const connectionCount = Math.random() < HIGH_CONNECTIONS_SHARE ? randomInt(200, 400) : randomInt(1, 60);
      const uniqueTargetCount = Math.random() < SCATTERED_SHARE ? randomInt(90, 200) : randomInt(1, Math.min(connectionCount, 30) + 1);
      const last = now - randomInt(1_000, 60_000);
      return {
        clientEmail, sourceIp: ips[ip][0], inboundTag: node.tag, network: Math.random() < 0.8 ? "tcp" : "udp", targetHost, targetPort, action: "accepted",
        connectionCount, uniqueTargetCount, firstSeenAt: new Date(last - randomInt(0, 60_000)).toISOString(), lastSeenAt: new Date(last).toISOString(),
      };
    });
    return { token: node.token, body: JSON.stringify({ events }) };
  });
}

// ---------------------------------------------------------------------------------------------
// The load generator: closed loop, latency of each request (headers + full body) in ms.
// ---------------------------------------------------------------------------------------------
async function drive(scenario, state, seconds, record) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: scenario.concurrency ?? CONCURRENCY }, async (_, w) => {
      while (performance.now() < end && !serverGone) {
        const t0 = performance.now();
        let outcome;
        try {
          const res = await send(scenario.base ?? BASE, scenario.request(w, state));
          const body = await res.text();
          outcome = res.ok && (!scenario.check || safeCheck(scenario.check, body)) ? "ok" : `HTTP ${res.status}`;
        } catch (err) {
          outcome = err.cause?.code ?? err.name;
        }
        record?.(performance.now() - t0, outcome);
      }
    }),
  );
}
/** The scenario under wrk: its requests described once (in turn, as the Node generator would send them), then sent. */
async function wrkScenario(scenario, state, pid) {
  const connections = scenario.concurrency ?? CONCURRENCY;
  const count = scenario.wrkRequests ? scenario.wrkRequests(state) : WRK_REQUESTS;
  const requests = Array.from({ length: count }, (_, i) => scenario.request(i % connections, state));
  const base = scenario.base ?? BASE;
  const run = (seconds) => runWrk({ wrk: WRK, base, requests, connections, seconds, minBody: scenario.minBody ?? 0, expect: scenario.expect ?? "" });
  if (WARMUP_SECONDS > 0) await run(WARMUP_SECONDS); // loads route code, fills pools
  const cpuBefore = pid ? processCpuMs(pid) : null;
  const { elapsed, ...r } = await run(scenario.seconds ?? SECONDS);
  const cpuAfter = cpuBefore === null ? null : processCpuMs(pid);
  // The server's own CPU per answered request (the database's processes are not counted).
  const cpuMsPerRequest = cpuAfter === null || !r.requests ? null : Math.round(((cpuAfter - cpuBefore) / r.requests) * 1000) / 1000;
  return { ...r, cpuMsPerRequest, ...(scenario.batch ? { batch: scenario.batch, eventsPerSecond: Math.round((r.requests * scenario.batch) / elapsed) } : {}) };
}

function safeCheck(check, body) {
  try {
    return check(body);
  } catch {
    return false;
  }
}

async function runScenario(scenario, pid = server?.pid) {
  const state = scenario.setup ? await scenario.setup() : undefined;
  const endRss = scenario.base ? null : rssSampler?.window(); // the ceilings run in other processes
  const r = await measureScenario(scenario, state, pid);
  return { ...r, peakRssMB: endRss?.() ?? null };
}

async function measureScenario(scenario, state, pid) {
  if (WRK) return { scenario: scenario.name, ...(await wrkScenario(scenario, state, pid)) };
  if (WARMUP_SECONDS > 0) await drive(scenario, state, WARMUP_SECONDS); // loads route code, fills pools
  const latencies = [];
  const errors = {};
  const started = performance.now();
  await drive(scenario, state, scenario.seconds ?? SECONDS, (ms, outcome) => {
    latencies.push(ms);
    if (outcome !== "ok") errors[outcome] = (errors[outcome] ?? 0) + 1;
  });
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : NaN);
  const round = (v) => Math.round(v * 10) / 10;
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  return {
    scenario: scenario.name,
    requests: latencies.length,
    rps: round(latencies.length / elapsed),
    p50: round(pct(50)),
    p95: round(pct(95)),
    p99: round(pct(99)),
    max: round(latencies.at(-1) ?? NaN),
    errors: errorCount,
    ...(scenario.batch ? { batch: scenario.batch, eventsPerSecond: Math.round((latencies.length * scenario.batch) / elapsed) } : {}),
    ...(errorCount ? { errorsBy: errors } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Main: checks, server start, scenarios, report, shutdown.
// ---------------------------------------------------------------------------------------------
const only = E.BENCH_ONLY ? E.BENCH_ONLY.split(",").map((s) => s.trim()).filter(Boolean) : null;
// Scenarios that time service reads in a child process on a prepared database instead of loading
// the server: run only when named in BENCH_ONLY (see bench/README.md, "Dashboards at scale").
const OFFLINE = ["dashboards", "balance-pay"];
const unknown = (only ?? []).filter((n) => !SCENARIOS.some((s) => s.name === n) && !OFFLINE.includes(n));
if (unknown.length) fail(`unknown scenario(s) in BENCH_ONLY: ${unknown.join(", ")} (known: ${[...SCENARIOS.map((s) => s.name), ...OFFLINE].join(", ")})`);
// `dashboards` times reads on a `seed:scale` database; `balance-pay` pays from one balance under
// contention, service-level, on an empty PostgreSQL database it migrates (bench/balance-pay.ts).
const OFFLINE_SETUP = {
  dashboards: { script: "bench/dashboards.ts", needs: "a PostgreSQL database built by `npm run seed:scale`", env: {} },
  "balance-pay": { script: "bench/balance-pay.ts", needs: "an empty PostgreSQL database", env: { EDITION: "wallet" } },
};
let offlineCode = 0;
for (const name of OFFLINE.filter((n) => only?.includes(n))) {
  const setup = OFFLINE_SETUP[name];
  if (!E.BENCH_DATABASE_URL) fail(`the ${name} scenario needs BENCH_DATABASE_URL: ${setup.needs}`);
  const scratch = mkdtempSync(path.join(os.tmpdir(), `relayboard-bench-${name}-`));
  const env = { ...E, ...setup.env, DATABASE_URL: E.BENCH_DATABASE_URL, DATA_DIR: scratch, LOG_LEVEL: "warn", AUTH_SECRET: randomBytes(32).toString("base64"), ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  const child = spawn(process.execPath, ["--import", "tsx", setup.script], { cwd: ROOT, env, stdio: "inherit" });
  const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  rmSync(scratch, { recursive: true, force: true });
  if (code) console.error(`bench: the ${name} scenario exited with ${code}`);
  offlineCode ||= code;
}
if (only?.every((n) => OFFLINE.includes(n))) process.exit(offlineCode);
if (!(SECONDS > 0) || !(CONCURRENCY >= 1)) fail("BENCH_SECONDS must be > 0 and BENCH_CONCURRENCY >= 1");
if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
  fail("no production build (.next/BUILD_ID is missing). Run `npm run build` first; the bench does not build.");
}
if (await fetch(`${BASE}/api/health`).then(() => true, () => false)) fail(`something already answers on port ${PORT}; set BENCH_PORT`);

const pg = Boolean(E.BENCH_DATABASE_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "relayboard-bench-"));
const serverEnv = benchServerEnv({
  ...Object.fromEntries(Object.entries(E).filter(([k]) => !["DATABASE_URL", "REDIS_URL", "APP_URL", "AUTH_SECRET", "ENCRYPTION_KEY", "ENCRYPTION_KEYS_PREVIOUS", "JOBS_DISABLED"].includes(k))),
  NODE_ENV: "production",
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir, // PGlite files, or only generated secrets / nothing on PostgreSQL
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TRUSTED_PROXIES: "127.0.0.1",
  LOG_LEVEL: "warn",
  // A seed:scale database's tokens were hashed with its ENCRYPTION_KEY: the server must use the same.
  ...(pg ? { DATABASE_URL: E.BENCH_DATABASE_URL, AUTH_SECRET: randomBytes(32).toString("base64"), ENCRYPTION_KEY: (E.BENCH_SUBSCRIPTION_PAIRS && E.ENCRYPTION_KEY) || randomBytes(32).toString("base64") } : {}),
  ...(E.BENCH_REDIS_URL ? { REDIS_URL: E.BENCH_REDIS_URL } : {}),
});

let serverGone = false; // set when the server under test exits; the load stops at once
let rssSampler = null; // the server's resident memory (bench/rss.mjs), from its spawn on
const wantSubscription = !only || only.includes("subscription");
const seedSubscriptions = wantSubscription || only.includes("mixed"); // mixed fetches them too
const ceilingResults = [];
if (seedSubscriptions) {
  // Both run before the server starts: on PGlite only one process may open the data directory.
  // BENCH_SUBSCRIPTION_PAIRS: a seed:scale database's pairs instead (bench/subscription-pairs.ts).
  process.stdout.write(E.BENCH_SUBSCRIPTION_PAIRS ? `  reading subscription pairs from ${E.BENCH_SUBSCRIPTION_PAIRS} ... ` : `  seeding ${SUB_COUNT} subscriptions ... `);
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "bench/seed-subscriptions.ts", String(SUB_COUNT)], { cwd: ROOT, env: serverEnv, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  subFixture = JSON.parse(stdout.trim().split("\n").pop());
  console.log(`done (${subFixture.length})`);
  if (wantSubscription) ceilingResults.push(await measureCeiling("bench/bare-subscription-server.ts", subscriptionCeiling(), "the ceiling: bare node:http, same lookup and token check, fixed body"));
}
const accessBatches = [50, 500].filter((b) => !only || only.includes(`node-access-${b}`));
if (accessBatches.length) {
  process.stdout.write(`  seeding ${NA_CLIENTS} node clients on ${NA_NODES} nodes ... `);
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "bench/seed-node-access.ts", String(NA_CLIENTS), String(NA_NODES)], { cwd: ROOT, env: serverEnv, timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  accessFixture = JSON.parse(stdout.trim().split("\n").pop());
  console.log("done");
  for (const batch of accessBatches) {
    const bare = nodeAccessScenario(batch, `http://127.0.0.1:${CEILING_PORT}`, `node-access-${batch}-bare`);
    ceilingResults.push(await measureCeiling("bench/bare-node-access-server.ts", bare, "the ceiling: bare node:http, the same statements per batch"));
  }
}

console.log(`Relayboard bench: ${pg ? "PostgreSQL" : "PGlite"}${E.BENCH_REDIS_URL ? " + Redis" : ""}, ${CONCURRENCY} workers, ${SECONDS} s per scenario (+${WARMUP_SECONDS} s warm-up), ${os.cpus().length} CPUs, Node ${process.version}`);
console.log(WRK ? "  load generator: wrk (C), one thread" : `  load generator: Node (${E.BENCH_GENERATOR === "node" ? "BENCH_GENERATOR=node" : "wrk is not installed: run scripts/install-system-deps.sh"}); it takes about one core from the server, so figures are lower than under wrk`);
const serverStarted = performance.now();
const server = spawn(process.execPath, benchServerArgs(ROOT), { cwd: ROOT, env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
rssSampler = startRssSampler(server.pid);
const serverLines = []; // server output (warn/error at LOG_LEVEL=warn), shown when something goes wrong
for (const stream of [server.stdout, server.stderr]) {
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => serverLines.push(...chunk.split("\n").filter(Boolean)));
}
const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
exited.then(() => (serverGone = true));
process.once("SIGINT", () => stop().then(() => process.exit(130)));

let exitCode = 0;
try {
  await waitForHealth();
  const startup = { seconds: Math.round((performance.now() - serverStarted) / 100) / 10, peakRssMB: rssSampler.highWater() };
  console.log(`  server ready in ${startup.seconds} s, peak RSS ${startup.peakRssMB ?? "-"} MB so far`);
  const results = [];
  for (const s of SCENARIOS.filter((s) => !only || only.includes(s.name))) {
    process.stdout.write(`  ${s.name.padEnd(14)} ${s.what} ... `);
    const r = await runScenario(s);
    console.log(`${r.rps} req/s${r.batch ? ` (${r.eventsPerSecond} events/s)` : ""}${r.errors ? `, ${r.errors} errors ${JSON.stringify(r.errorsBy)}` : ""}`);
    results.push(r);
    if (serverGone) throw new Error(`the server exited during "${s.name}" (${JSON.stringify(await exited)})`);
  }
  results.unshift(...ceilingResults);
  printTable(results);
  const sub = results.find((r) => r.scenario === "subscription");
  const subBare = results.find((r) => r.scenario === "subscription-bare");
  if (sub && subBare) {
    const cpu = sub.cpuMsPerRequest && subBare.cpuMsPerRequest ? `; server CPU ${sub.cpuMsPerRequest} ms a request against its ${subBare.cpuMsPerRequest} ms` : "";
    console.log(`subscription / bare node:http ceiling: ${Math.round((sub.rps / subBare.rps) * 100)} % of its throughput${cpu}\n`);
  }
  for (const r of results.filter((r) => r.batch && !r.scenario.endsWith("-bare"))) {
    const bare = results.find((b) => b.scenario === `${r.scenario}-bare`);
    const ofBare = bare ? `, ${Math.round((r.eventsPerSecond / bare.eventsPerSecond) * 100)} % of the bare ceiling (${bare.eventsPerSecond} events/s)` : "";
    console.log(`${r.scenario}: ${r.eventsPerSecond} events/s (${r.rps} req/s x ${r.batch})${ofBare}`);
  }
  const meta = { startup, peakRssMB: rssSampler.highWater(), database: pg ? "postgresql" : "pglite", redis: Boolean(E.BENCH_REDIS_URL), generator: GENERATOR, concurrency: CONCURRENCY, seconds: SECONDS, cpus: os.cpus().length, node: process.version, at: new Date().toISOString() };
  const json = JSON.stringify({ bench: "relayboard", ...meta, results });
  console.log(json);
  if (E.BENCH_JSON) writeFileSync(E.BENCH_JSON, `${json}\n`);
  if (results.some((r) => r.errors)) exitCode = 1;
} catch (err) {
  console.error(`\nbench: ${err.message}`);
  if (serverLines.length) console.error(`last server output:\n  ${serverLines.slice(-30).join("\n  ")}`);
  exitCode = 1;
} finally {
  await stop();
}
process.exit(exitCode);

/** A bare node:http server (a bench/bare-*.ts script on CEILING_PORT) under `scenario`, measured alone. */
async function measureCeiling(script, scenario, what) {
  const bare = spawn(process.execPath, ["--import", "tsx", script, String(CEILING_PORT)], { cwd: ROOT, env: serverEnv, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    bare.stdout.on("data", (d) => String(d).includes("ready") && resolve());
    bare.on("exit", (code) => reject(new Error(`the bare ceiling server exited (${code})`)));
  });
  process.stdout.write(`  ${scenario.name.padEnd(14)} ${what} ... `);
  try {
    const r = await runScenario(scenario, bare.pid);
    console.log(`${r.rps} req/s${r.batch ? ` (${r.eventsPerSecond} events/s)` : ""}`);
    return r;
  } finally {
    bare.kill("SIGTERM");
    await new Promise((resolve) => bare.once("exit", resolve));
  }
}

/** The `subscription` load against the bare server (bench/bare-subscription-server.ts). */
function subscriptionCeiling() {
  return {
    name: "subscription-bare",
    concurrency: SUB_CONCURRENCY,
    base: `http://127.0.0.1:${CEILING_PORT}`,
    request: (w, s) => {
      const sub = s.subs[s.next++ % s.subs.length];
      return { path: `/api/subscription/${sub.id}?token=${sub.token}` };
    },
    setup: async () => ({ subs: subFixture, next: 0 }),
  };
}

async function waitForHealth() {
  const deadline = Date.now() + 180_000; // migrations + Next's prepare; slow on a busy machine
  while (Date.now() < deadline) {
    if (serverGone) throw new Error(`the server exited during start-up (${JSON.stringify(await exited)})`);
    const ok = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the server did not answer GET /api/health within 180 s");
}

/** SIGTERM (graceful shutdown), SIGKILL after 30 s, then remove the temporary data directory. */
async function stop() {
  if (!serverGone) {
    server.kill("SIGTERM");
    const timer = setTimeout(() => server.kill("SIGKILL"), 30_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

function printTable(results) {
  const head = ["scenario", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "peak RSS MB", "CPU ms/req"];
  const rows = results.map((r) => [r.scenario, r.requests, r.rps, r.p50, r.p95, r.p99, r.max, r.errors, r.peakRssMB ?? "-", r.cpuMsPerRequest ?? "-"].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  console.log(`\n${line(head)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.map(line).join("\n")}\n`);
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}
