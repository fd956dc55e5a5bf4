// A second Relayboard server beside the suite's own, on its own port and embedded database, with
// some configuration changed: without any mail configuration (what pages do when a site cannot send
// mail), or the wallet edition. Its environment is returned so the operator CLI can reach it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface SideServer { url: string; env: Record<string, string>; stop: () => Promise<void> }

export async function startSideServer(opts: { portOffset: number; tag: string; env?: Record<string, string>; settings?: string[] }): Promise<SideServer> {
  const port = Number(process.env.E2E_PORT ?? 3123) + opts.portOffset;
  const env: NodeJS.ProcessEnv & Record<string, string> = {
    ...JSON.parse(process.env.E2E_SERVER_ENV!),
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `rb-${opts.tag}-`)),
    DATABASE_URL: "",
    REDIS_KEY_PREFIX: `e2e-${opts.tag}-${randomBytes(4).toString("hex")}:`,
    ...opts.env,
  };
  if (opts.settings?.length) execFileSync("node", ["bin/relayboard.mjs", "settings", "set", ...opts.settings], { env, stdio: "ignore" });
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: "ignore" });
  const exited = new Promise<void>((r) => server.on("exit", () => r()));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`${opts.tag} server exited with ${server.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (i > 900) throw new Error(`${opts.tag} server did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    env,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}

export type MailOffServer = SideServer;

/** The suite's server without any mail configuration. */
export const startMailOffServer = (opts: { portOffset: number; settings: string[] }): Promise<MailOffServer> =>
  startSideServer({ ...opts, tag: "mailoff", env: { SMTP_URL: "", SMTP_FROM: "" } });
