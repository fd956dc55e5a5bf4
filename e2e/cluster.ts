// Two Relayboard instances (each started as `npm start` starts it, production build) on one
// PostgreSQL database and one Redis, behind Debian's nginx running the shipped deploy/nginx.conf as
// an unprivileged process. Only the upstream addresses, the listen port and the process-level paths
// (pid, logs, temp directories) differ from what an operator installs. For several-instances.spec.ts.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { siblingDatabase } from "./sibling-database";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

type Env = NodeJS.ProcessEnv & Record<string, string>;

export interface Instance { name: string; port: number; url: string; process: ChildProcess; exited: Promise<void> }

export interface Cluster {
  /** nginx's address: what clients use. */
  url: string;
  port: number;
  instances: [Instance, Instance];
  /** The instances' shared environment (without PORT), for the operator CLI. */
  env: Env;
  /** `$upstream_addr $status $request` of every request nginx handled so far. */
  accessLog: () => string[];
  sql: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  stop: () => Promise<void>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The shipped file with this run's upstreams and listen port: nothing else is changed. */
export function shippedConfig(listenPort: number, upstreamPorts: number[]): string {
  const shipped = readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  let i = 0;
  const out = shipped
    .replace(/server 127\.0\.0\.1:\d+ /g, (m) => (i < upstreamPorts.length ? `server 127.0.0.1:${upstreamPorts[i++]} ` : m))
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  if (i !== upstreamPorts.length || !out.includes(`listen 127.0.0.1:${listenPort};`)) throw new Error("deploy/nginx.conf no longer has the upstream lines or the listen line this test substitutes");
  return out;
}

/** The process-level wrapper an unprivileged nginx needs around the include (Debian's nginx.conf has the same shape). */
function nginxMain(dir: string, include: string): string {
  return `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    log_format upstreams '$upstream_addr $status $request';
    access_log ${dir}/access.log upstreams;
    include ${include};
}
`;
}

async function healthy(url: string, proc: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with ${proc.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not become healthy in 180 s`);
    await wait(300);
  }
}

function startInstance(name: string, port: number, env: Env, dir: string): Instance {
  // `npm start` as an operator runs it (prestart checks the build); detached: its own process group,
  // so a signal reaches npm and the server it started alike.
  const proc: ChildProcess = spawn("npm", ["start", "--silent"], { env: { ...env, PORT: String(port), DATA_DIR: path.join(dir, name) }, stdio: ["ignore", "inherit", "inherit"], detached: true });
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  return { name, port, url: `http://127.0.0.1:${port}`, process: proc, exited };
}

/** Signals an instance's whole process group (npm and the node server under it). */
export function signalInstance(i: Instance, signal: NodeJS.Signals): void {
  try {
    process.kill(-i.process.pid!, signal);
  } catch {
    /* already gone */
  }
}

export async function startCluster(opts: { basePort: number; databaseServerUrl: string; redisUrl: string; env?: Record<string, string>; settings?: string[] }): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "rb-cluster-"));
  const [portA, portB, nginxPort] = [opts.basePort + 1, opts.basePort + 2, opts.basePort + 3];
  const url = `http://127.0.0.1:${nginxPort}`;
  const db = await siblingDatabase(opts.databaseServerUrl, `rb_cluster_${Date.now().toString(36)}_${randomBytes(2).toString("hex")}`);
  const base = JSON.parse(process.env.E2E_SERVER_ENV!) as Env;
  const env: Env = {
    ...base,
    HOST: "127.0.0.1",
    APP_URL: url,
    DATABASE_URL: db.url,
    REDIS_URL: opts.redisUrl,
    REDIS_KEY_PREFIX: `e2e-cluster-${randomBytes(4).toString("hex")}:`,
    // Shared by every instance, as the README requires.
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // nginx alone: the client address comes from the headers it sets.
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // An idle connection the server terminates (57P01) is an 'error' event on the pool; without a
  // listener it is an uncaught exception that fails whichever test is running (CI saw one once, in
  // the kill test, origin not found). The pool drops that client and connects again on the next
  // query, so the tests' own queries still say whether the database is there.
  pool.on("error", (err) => {
    if ((err as { code?: string }).code !== "57P01") throw err;
    console.warn(`cluster pool: an idle connection was terminated (${err.message})`);
  });
  const stop = async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill("SIGQUIT");
      await new Promise((r) => nginx!.once("exit", r));
    }
    for (const i of instances) signalInstance(i, "SIGTERM");
    await Promise.race([Promise.all(instances.map((i) => i.exited)), wait(15_000)]);
    for (const i of instances) signalInstance(i, "SIGKILL");
    await pool.end();
    await db.drop();
  };
  try {
    // Migrations once, and the settings, before either instance starts (both would also migrate
    // safely at once: the migration lock is proven elsewhere).
    const cliEnv: Env = { ...env, DATA_DIR: path.join(dir, "cli") };
    await promisify(execFile)("node", ["bin/relayboard.mjs", "migrate"], { env: cliEnv });
    if (opts.settings?.length) await promisify(execFile)("node", ["bin/relayboard.mjs", "settings", "set", ...opts.settings], { env: cliEnv });
    instances.push(startInstance("a", portA, env, dir), startInstance("b", portB, env, dir));
    await Promise.all(instances.map((i) => healthy(i.url, i.process, `instance ${i.name}`)));

    // Started as root (CI), nginx's workers run as nobody: they must reach the temp directories.
    chmodSync(dir, 0o755);
    for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      mkdirSync(path.join(dir, d));
      chmodSync(path.join(dir, d), 0o777);
    }
    writeFileSync(path.join(dir, "relayboard.conf"), shippedConfig(nginxPort, [portA, portB]));
    writeFileSync(path.join(dir, "nginx.conf"), nginxMain(dir, path.join(dir, "relayboard.conf")));
    nginx = spawn(NGINX!, ["-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf"), "-g", "daemon off; master_process on;"], { stdio: ["ignore", "inherit", "inherit"] });
    await healthy(url, nginx, "nginx");
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    port: nginxPort,
    instances: instances as [Instance, Instance],
    env: { ...env, DATA_DIR: path.join(dir, "cli") },
    accessLog: () => readFileSync(path.join(dir, "access.log"), "utf8").split("\n").filter(Boolean),
    sql: async <T,>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    stop,
  };
}
