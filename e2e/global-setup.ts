// Starts a real SMTP simulator and the real Relayboard server (tsx src/server/main.ts, production
// build) for the browser tests. Captured mails are written to E2E_DIR/mail/*.json so the test
// workers (other processes) can read them. Returns the teardown.
import { spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSimulator } from "../simulators/smtp/server";

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3123);
  const dir = mkdtempSync(path.join(tmpdir(), "relayboard-e2e-"));
  mkdirSync(path.join(dir, "mail"));
  process.env.E2E_DIR = dir;

  const smtp = await startSmtpSimulator({ port: 0 });
  let written = 0;
  const pump = setInterval(() => {
    for (; written < smtp.messages.length; written++) {
      writeFileSync(path.join(dir, "mail", `${String(written).padStart(4, "0")}.json`), JSON.stringify(smtp.messages[written]));
    }
  }, 100);

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
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
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
  process.env.E2E_SERVER_ENV = JSON.stringify(env);
  // Verification on from the start, set through the operator CLI like an operator would.
  execFileSync("node", ["bin/relayboard.mjs", "settings", "set", "emailVerificationRequired=true"], { env, stdio: "inherit" });

  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy in 90 s");
    await new Promise((r) => setTimeout(r, 300));
  }

  return async () => {
    clearInterval(pump);
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 1500));
    await smtp.close();
  };
}
