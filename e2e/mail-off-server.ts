// A second Relayboard server without any mail configuration (the suite's own server has SMTP), on
// its own port and embedded database, for what pages do when a site cannot send mail.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface MailOffServer { url: string; stop: () => Promise<void> }

export async function startMailOffServer(opts: { portOffset: number; settings: string[] }): Promise<MailOffServer> {
  const port = Number(process.env.E2E_PORT ?? 3123) + opts.portOffset;
  const env = {
    ...JSON.parse(process.env.E2E_SERVER_ENV!),
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "rb-mailoff-")),
    DATABASE_URL: "",
    SMTP_URL: "",
    SMTP_FROM: "",
    REDIS_KEY_PREFIX: `e2e-mailoff-${randomBytes(4).toString("hex")}:`,
  };
  if (opts.settings.length) execFileSync("node", ["bin/relayboard.mjs", "settings", "set", ...opts.settings], { env, stdio: "ignore" });
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: "ignore" });
  const exited = new Promise<void>((r) => server.on("exit", () => r()));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`mail-off server exited with ${server.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (i > 900) throw new Error("mail-off server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}
