// Start-up time and start-up memory of the production server (`node bench/startup.mjs`, see
// bench/README.md "Start-up and memory"): the first start on a new database (PGlite creates and
// migrates its cluster; PostgreSQL only migrates an empty database), then BENCH_STARTS more starts on
// the database it left (what a restart or a deploy costs). Each start is timed from spawn to the first
// 200 from GET /api/health, and its peak resident memory is the kernel's high-water mark (VmHWM) read
// just before the SIGTERM. BENCH_SERVER=source runs `node --import tsx src/server/main.ts` instead of
// the bundle, to compare. PostgreSQL: BENCH_DATABASE_URL, an empty database it may migrate.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readRss } from "./rss.mjs";
import { benchServerArgs, benchServerEnv } from "./server-command.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const E = process.env;
const PORT = Number(E.BENCH_PORT || 3250);
const STARTS = Number(E.BENCH_STARTS || 3);
const pg = Boolean(E.BENCH_DATABASE_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "relayboard-startup-"));
const env = benchServerEnv({
  ...Object.fromEntries(Object.entries(E).filter(([k]) => !["DATABASE_URL", "REDIS_URL", "APP_URL", "JOBS_DISABLED"].includes(k))),
  NODE_ENV: "production",
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  ADMIN_EMAIL: "startup-admin@example.com",
  ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
  LOG_LEVEL: "warn",
  // The same secrets for every start, as an operator's configuration would have.
  AUTH_SECRET: randomBytes(32).toString("base64"),
  ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  ...(pg ? { DATABASE_URL: E.BENCH_DATABASE_URL } : {}),
});
const args = benchServerArgs(ROOT);

async function oneStart(label) {
  const started = performance.now();
  const server = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  server.stderr.on("data", (d) => (stderr += d));
  let exited = false;
  const gone = new Promise((resolve) => server.on("exit", () => resolve((exited = true))));
  let peak = 0; // sampled as well: VmHWM is only read while the process exists
  const sampler = setInterval(() => (peak = Math.max(peak, readRss(server.pid)?.hwm ?? 0)), 100);
  try {
    for (const deadline = Date.now() + 240_000; ; ) {
      if (exited) throw new Error(`the server exited during start-up: ${stderr.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error("no answer from /api/health within 240 s");
      if (await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const r = readRss(server.pid);
    peak = Math.max(peak, r?.hwm ?? 0);
    const result = { start: label, seconds, peakRssMB: Math.round(peak), rssAfterMB: r ? Math.round(r.rss) : null };
    console.log(`  ${label.padEnd(24)} ${String(seconds).padStart(6)} s   peak RSS ${result.peakRssMB} MB   RSS when ready ${result.rssAfterMB} MB`);
    return result;
  } finally {
    clearInterval(sampler);
    if (!exited) server.kill("SIGTERM");
    await gone;
  }
}

let code = 0;
try {
  console.log(`Relayboard start-up: ${pg ? "PostgreSQL" : "PGlite"}, ${E.BENCH_SERVER === "source" ? "from source (tsx)" : "bundle"}, ${os.cpus().length} CPUs, Node ${process.version}`);
  const results = [await oneStart("first (new database)")];
  for (let i = 1; i <= STARTS; i++) results.push(await oneStart(`existing database #${i}`));
  const json = JSON.stringify({ bench: "relayboard-startup", database: pg ? "postgresql" : "pglite", server: E.BENCH_SERVER === "source" ? "source" : "bundle", cpus: os.cpus().length, node: process.version, at: new Date().toISOString(), results });
  console.log(json);
  if (E.BENCH_JSON) writeFileSync(E.BENCH_JSON, `${json}\n`);
} catch (err) {
  console.error(`bench: ${err.message}`);
  code = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
