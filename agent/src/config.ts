// Configuration: defaults, then a JSON file (--config), then environment variables. Everything is
// checked at start and every problem is reported at once, in words an operator can act on.
import { readFileSync, statSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import type { LogLevel } from "./log";

export const CARRIERS = ["telecom", "unicom", "mobile"] as const;
export type Carrier = (typeof CARRIERS)[number];
export const TRACE_TOOLS = ["auto", "traceroute", "mtr", "nexttrace"] as const;
export type TraceTool = (typeof TRACE_TOOLS)[number];

export interface HostPort {
  host: string;
  port: number;
}

export interface AgentConfig {
  serverUrl: string;
  token: string;
  /** Where the token came from, for messages (never the token itself). */
  tokenSource: string;
  stateDir: string;
  /** Seconds between cycles of each kind; 0 turns the kind off. */
  intervals: { latency: number; trace: number; access: number; metrics: number };
  targets: Record<Carrier, HostPort[]>;
  accessLog: { path: string | null; startAt: "end" | "start" };
  latency: { tries: number; timeoutMs: number };
  trace: { tool: TraceTool; maxHops: number; timeoutSeconds: number; asLookup: boolean };
  queue: { maxBatches: number; maxBytes: number };
  /** `--once`: delivery retries after a failed attempt before the rest is left queued (default 3). */
  onceRetries?: number;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`configuration is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export const DEFAULT_STATE_DIR = "/var/lib/relayboard-agent";

const DEFAULTS = {
  intervals: { latency: 60, trace: 3600, access: 60, metrics: 60 },
  latency: { tries: 3, timeoutMs: 3000 },
  trace: { tool: "auto" as TraceTool, maxHops: 30, timeoutSeconds: 120, asLookup: true },
  queue: { maxBatches: 20000, maxBytes: 128 * 1024 * 1024 },
  onceRetries: 3,
};

const FILE_KEYS = ["serverUrl", "token", "tokenFile", "stateDir", "intervals", "targets", "accessLog", "latency", "trace", "queue", "onceRetries", "logLevel"];

export interface LoadOptions {
  configPath?: string | null;
  env?: Record<string, string | undefined>;
  /** Injected for tests. */
  readText?: (file: string) => string;
  fileMode?: (file: string) => number | null;
}

/** "host:port" or "[v6]:port"; null when it is not one. */
export function parseHostPort(text: string): HostPort | null {
  const s = text.trim();
  const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(s) ?? /^([^\s:[\]]+):(\d{1,5})$/.exec(s);
  if (!m) return null;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return null;
  if (s.startsWith("[") && isIP(m[1]!) !== 6) return null;
  return { host: m[1]!, port };
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);

export function loadConfig(opts: LoadOptions = {}): { config: AgentConfig; warnings: string[] } {
  const env = opts.env ?? process.env;
  const readText = opts.readText ?? ((f: string) => readFileSync(f, "utf8"));
  const fileMode = opts.fileMode ?? ((f: string) => {
    try {
      return statSync(f).mode;
    } catch {
      return null;
    }
  });
  const problems: string[] = [];
  const warnings: string[] = [];

  let file: Json = {};
  const configPath = opts.configPath ?? env.RELAYBOARD_AGENT_CONFIG ?? null;
  if (configPath) {
    try {
      const parsed: unknown = JSON.parse(readText(configPath));
      if (!isObj(parsed)) problems.push(`${configPath}: the config file must hold a JSON object`);
      else file = parsed;
    } catch (err) {
      problems.push(`${configPath}: cannot read the config file (${(err as Error).message})`);
    }
    for (const k of Object.keys(file)) if (!FILE_KEYS.includes(k)) problems.push(`${configPath}: unknown setting "${k}" (known: ${FILE_KEYS.join(", ")})`);
  }
  const section = (name: string): Json => {
    const v = file[name];
    if (v === undefined) return {};
    if (!isObj(v)) {
      problems.push(`"${name}" in the config file must be an object`);
      return {};
    }
    return v;
  };
  const str = (envName: string, fileValue: unknown, label: string): string | undefined => {
    const e = env[envName];
    if (e !== undefined && e !== "") return e.trim();
    if (fileValue === undefined || fileValue === null) return undefined;
    if (typeof fileValue !== "string") {
      problems.push(`${label} must be a string`);
      return undefined;
    }
    return fileValue.trim();
  };
  const int = (envName: string, fileValue: unknown, label: string, def: number, min: number, max: number): number => {
    const e = env[envName];
    const raw: unknown = e !== undefined && e !== "" ? e.trim() : fileValue;
    if (raw === undefined || raw === null) return def;
    const n = typeof raw === "number" ? raw : typeof raw === "string" && /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${label} (${e !== undefined && e !== "" ? envName : "config file"}) must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return def;
    }
    return n;
  };
  const bool = (envName: string, fileValue: unknown, label: string, def: boolean): boolean => {
    const e = env[envName];
    const raw: unknown = e !== undefined && e !== "" ? e.trim().toLowerCase() : fileValue;
    if (raw === undefined || raw === null) return def;
    if (raw === true || raw === "true" || raw === "1" || raw === "yes") return true;
    if (raw === false || raw === "false" || raw === "0" || raw === "no") return false;
    problems.push(`${label} must be true or false, got ${JSON.stringify(raw)}`);
    return def;
  };

  // Server
  const serverUrl = str("RELAYBOARD_SERVER_URL", file.serverUrl, "serverUrl") ?? "";
  if (!serverUrl) problems.push("the server URL is missing: set RELAYBOARD_SERVER_URL or \"serverUrl\" (for example https://board.example.com)");
  else {
    try {
      const u = new URL(serverUrl);
      if (u.protocol !== "https:" && u.protocol !== "http:") problems.push(`serverUrl must start with https:// (got ${u.protocol})`);
      else if (u.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(u.hostname)) warnings.push(`serverUrl uses plain http: the agent token crosses the network unencrypted; use https://`);
      if (u.search || u.hash) problems.push("serverUrl must not carry a query or fragment");
    } catch {
      problems.push(`serverUrl is not a URL: ${JSON.stringify(serverUrl)}`);
    }
  }

  // Token: inline, a file, or a systemd credential.
  let token = "";
  let tokenSource = "";
  const inlineToken = str("RELAYBOARD_AGENT_TOKEN", file.token, "token");
  let tokenFile = str("RELAYBOARD_AGENT_TOKEN_FILE", file.tokenFile, "tokenFile");
  if (!inlineToken && !tokenFile && env.CREDENTIALS_DIRECTORY) tokenFile = path.join(env.CREDENTIALS_DIRECTORY, "agent-token");
  if (inlineToken && tokenFile) problems.push("set the agent token or a token file, not both");
  else if (inlineToken) {
    token = inlineToken;
    tokenSource = env.RELAYBOARD_AGENT_TOKEN ? "RELAYBOARD_AGENT_TOKEN" : "the config file";
  } else if (tokenFile) {
    tokenSource = tokenFile;
    try {
      token = readText(tokenFile).trim();
      if (!token) problems.push(`the token file ${tokenFile} is empty`);
      const mode = fileMode(tokenFile);
      if (mode !== null && (mode & 0o077) !== 0 && !env.CREDENTIALS_DIRECTORY) warnings.push(`the token file ${tokenFile} is readable by other users; chmod 600 it`);
    } catch (err) {
      problems.push(`cannot read the token file ${tokenFile} (${(err as Error).message})`);
    }
  } else problems.push("the agent token is missing: set RELAYBOARD_AGENT_TOKEN_FILE (or \"tokenFile\") to a file holding the token shown when it was generated on the node page");
  if (token && /\s/.test(token)) problems.push(`the agent token from ${tokenSource} contains whitespace; it must be the single word shown on the node page`);
  else if (token && !/^rbn_[A-Za-z0-9_-]{43}$/.test(token)) warnings.push(`the agent token from ${tokenSource} does not look like a Relayboard agent token (rbn_ followed by 43 characters)`);

  // State
  const systemdState = env.STATE_DIRECTORY?.split(":")[0];
  const stateDir = str("RELAYBOARD_STATE_DIR", file.stateDir, "stateDir") || systemdState || DEFAULT_STATE_DIR;
  if (!path.isAbsolute(stateDir)) problems.push(`stateDir must be an absolute path, got ${JSON.stringify(stateDir)}`);

  // Intervals
  const iv = section("intervals");
  for (const k of Object.keys(iv)) if (!(k in DEFAULTS.intervals)) problems.push(`unknown interval "${k}" (known: latency, trace, access, metrics)`);
  const interval = (k: keyof typeof DEFAULTS.intervals, min: number) => {
    const n = int(`RELAYBOARD_${k.toUpperCase()}_INTERVAL`, iv[k], `intervals.${k}`, DEFAULTS.intervals[k], 0, 7 * 86400);
    if (n !== 0 && n < min) {
      problems.push(`intervals.${k} must be 0 (off) or at least ${min} seconds, got ${n}`);
      return DEFAULTS.intervals[k];
    }
    return n;
  };
  const intervals = { latency: interval("latency", 10), trace: interval("trace", 300), access: interval("access", 5), metrics: interval("metrics", 10) };

  // Targets
  const tg = section("targets");
  for (const k of Object.keys(tg)) if (!(CARRIERS as readonly string[]).includes(k)) problems.push(`unknown carrier "${k}" in targets (known: ${CARRIERS.join(", ")})`);
  const targets = {} as Record<Carrier, HostPort[]>;
  for (const carrier of CARRIERS) {
    const envName = `RELAYBOARD_TARGETS_${carrier.toUpperCase()}`;
    const e = env[envName];
    let list: unknown = e !== undefined && e !== "" ? e.split(",").map((s) => s.trim()).filter(Boolean) : tg[carrier];
    if (list === undefined || list === null) list = [];
    if (!Array.isArray(list)) {
      problems.push(`targets.${carrier} must be a list of "host:port" strings`);
      list = [];
    }
    targets[carrier] = [];
    for (const item of list as unknown[]) {
      const hp = typeof item === "string" ? parseHostPort(item) : null;
      if (!hp) problems.push(`targets.${carrier}: ${JSON.stringify(item)} is not "host:port" (IPv6 as "[2001:db8::1]:80")`);
      else targets[carrier].push(hp);
    }
  }
  const anyTarget = CARRIERS.some((c) => targets[c].length > 0);
  if (!anyTarget && (intervals.latency || intervals.trace)) warnings.push("no carrier targets are set, so latency and route reports are off (see targets in agent/README.md)");

  // Access log
  const al = section("accessLog");
  for (const k of Object.keys(al)) if (!["path", "startAt"].includes(k)) problems.push(`unknown accessLog setting "${k}" (known: path, startAt)`);
  const logPath = str("RELAYBOARD_ACCESS_LOG", al.path, "accessLog.path") || null;
  if (logPath && !path.isAbsolute(logPath)) problems.push(`accessLog.path must be an absolute path, got ${JSON.stringify(logPath)}`);
  if (!logPath && intervals.access) warnings.push("no access log is set, so connection reports are off (set RELAYBOARD_ACCESS_LOG to the core's access.log)");
  const startAt = str("RELAYBOARD_ACCESS_LOG_START", al.startAt, "accessLog.startAt") ?? "end";
  if (startAt !== "end" && startAt !== "start") problems.push(`accessLog.startAt must be "end" or "start", got ${JSON.stringify(startAt)}`);

  // Latency and trace tuning
  const lt = section("latency");
  const latency = {
    tries: int("RELAYBOARD_LATENCY_TRIES", lt.tries, "latency.tries", DEFAULTS.latency.tries, 1, 20),
    timeoutMs: int("RELAYBOARD_LATENCY_TIMEOUT_MS", lt.timeoutMs, "latency.timeoutMs", DEFAULTS.latency.timeoutMs, 100, 60_000),
  };
  const tr = section("trace");
  const tool = str("RELAYBOARD_TRACE_TOOL", tr.tool, "trace.tool") ?? DEFAULTS.trace.tool;
  if (!(TRACE_TOOLS as readonly string[]).includes(tool)) problems.push(`trace.tool must be one of ${TRACE_TOOLS.join(", ")}, got ${JSON.stringify(tool)}`);
  const trace = {
    tool: ((TRACE_TOOLS as readonly string[]).includes(tool) ? tool : "auto") as TraceTool,
    maxHops: int("RELAYBOARD_TRACE_MAX_HOPS", tr.maxHops, "trace.maxHops", DEFAULTS.trace.maxHops, 1, 64),
    timeoutSeconds: int("RELAYBOARD_TRACE_TIMEOUT", tr.timeoutSeconds, "trace.timeoutSeconds", DEFAULTS.trace.timeoutSeconds, 5, 900),
    asLookup: bool("RELAYBOARD_TRACE_AS_LOOKUP", tr.asLookup, "trace.asLookup", DEFAULTS.trace.asLookup),
  };

  const qu = section("queue");
  const queue = {
    maxBatches: int("RELAYBOARD_QUEUE_MAX_BATCHES", qu.maxBatches, "queue.maxBatches", DEFAULTS.queue.maxBatches, 1, 1_000_000),
    maxBytes: int("RELAYBOARD_QUEUE_MAX_BYTES", qu.maxBytes, "queue.maxBytes", DEFAULTS.queue.maxBytes, 1024 * 1024, 64 * 1024 * 1024 * 1024),
  };

  // 0 lets a cron-driven or scripted --once give up at the first failure instead of waiting ~15 s.
  const onceRetries = int("RELAYBOARD_ONCE_RETRIES", file.onceRetries, "onceRetries", DEFAULTS.onceRetries, 0, 10);

  const logLevel = (str("RELAYBOARD_LOG_LEVEL", file.logLevel, "logLevel") ?? "info") as LogLevel;
  if (!["debug", "info", "warn", "error"].includes(logLevel)) problems.push(`logLevel must be debug, info, warn or error, got ${JSON.stringify(logLevel)}`);

  if (problems.length) throw new ConfigError(problems);
  return {
    config: {
      serverUrl: serverUrl.replace(/\/+$/, ""),
      token,
      tokenSource,
      stateDir,
      intervals,
      targets,
      accessLog: { path: logPath, startAt: startAt as "end" | "start" },
      latency,
      trace,
      queue,
      onceRetries,
      logLevel,
    },
    warnings,
  };
}
