// Admin reads of node health: per node the agent's version, its last report per kind, whether it
// went stale, and the newest health sample; per node page a bucketed history for the charts.
import { sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { AgentReportKind } from "../../db/schema";
import { isUuid } from "../../uuid";
import { getSettingsWithSecrets } from "../settings";
import { agentStateOf, lastReportOf, type AgentState } from "./agent-state";
import { getReadableNode } from "./access";

export interface HealthSample {
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
}

export interface NodeHealthSummary {
  nodeId: string;
  agentVersion: string | null;
  lastReports: Partial<Record<AgentReportKind, string>>;
  lastReportAt: string | null;
  state: AgentState;
  staleMinutes: number;
  latest: HealthSample | null;
}

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
// Drivers hand timestamps back as Date or as text depending on the client; both become ISO text.
const isoOf = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

function sampleOf(r: Row): HealthSample | null {
  if (r.sampled_at === null || r.sampled_at === undefined) return null;
  return {
    sampledAt: isoOf(r.sampled_at)!,
    cpuPercent: num(r.cpu_percent),
    memUsedBytes: num(r.mem_used_bytes),
    memTotalBytes: num(r.mem_total_bytes),
    diskUsedBytes: num(r.disk_used_bytes),
    diskTotalBytes: num(r.disk_total_bytes),
    netRxBytesPerSec: num(r.net_rx_bytes_per_sec),
    netTxBytesPerSec: num(r.net_tx_bytes_per_sec),
    load1: num(r.load1),
    uptimeSeconds: num(r.uptime_seconds),
  };
}

/**
 * Every node's (or one node's) agent summary. The newest sample is read per node through the
 * (node_id, sampled_at) index (a lateral LIMIT 1), so the cost follows the number of nodes, not of samples.
 */
export async function listNodeHealth(ctx: Ctx, opts: { nodeId?: string } = {}): Promise<NodeHealthSummary[]> {
  requireAdmin(ctx, "nodes.read");
  if (opts.nodeId !== undefined && !isUuid(opts.nodeId)) return [];
  const [settings, result] = await Promise.all([
    getSettingsWithSecrets(ctx.db),
    ctx.db.execute(sql`
      select n.id, n.agent_version, n.agent_last_reports, n.last_agent_report_at, m.*
      from nodes n
      left join lateral (
        select sampled_at, cpu_percent, mem_used_bytes, mem_total_bytes, disk_used_bytes, disk_total_bytes,
          net_rx_bytes_per_sec, net_tx_bytes_per_sec, load1, uptime_seconds
        from node_metrics where node_id = n.id order by sampled_at desc limit 1
      ) m on true
      ${opts.nodeId ? sql`where n.id = ${opts.nodeId}::uuid` : sql``}`),
  ]);
  const now = ctx.now();
  return ((result as unknown as { rows: Row[] }).rows ?? []).map((r) => {
    const lastReports = (r.agent_last_reports ?? {}) as Partial<Record<AgentReportKind, string>>;
    const lastAt = lastReportOf(lastReports, r.last_agent_report_at ? new Date(r.last_agent_report_at as string) : null);
    return {
      nodeId: String(r.id),
      agentVersion: (r.agent_version as string | null) ?? null,
      lastReports,
      lastReportAt: lastAt?.toISOString() ?? null,
      state: agentStateOf(lastAt, now, settings.nodeStaleMinutes),
      staleMinutes: settings.nodeStaleMinutes,
      latest: sampleOf(r),
    };
  });
}

export const HEALTH_RANGES = ["1d", "7d"] as const;
export type HealthRange = (typeof HEALTH_RANGES)[number];
/** Window and bucket per range: at most 288 and 336 points, whatever the sampling interval. */
export const HEALTH_BUCKETS: Record<HealthRange, { windowMs: number; bucketSeconds: number }> = {
  "1d": { windowMs: 86_400_000, bucketSeconds: 5 * 60 },
  "7d": { windowMs: 7 * 86_400_000, bucketSeconds: 30 * 60 },
};

export interface HealthPoint { t: string; cpuPercent: number | null; memPercent: number | null; diskPercent: number | null; rxBytesPerSec: number | null; txBytesPerSec: number | null }
export interface HealthHistory { nodeId: string; range: HealthRange; bucketSeconds: number; from: string; to: string; points: HealthPoint[] }

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Bucket averages of one node's samples over 1 or 7 days: CPU and memory/disk in percent, network in B/s. */
export async function getNodeHealthHistory(ctx: Ctx, nodeId: string, range: HealthRange): Promise<HealthHistory> {
  requireAdmin(ctx, "nodes.read");
  const node = await getReadableNode(ctx, nodeId);
  const { windowMs, bucketSeconds } = HEALTH_BUCKETS[range];
  const to = ctx.now();
  const from = new Date(to.getTime() - windowMs);
  // The step is a constant of the table above, inlined so SELECT and GROUP BY are the same text.
  const step = sql.raw(String(bucketSeconds));
  const result = (await ctx.db.execute(sql`
    select (floor(extract(epoch from sampled_at) / ${step}) * ${step})::float8 as bucket,
      avg(cpu_percent)::float8 as cpu,
      avg(100.0 * mem_used_bytes / nullif(mem_total_bytes, 0))::float8 as mem,
      avg(100.0 * disk_used_bytes / nullif(disk_total_bytes, 0))::float8 as disk,
      avg(net_rx_bytes_per_sec)::float8 as rx,
      avg(net_tx_bytes_per_sec)::float8 as tx
    from node_metrics
    where node_id = ${node.id}::uuid and sampled_at > ${from.toISOString()}::timestamptz and sampled_at <= ${to.toISOString()}::timestamptz
    group by 1 order by 1`)) as unknown as { rows: Row[] };
  return {
    nodeId: node.id,
    range,
    bucketSeconds,
    from: from.toISOString(),
    to: to.toISOString(),
    points: result.rows.map((r) => ({
      t: new Date(Number(r.bucket) * 1000).toISOString(),
      cpuPercent: round1(num(r.cpu)),
      memPercent: round1(num(r.mem)),
      diskPercent: round1(num(r.disk)),
      rxBytesPerSec: num(r.rx) === null ? null : Math.round(num(r.rx)!),
      txBytesPerSec: num(r.tx) === null ? null : Math.round(num(r.tx)!),
    })),
  };
}
