// Running one V2Ray 4.34 process: `v2ray -config file.json` (the v4 syntax; `run -c` is v5 and fails
// here, protocols.md §2.1), ready once its listening ports accept TCP, stopped by its own pid only.
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { delimiter, join } from "node:path";

/**
 * `V2RAY_BIN` when set (authoritative, so a wrong value is noticed rather than silently replaced), else
 * `v2ray` on PATH or /usr/bin/v2ray (Debian's package); null when absent.
 */
export function findV2rayBinary(): string | null {
  const explicit = process.env.V2RAY_BIN;
  const candidates = explicit
    ? [explicit]
    : [...(process.env.PATH ?? "").split(delimiter).map((d) => join(d, "v2ray")), "/usr/bin/v2ray"];
  for (const c of candidates) {
    if (!c) continue;
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // try the next one
    }
  }
  return null;
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface V2rayProcess {
  pid: number | undefined;
  /** stdout + stderr so far (config errors show up here). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Write `config` to `configPath`, start v2ray on it and wait until every `{host, port}` accepts TCP.
 * Rejects with v2ray's own output when it exits early or does not come up within `timeoutMs`.
 */
export async function startV2rayProcess(
  binary: string,
  config: unknown,
  configPath: string,
  ports: { host: string; port: number }[],
  timeoutMs = 10_000,
): Promise<V2rayProcess> {
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  const child: ChildProcess = spawn(binary, ["-config", configPath], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
    child.once("error", (e) => {
      out += String(e);
      exited = true;
      resolve();
    });
  });

  const proc: V2rayProcess = {
    pid: child.pid,
    output: () => out,
    stop: async () => {
      if (!exited) child.kill("SIGTERM");
      const timer = setTimeout(() => !exited && child.kill("SIGKILL"), 3000);
      await exitPromise;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`v2ray exited during start-up:\n${out}`);
    const open = await Promise.all(ports.map((p) => portOpen(p.host, p.port)));
    if (open.every(Boolean)) {
      // No ports to wait for: give a config error the moment it needs to surface.
      if (ports.length === 0) await new Promise((r) => setTimeout(r, 200));
      if (!exited) return proc;
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`v2ray did not open its ports within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
