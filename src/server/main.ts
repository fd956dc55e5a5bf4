// Process entry: configuration, database (+ migrations under a lock), admin bootstrap, Next.js,
// background worker, operator control socket (embedded mode), graceful shutdown.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { env } from "./env";
import { closeDb, installDb, openRawClient } from "./db/client";
import { runMigrations } from "./db/migrate";
import { makeCtx } from "./context";
import { parseTrustedProxies } from "./http/client-ip";
import { makeRequestListener, refuseConnect } from "./http/request-listener";
import { contentSettings } from "./services/subscription-content/content-settings";
import { quietClientAbortsInConsole } from "./http/client-abort";
import { releaseAbortReasonStacks } from "./http/abort-reason-stacks";
import { errorSummary } from "./describe-error";
import { describeError } from "./describe-error";
import { log } from "./logger";
import { bootstrapAdmin } from "./services/accounts";
import { announceFirstAdmin } from "./services/accounts/announce-first-admin";
import { startPeriodicJobs } from "./jobs/periodic";
import { ensureAccessLogPartitions } from "./services/logs/access-partitions";
import { startWorker } from "./jobs/worker";
import { flushAccessLogs } from "./services/subscription-content/access-log";
import { closeGateModels } from "./services/subscription-content/read-model/gate-model";
import { closeRedis } from "./rate-limit/limiter";
import { acquireEmbeddedLock } from "./db/embedded-lock";
import { startControlSocket } from "./control/socket-server";
import { runCliCaptured } from "../../cli/run-in-service";
import { loadGeoip } from "./integrations/geoip";
import { startTelegram, stopTelegram } from "./services/telegram/runner";

async function main() {
  const e = env();
  const dev = e.NODE_ENV !== "production";
  // next-auth v4 derives its origin and secure-cookie choice from NEXTAUTH_URL.
  process.env.NEXTAUTH_URL ??= e.appUrl;
  process.env.NEXTAUTH_SECRET ??= e.AUTH_SECRET;

  // Before anything else: a GEOIP_MMDB_PATH that cannot be read stops the service with its name,
  // rather than risk control running blind (it never switches itself off).
  const geoip = loadGeoip();
  log.info("geoip ready", { source: geoip.source });
  const lock = e.embedded ? acquireEmbeddedLock(e.dataDir) : undefined;
  const raw = openRawClient({ databaseUrl: e.DATABASE_URL, dataDir: e.dataDir });
  const db = installDb(raw);
  await runMigrations(raw);
  // Today's access-log partition and the week's ahead, before the first request (the hourly job
  // keeps them coming); a failure only means rows wait in the DEFAULT partition meanwhile.
  await ensureAccessLogPartitions(db).catch((err: unknown) => log.warn("access log partitions not made", { error: describeError(err) }));
  log.info("database ready", { kind: raw.kind, dataDir: e.embedded ? e.dataDir : undefined });

  const boot = await bootstrapAdmin(makeCtx(db, { kind: "system" }), { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD });
  announceFirstAdmin(boot, { dataDir: e.dataDir }); // terminal only if interactive, else a 0600 file

  if (!dev) adoptBuiltNextConfig(path.resolve("."));
  const app = next({ dev, dir: path.resolve("."), hostname: e.HOST, port: e.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const trusted = parseTrustedProxies(e.TRUSTED_PROXIES);
  const appHttps = e.appUrl.startsWith("https://");
  quietClientAbortsInConsole();
  releaseAbortReasonStacks(); // or every page render stays in memory (http/abort-reason-stacks.ts)
  const server = createServer(makeRequestListener(handle, { trusted, appHttps, dev, db }));
  server.on("connect", refuseConnect);
  // Node closes an idle keep-alive connection after 5 s by default. A client (or nginx, whose
  // upstream keep-alive lasts 60 s) that sends on it at that moment gets a reset instead of an
  // answer: CI saw a POST fail with ECONNRESET this way. Idle connections now live longer than a
  // proxy's (so the proxy closes first); headers must be allowed longer than that.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // The content path prefix is routed synchronously from the last settings read: read them every
  // second (a cache hit while the change feed is current) so a changed prefix is served at once.
  const settingsRefresh = setInterval(() => void contentSettings(db).catch(() => undefined), 1_000);
  settingsRefresh.unref();
  await contentSettings(db);

  const worker = e.JOBS_DISABLED ? undefined : startWorker(db);
  const periodic = e.JOBS_DISABLED ? undefined : startPeriodicJobs(db);
  // The Telegram bot (services/telegram/runner.ts): follows the settings; polls only while it holds the instances' lease.
  if (!e.JOBS_DISABLED) startTelegram(db);
  const control = lock ? await startControlSocket({ socketPath: path.join(e.dataDir, "relayboard.sock"), run: (argv, locale) => runCliCaptured(argv, db, locale) }) : undefined;

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
      // A connection that finishes its in-flight request goes idle after close() was called: close
      // those as they appear, rather than waiting out the keep-alive timeout.
      const sweep = setInterval(() => server.closeIdleConnections(), 250);
      server.close(() => {
        clearInterval(sweep);
        resolve();
      });
      server.closeIdleConnections();
    });
    clearInterval(settingsRefresh);
    await periodic?.stop();
    await stopTelegram();
    await flushAccessLogs();
    await worker?.stop();
    await control?.close();
    await closeRedis();
    await closeGateModels();
    await closeDb();
    lock?.release();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * Next's configuration as `next build` resolved it (.next/required-server-files.json), handed to Next
 * the way its own standalone server does. Otherwise every production start compiles next.config.ts
 * with SWC, which loads about 37 MB of native compiler into the service for good (issue 25) and a
 * second. Without the file (an old build) Next reads next.config.ts as before.
 */
function adoptBuiltNextConfig(dir: string): void {
  try {
    const { config } = JSON.parse(readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8")) as { config?: unknown };
    if (config && typeof config === "object") process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(config);
  } catch {
    /* no serialized configuration: Next loads next.config.ts itself */
  }
}

main().catch((err) => {
  console.error(`Relayboard failed to start: ${errorSummary(err)}`); // errorSummary: no SQL parameters
  process.exit(1);
});
