// Runs the route tool with execFile (arguments as an array, never through a shell) and parses it.
// Preference when "auto": nexttrace (gives ASN, owner and ISP), then mtr, then traceroute.
import { execFile } from "node:child_process";
import { constants as fsConstants, promises as fs } from "node:fs";
import path from "node:path";
import type { HostPort, TraceTool } from "../config";
import type { ParsedHop } from "./hops";
import { parseMtrJson } from "./parse-mtr";
import { parseNexttraceJson } from "./parse-nexttrace";
import { parseTraceroute } from "./parse-traceroute";

export type ConcreteTool = Exclude<TraceTool, "auto">;

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** Set when the tool exited non-zero or was killed; its output may still hold hops. */
  error?: string;
}

export type ExecFn = (file: string, args: string[], opts: { timeoutMs: number; signal?: AbortSignal }) => Promise<ExecResult>;

export const execTool: ExecFn = (file, args, { timeoutMs, signal }) =>
  new Promise((resolve) => {
    execFile(
      file,
      args,
      // C locale: the parsers read English number formats and keywords.
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, signal, env: { ...process.env, LC_ALL: "C", LANG: "C" }, windowsHide: true },
      (err, stdout, stderr) => resolve({ stdout: String(stdout), stderr: String(stderr), ...(err ? { error: err.message.split("\n")[0] } : {}) }),
    );
  });

// Route tools live in sbin on many systems, which a service user's PATH may lack.
const EXTRA_DIRS = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

export async function findExecutable(name: string, pathEnv = process.env.PATH ?? ""): Promise<string | null> {
  const dirs = [...pathEnv.split(path.delimiter).filter(Boolean), ...EXTRA_DIRS];
  for (const dir of new Set(dirs)) {
    const file = path.join(dir, name);
    try {
      await fs.access(file, fsConstants.X_OK);
      return file;
    } catch {
      /* next */
    }
  }
  return null;
}

export async function pickTool(wanted: TraceTool, find: (name: string) => Promise<string | null> = findExecutable): Promise<{ tool: ConcreteTool; file: string } | null> {
  const order: ConcreteTool[] = wanted === "auto" ? ["nexttrace", "mtr", "traceroute"] : [wanted];
  for (const tool of order) {
    const file = await find(tool);
    if (file) return { tool, file };
  }
  return null;
}

export interface TraceRunOptions {
  maxHops: number;
  timeoutSeconds: number;
  asLookup: boolean;
  exec?: ExecFn;
  signal?: AbortSignal;
}

export function toolArgs(tool: ConcreteTool, target: HostPort, opts: { maxHops: number; asLookup: boolean }): string[] {
  const hops = String(opts.maxHops);
  switch (tool) {
    case "nexttrace":
      return ["--json", "-n", "-q", "3", "-m", hops, target.host];
    case "mtr":
      return ["--json", "-n", ...(opts.asLookup ? ["-z"] : []), "-c", "3", "-m", hops, target.host];
    case "traceroute":
      return ["-n", "-q", "3", "-w", "2", "-m", hops, ...(opts.asLookup ? ["-A"] : []), target.host];
  }
}

export function parseToolOutput(tool: ConcreteTool, stdout: string): ParsedHop[] {
  if (tool === "traceroute") return parseTraceroute(stdout);
  const json = stdout.slice(stdout.indexOf("{"));
  return tool === "mtr" ? parseMtrJson(json) : parseNexttraceJson(json);
}

export async function traceTarget(tool: { tool: ConcreteTool; file: string }, target: HostPort, opts: TraceRunOptions): Promise<{ hops: ParsedHop[]; error?: string }> {
  const exec = opts.exec ?? execTool;
  const run = async (asLookup: boolean) => {
    const r = await exec(tool.file, toolArgs(tool.tool, target, { maxHops: opts.maxHops, asLookup }), { timeoutMs: opts.timeoutSeconds * 1000, signal: opts.signal });
    let hops: ParsedHop[] = [];
    let parseError: string | undefined;
    try {
      hops = r.stdout.trim() ? parseToolOutput(tool.tool, r.stdout) : [];
    } catch (err) {
      parseError = `unreadable ${tool.tool} output: ${(err as Error).message}`;
    }
    const answered = hops.some((h) => h.ip);
    return { hops, failed: !!r.error || !answered, error: answered ? undefined : (r.error ?? parseError ?? (r.stderr.trim().split("\n")[0] || "no hop answered")) };
  };
  const first = await run(opts.asLookup);
  // AS lookups need the registry (whois); when it cannot be reached the tool stops early, so try without.
  if (first.failed && opts.asLookup && tool.tool !== "nexttrace" && !opts.signal?.aborted) {
    const second = await run(false);
    if (!second.error) return { hops: second.hops };
  }
  return first.error ? { hops: first.hops, error: first.error } : { hops: first.hops };
}
