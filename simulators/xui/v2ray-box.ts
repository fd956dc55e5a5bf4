// "Node in a box": the simulator's inbounds and active clients served by a real V2Ray 4.34 core, with
// the access log on, restarted whenever the rendered config changes. 3x-ui pushes users to Xray over
// gRPC instead; v2ray 4.34 has no such user API we rely on, so a restart is the honest equivalent here.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseObject } from "./model";
import type { XuiState } from "./state";
import { renderServerConfig, type BoxInbound, type RenderResult } from "./v2ray-config";
import { findV2rayBinary, startV2rayProcess, type V2rayProcess } from "./v2ray-process";

export { findV2rayBinary } from "./v2ray-process";

export interface V2rayBoxOptions {
  state: XuiState;
  /** Path of the v2ray binary; default: findV2rayBinary(). */
  binary?: string;
  /** Where config and logs go; default: a fresh temp dir, removed on stop(). */
  workDir?: string;
  /** Listen address for every inbound; default: the inbound's own, or 127.0.0.1. */
  listen?: string;
  /** Reload on every simulator change (default true); otherwise call sync() yourself. */
  watch?: boolean;
}

export interface V2rayBox {
  accessLogPath: string;
  configPath: string;
  /** Inbounds the last render left out, with the reason. */
  skipped(): RenderResult["skipped"];
  /** How many times v2ray was (re)started. */
  starts(): number;
  /** Render now and restart v2ray if the config changed. */
  sync(): Promise<void>;
  /** Resolves when every queued reload is done; rejects with the last reload's error. */
  idle(): Promise<void>;
  accessLogLines(): string[];
  stop(): Promise<void>;
}

/** The simulator's state as the box serves it: settings parsed, only active clients. */
export function boxInbounds(state: XuiState): BoxInbound[] {
  return state.inbounds
    .filter((i) => i.enable)
    .map((i) => ({
      protocol: i.protocol,
      port: i.port,
      listen: i.listen,
      tag: i.tag,
      settings: parseObject(i.settings),
      streamSettings: parseObject(i.streamSettings),
      clients: state.activeClients(i),
    }));
}

export async function startV2rayBox(options: V2rayBoxOptions): Promise<V2rayBox> {
  const binary = options.binary ?? findV2rayBinary();
  if (!binary) throw new Error("v2ray binary not found (install Debian's `v2ray` package or set V2RAY_BIN)");
  const ownDir = !options.workDir;
  const dir = options.workDir ?? mkdtempSync(join(tmpdir(), "xui-v2ray-box-"));
  const accessLogPath = join(dir, "access.log");
  const configPath = join(dir, "config.json");
  let proc: V2rayProcess | null = null;
  let lastConfig = "";
  let skipped: RenderResult["skipped"] = [];
  let starts = 0;
  let queue: Promise<void> = Promise.resolve();
  let lastError: unknown = null;

  async function syncNow(): Promise<void> {
    const result = renderServerConfig(boxInbounds(options.state), {
      accessLog: accessLogPath,
      errorLog: join(dir, "error.log"),
      listen: options.listen,
    });
    skipped = result.skipped;
    const text = JSON.stringify(result.config);
    if (text === lastConfig && proc) return;
    // The old process must release its ports before the new one binds them.
    await proc?.stop();
    proc = null;
    const inbounds = (result.config.inbounds as { listen: string; port: number }[]).map((i) => ({
      host: i.listen === "0.0.0.0" ? "127.0.0.1" : i.listen,
      port: i.port,
    }));
    proc = await startV2rayProcess(binary as string, result.config, configPath, inbounds);
    lastConfig = text;
    starts += 1;
  }

  const sync = (): Promise<void> => {
    const run = queue.then(syncNow);
    queue = run.then(
      () => {
        lastError = null;
      },
      (e: unknown) => {
        lastError = e;
      },
    );
    return run;
  };

  await sync();
  const unsubscribe = options.watch === false ? () => true : options.state.onChange(() => void sync().catch(() => undefined));

  return {
    accessLogPath,
    configPath,
    skipped: () => skipped,
    starts: () => starts,
    sync,
    idle: async () => {
      await queue;
      if (lastError) throw lastError;
    },
    accessLogLines: () => {
      try {
        return readFileSync(accessLogPath, "utf8").split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    stop: async () => {
      unsubscribe();
      await queue;
      await proc?.stop();
      proc = null;
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
