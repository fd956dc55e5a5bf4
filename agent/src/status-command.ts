// `relayboard-agent status`: reads the state directory only (status file, queue, cursor), so it
// works while the agent runs and after it stopped.
import { promises as fs } from "node:fs";
import { readJsonFile } from "./atomic-file";
import type { TailCursor } from "./access/tailer";
import type { QueueCounters, ReportKind } from "./delivery/queue";
import { lockHolder } from "./lock";
import { statePaths } from "./state-paths";
import { StatusFile, type AgentStatus } from "./status";

const KIND_ORDER: ReportKind[] = ["latency", "trace", "node-access", "metrics"];

export interface StatusView {
  stateDir: string;
  running: { pid: number } | null;
  status: AgentStatus | null;
  queue: { batches: number; bytes: number } & QueueCounters;
  cursor: TailCursor | null;
}

export async function readStatus(stateDir: string): Promise<StatusView> {
  const p = statePaths(stateDir);
  const names = await fs.readdir(p.queue).catch(() => [] as string[]);
  let bytes = 0;
  let batches = 0;
  for (const n of names) {
    if (!/^\d{16}-[a-z-]+\.json$/.test(n)) continue;
    const st = await fs.stat(`${p.queue}/${n}`).catch(() => null);
    if (!st) continue;
    batches++;
    bytes += st.size;
  }
  const counters = (await readJsonFile<Partial<QueueCounters>>(`${p.queue}/counters.json`).catch(() => null)) ?? {};
  const pid = await lockHolder(p.lock);
  return {
    stateDir,
    running: pid ? { pid } : null,
    status: await StatusFile.read(p.status),
    queue: { batches, bytes, droppedFull: Number(counters.droppedFull) || 0, droppedRejected: Number(counters.droppedRejected) || 0 },
    cursor: await readJsonFile<TailCursor>(p.cursor).catch(() => null),
  };
}

const kib = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

export async function renderStatus(stateDir: string, opts: { json: boolean }): Promise<string> {
  const v = await readStatus(stateDir);
  if (opts.json) return JSON.stringify(v, null, 2) + "\n";
  const s = v.status;
  const lines: string[] = [];
  lines.push(`state directory: ${v.stateDir}`);
  lines.push(`agent: ${v.running ? `running (pid ${v.running.pid})` : "not running"}${s ? `, version ${s.agentVersion}, status written ${s.updatedAt}` : ", no status file yet"}`);
  if (s?.stopped) lines.push(`STOPPED: ${s.stopped}`);
  lines.push("last reports:");
  for (const kind of KIND_ORDER) {
    const r = s?.lastReport[kind];
    const delivered = s?.lastDelivered[kind];
    const cycle = s?.lastCycle[kind];
    const attempt = r ? `${r.ok ? "ok" : "failed"} ${r.at}${r.status ? ` (HTTP ${r.status})` : ""}${!r.ok && r.detail ? `: ${r.detail.slice(0, 120)}` : ""}` : "never sent";
    lines.push(`  ${kind.padEnd(12)} last delivered ${delivered ?? "never"}; last attempt ${attempt}${cycle && !cycle.ok ? `; last measurement failed ${cycle.at}: ${cycle.detail ?? ""}` : ""}`);
  }
  lines.push(`queue: ${v.queue.batches} batches (${kib(v.queue.bytes)}); dropped: ${v.queue.droppedFull} (queue full), ${v.queue.droppedRejected} (refused by the server)`);
  const path = s?.accessLog?.path;
  lines.push(v.cursor ? `access log: ${path ?? "(path in config)"} at byte ${v.cursor.offset} (inode ${v.cursor.ino})` : "access log: not read yet");
  return lines.join("\n") + "\n";
}
