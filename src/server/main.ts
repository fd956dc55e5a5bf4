// Process entry: configuration, database (+ migrations under a lock), admin bootstrap, Next.js,
// background worker, operator control socket (embedded mode), graceful shutdown.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import next from "next";
import { env } from "./env";
import { closeDb, installDb, openRawClient } from "./db/client";
import { runMigrations } from "./db/migrate";
import { makeCtx } from "./context";
import { CLIENT_IP_HEADER, parseTrustedProxies, REQUEST_ID_HEADER, resolveClientIp } from "./http/client-ip";
import { securityHeaders } from "./http/security-headers";
import { log } from "./logger";
import { bootstrapAdmin } from "./services/accounts";
import { startWorker } from "./jobs/worker";
import { closeRedis } from "./rate-limit/limiter";
import { acquireEmbeddedLock } from "./db/embedded-lock";
import { startControlSocket } from "./control/socket-server";
import { runCliCaptured } from "../../cli/run-in-service";

async function main() {
  const e = env();
  const dev = e.NODE_ENV !== "production";
  // next-auth v4 derives its origin and secure-cookie choice from NEXTAUTH_URL.
  process.env.NEXTAUTH_URL ??= e.appUrl;
  process.env.NEXTAUTH_SECRET ??= e.AUTH_SECRET;

  const lock = e.embedded ? acquireEmbeddedLock(e.dataDir) : undefined;
  const raw = openRawClient({ databaseUrl: e.DATABASE_URL, dataDir: e.dataDir });
  const db = installDb(raw);
  await runMigrations(raw);
  log.info("database ready", { kind: raw.kind, dataDir: e.embedded ? e.dataDir : undefined });

  const boot = await bootstrapAdmin(makeCtx(db, { kind: "system" }), { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD });
  if (boot.created && boot.generatedPassword) {
    // Printed once, to the console only (not the JSON log stream), on the very first start.
    process.stdout.write(`\n  First administrator created\n    email:    ${boot.email}\n    password: ${boot.generatedPassword}\n  Change it after logging in.\n\n`);
  } else if (boot.created) log.info("administrator created from ADMIN_EMAIL", { email: boot.email });

  const app = next({ dev, dir: path.resolve("."), hostname: e.HOST, port: e.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const trusted = parseTrustedProxies(e.TRUSTED_PROXIES);
  const appHttps = e.appUrl.startsWith("https://");
  const server = createServer((req, res) => {
    const started = performance.now();
    const peer = req.socket.remoteAddress;
    const peerTrusted = resolveClientIp(peer, "9.9.9.9", trusted) === "9.9.9.9";
    const ip = resolveClientIp(peer, header(req, "x-forwarded-for"), trusted);
    const requestId = (peerTrusted && header(req, REQUEST_ID_HEADER)?.slice(0, 100)) || randomUUID();
    req.headers[CLIENT_IP_HEADER] = ip;
    req.headers[REQUEST_ID_HEADER] = requestId;
    const https = appHttps || (peerTrusted && header(req, "x-forwarded-proto") === "https");
    for (const [k, v] of Object.entries(securityHeaders({ https, dev }))) res.setHeader(k, v);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.on("finish", () => {
      // Path only: query strings carry download tokens and must never reach the logs.
      log.info("request", { requestId, method: req.method, path: (req.url ?? "").split("?")[0], status: res.statusCode, ms: Math.round(performance.now() - started), ip });
    });
    handle(req, res).catch((err) => {
      log.error("request handler crashed", { requestId, error: (err as Error).message });
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "INTERNAL", message: `Something went wrong. Reference: ${requestId}` } }));
    });
  });

  const worker = e.JOBS_DISABLED ? undefined : startWorker(db);
  const control = lock ? await startControlSocket({ socketPath: path.join(e.dataDir, "relayboard.sock"), run: (argv) => runCliCaptured(argv, db) }) : undefined;

  await new Promise<void>((resolve) => server.listen(e.PORT, e.HOST, resolve));
  log.info("relayboard listening", { url: e.appUrl, port: e.PORT, edition: e.EDITION, database: raw.kind, redis: Boolean(e.REDIS_URL) });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down: finishing in-flight requests and jobs", { signal });
    const force = setTimeout(() => {
      log.error("shutdown timed out, exiting");
      process.exit(1);
    }, 25_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await worker?.stop();
    await control?.close();
    await closeRedis();
    await closeDb();
    lock?.release();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

main().catch((err) => {
  console.error(`Relayboard failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
