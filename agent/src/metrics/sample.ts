// Node health from /proc and statfs. CPU and network are rates, so each report is the difference
// between this sample and the previous one. procRoot is injectable so tests read fixtures.
import { promises as fs } from "node:fs";
import path from "node:path";
import { AGENT_VERSION } from "../version";

export interface RawSample {
  at: number;
  cpu: { idle: number; total: number } | null;
  net: { rx: number; tx: number } | null;
  memTotal: number | null;
  memAvailable: number | null;
  load1: number | null;
  uptimeSeconds: number | null;
  disk: { used: number; total: number } | null;
}

/** The metrics report body's inner object (agent/README.md "Metrics report"). */
export interface NodeMetrics {
  sampledAt: string;
  cpuPercent: number | null;
  memUsedBytes: number | null;
  memTotalBytes: number | null;
  diskUsedBytes: number | null;
  diskTotalBytes: number | null;
  netRxBytesPerSec: number | null;
  netTxBytesPerSec: number | null;
  load1: number | null;
  uptimeSeconds: number | null;
  agentVersion: string;
}

export interface SampleSource {
  procRoot?: string;
  diskPath?: string;
  statfs?: (p: string) => Promise<{ blocks: number; bfree: number; bsize: number }>;
}

const readText = (file: string) => fs.readFile(file, "utf8").catch(() => null);

export function parseCpu(stat: string): { idle: number; total: number } | null {
  const line = stat.split("\n").find((l) => /^cpu\s/.test(l));
  if (!line) return null;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  if (v.length < 4 || v.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal [guest guest_nice: already inside user/nice]
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { idle, total };
}

export function parseMeminfo(text: string): { total: number | null; available: number | null } {
  const kb = (key: string) => {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s*kB`, "m").exec(text);
    return m ? Number(m[1]) * 1024 : null;
  };
  const total = kb("MemTotal");
  // Kernels before 3.14 have no MemAvailable; free + buffers + cached is the old estimate.
  const available = kb("MemAvailable") ?? (kb("MemFree") !== null ? (kb("MemFree") ?? 0) + (kb("Buffers") ?? 0) + (kb("Cached") ?? 0) : null);
  return { total, available };
}

/** Received and sent bytes over every interface but loopback. */
export function parseNetDev(text: string): { rx: number; tx: number } | null {
  let rx = 0;
  let tx = 0;
  let seen = false;
  for (const line of text.split("\n")) {
    const m = /^\s*([^:\s]+):\s*(.*)$/.exec(line);
    if (!m || m[1] === "lo") continue;
    const f = m[2]!.trim().split(/\s+/).map(Number);
    if (f.length < 9 || !Number.isFinite(f[0]) || !Number.isFinite(f[8])) continue;
    rx += f[0]!;
    tx += f[8]!;
    seen = true;
  }
  return seen ? { rx, tx } : null;
}

export async function takeSample(src: SampleSource, now: number): Promise<RawSample> {
  const root = src.procRoot ?? "/proc";
  const [stat, meminfo, netdev, loadavg, uptime] = await Promise.all(
    ["stat", "meminfo", "net/dev", "loadavg", "uptime"].map((f) => readText(path.join(root, f))),
  );
  const mem = meminfo ? parseMeminfo(meminfo) : { total: null, available: null };
  let disk: RawSample["disk"] = null;
  try {
    const statfs = src.statfs ?? ((p: string) => fs.statfs(p));
    const s = await statfs(src.diskPath ?? "/");
    disk = { total: s.blocks * s.bsize, used: (s.blocks - s.bfree) * s.bsize };
  } catch {
    disk = null;
  }
  const load = loadavg ? Number(loadavg.trim().split(/\s+/)[0]) : Number.NaN;
  const up = uptime ? Number(uptime.trim().split(/\s+/)[0]) : Number.NaN;
  return {
    at: now,
    cpu: stat ? parseCpu(stat) : null,
    net: netdev ? parseNetDev(netdev) : null,
    memTotal: mem.total,
    memAvailable: mem.available,
    load1: Number.isFinite(load) ? load : null,
    uptimeSeconds: Number.isFinite(up) ? Math.floor(up) : null,
    disk,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The report for `cur`, with rates over the time since `prev` (null rates without a usable prev). */
export function toMetrics(prev: RawSample | null, cur: RawSample): NodeMetrics {
  const seconds = prev ? (cur.at - prev.at) / 1000 : 0;
  let cpuPercent: number | null = null;
  if (prev?.cpu && cur.cpu) {
    const total = cur.cpu.total - prev.cpu.total;
    const idle = cur.cpu.idle - prev.cpu.idle;
    if (total > 0 && idle >= 0) cpuPercent = round1(Math.min(100, Math.max(0, (100 * (total - idle)) / total)));
  }
  let rxRate: number | null = null;
  let txRate: number | null = null;
  // Counters go back when an interface is recreated; that interval has no rate.
  if (prev?.net && cur.net && seconds > 0 && cur.net.rx >= prev.net.rx && cur.net.tx >= prev.net.tx) {
    rxRate = Math.round((cur.net.rx - prev.net.rx) / seconds);
    txRate = Math.round((cur.net.tx - prev.net.tx) / seconds);
  }
  return {
    sampledAt: new Date(cur.at).toISOString(),
    cpuPercent,
    memUsedBytes: cur.memTotal !== null && cur.memAvailable !== null ? Math.max(0, cur.memTotal - cur.memAvailable) : null,
    memTotalBytes: cur.memTotal,
    diskUsedBytes: cur.disk?.used ?? null,
    diskTotalBytes: cur.disk?.total ?? null,
    netRxBytesPerSec: rxRate,
    netTxBytesPerSec: txRate,
    load1: cur.load1,
    uptimeSeconds: cur.uptimeSeconds,
    agentVersion: AGENT_VERSION,
  };
}
