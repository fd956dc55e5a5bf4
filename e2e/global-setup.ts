// Starts, for each Playwright worker slot (slots.ts), a real SMTP simulator and the real Relayboard
// server (tsx src/server/main.ts, production build) for the browser tests. Captured mails are
// written to <slot dir>/mail/*.json so the test workers (other processes) can read them. Returns
// the teardown.
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startSmtpSimulator } from "../simulators/smtp/server";
import { siblingDatabase, type SiblingDatabase } from "./sibling-database";
import { serverEnvFile, slotPort, adoptWorkerSlot, type Slot } from "./slots";

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };

export default async function globalSetup(config: FullConfig) {
  const base = Number(process.env.E2E_PORT ?? 3123);
  const count = Math.max(1, config.workers);
  const started: StartedServer[] = [];
  try {
    // Started side by side: each boot mostly waits (Next.js loading, migrations), so N cost little more than one.
    const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => startServer(slotPort(base, i), i)));
    for (const r of results) if (r.status === "fulfilled") started.push(r.value);
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } catch (err) {
    await Promise.all(started.map((s) => s.stop()));
    throw err;
  }
  const slots: Slot[] = started.map((s) => ({ port: s.port, dir: s.dir }));
  process.env.E2E_SLOTS = JSON.stringify(slots);
  adoptWorkerSlot(); // this process (and --list) sees slot 0, as the workers see their own
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

interface StartedServer { port: number; dir: string; stop: () => Promise<void> }

/** One slot: an SMTP simulator writing mails to <dir>/mail, a database of its own, and the server. */
async function startServer(port: number, slot: number): Promise<StartedServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "relayboard-e2e-"));
  mkdirSync(path.join(dir, "mail"));

  const smtp = await startSmtpSimulator({ port: 0 });
  let written = 0;
  const pump = setInterval(() => {
    for (; written < smtp.messages.length; written++) {
      writeFileSync(path.join(dir, "mail", `${String(written).padStart(4, "0")}.json`), JSON.stringify(smtp.messages[written]));
    }
  }, 100);
  const database = process.env.E2E_DATABASE_URL ? await slotDatabase(process.env.E2E_DATABASE_URL, slot) : undefined;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production" as const,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dir, "data"),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: "noreply@e2e.test",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: database?.url ?? "",
    // Production with a database server refuses to start without shared secrets (as it should).
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    REDIS_URL: process.env.E2E_REDIS_URL ?? "",
    // Each run counts its rate limits afresh, whatever earlier runs left in the shared Redis.
    REDIS_KEY_PREFIX: `e2e-${randomBytes(4).toString("hex")}:`,
    LOG_LEVEL: "warn",
    // The tests act as clients behind a proxy on 127.0.0.1, each with its own X-Forwarded-For,
    // so per-IP limits of one test do not leak into the next (and the trusted-proxy path is used).
    TRUSTED_PROXIES: "127.0.0.1,::1",
  };
  writeFileSync(serverEnvFile(dir), JSON.stringify(env), { mode: 0o600 }); // holds the run's throwaway keys
  // Verification on from the start, set through the operator CLI like an operator would.
  try {
    await promisify(execFile)("node", ["bin/relayboard.mjs", "settings", "set", "emailVerificationRequired=true"], { env });
  } catch (err) {
    clearInterval(pump);
    await smtp.close();
    await database?.drop();
    throw err;
  }

  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  const exited = new Promise<void>((r) => server.once("exit", () => r()));
  const stop = async () => {
    clearInterval(pump);
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    // Its shutdown is graceful; a server that hangs is not waited for past 10 s.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
    await smtp.close();
    await database?.drop();
  };
  // Several servers boot at once on a small machine: give them the time that takes.
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server on port ${port} exited with ${server.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > deadline) throw new Error(`server on port ${port} did not become healthy in 180 s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, dir, stop };
}

/**
 * Slot 0 uses the database scripts/test-all.mjs created for this pass; every other slot a sibling
 * database made here (and dropped at teardown), so no two servers share rows.
 */
async function slotDatabase(url: string, slot: number): Promise<SiblingDatabase> {
  if (slot === 0) return { url, drop: async () => undefined };
  return siblingDatabase(url, `${new URL(url).pathname.slice(1)}_w${slot}`);
}
