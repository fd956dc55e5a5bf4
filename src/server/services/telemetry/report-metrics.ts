// POST /api/agent/metrics: node health samples (CPU, memory, disk, network, load, uptime). The whole
// batch is validated first, then written with one statement however many samples it holds.
import { sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { unauthenticated } from "../../errors";
import { parseInput } from "../../validation";
import { requireAgentNode } from "./access";
import { plainAgentVersion } from "./agent-reports";
import { assertBatchWithin } from "./inputs";
import { MAX_METRIC_SAMPLES, MetricsBatchInput, MetricsReportInput, type MetricSampleInput } from "./metrics-input";

export interface MetricsReportResult { ok: true; stored: number }

/** One sample or an array of them; an array longer than MAX_METRIC_SAMPLES is a 413. */
function samplesOf(raw: unknown): MetricSampleInput[] {
  assertBatchWithin(raw, "metrics", MAX_METRIC_SAMPLES);
  const inner = raw && typeof raw === "object" ? (raw as Record<string, unknown>).metrics : undefined;
  if (Array.isArray(inner)) return parseInput(MetricsBatchInput, raw).metrics;
  return [parseInput(MetricsReportInput, raw).metrics];
}

/** A sample's time: as sent, but never in the future (an agent's fast clock must not hide newer samples). */
function sampleTime(s: MetricSampleInput, now: Date): Date {
  const t = s.sampledAt ? Date.parse(s.sampledAt) : NaN;
  return Number.isFinite(t) && t < now.getTime() ? new Date(t) : now;
}

export async function reportMetrics(ctx: Ctx, raw: unknown): Promise<MetricsReportResult> {
  const nodeId = requireAgentNode(ctx);
  const samples = samplesOf(raw);
  if (samples.length === 0) return { ok: true, stored: 0 };
  const now = ctx.now();
  const col = <T>(f: (s: MetricSampleInput) => T) => sql.param(samples.map(f));
  // Joined to the node so a node deleted after the token check stores nothing (and is told so)
  // instead of failing on the foreign key.
  const result = (await ctx.db.execute(sql`
    insert into node_metrics (node_id, sampled_at, cpu_percent, mem_used_bytes, mem_total_bytes, disk_used_bytes, disk_total_bytes,
      net_rx_bytes_per_sec, net_tx_bytes_per_sec, load1, uptime_seconds, created_at)
    select n.id, x.at, x.cpu, x.mu, x.mt, x.du, x.dt, x.rx, x.tx, x.l1, x.up, ${now.toISOString()}::timestamptz
    from unnest(${col((s) => sampleTime(s, now).toISOString())}::timestamptz[], ${col((s) => s.cpuPercent ?? null)}::float8[],
      ${col((s) => s.memUsedBytes ?? null)}::int8[], ${col((s) => s.memTotalBytes ?? null)}::int8[],
      ${col((s) => s.diskUsedBytes ?? null)}::int8[], ${col((s) => s.diskTotalBytes ?? null)}::int8[],
      ${col((s) => s.netRxBytesPerSec ?? null)}::int8[], ${col((s) => s.netTxBytesPerSec ?? null)}::int8[],
      ${col((s) => s.load1 ?? null)}::float8[], ${col((s) => s.uptimeSeconds ?? null)}::int8[])
      as x(at, cpu, mu, mt, du, dt, rx, tx, l1, up)
    join nodes n on n.id = ${nodeId}::uuid
    returning 1`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw unauthenticated("agent_token_invalid");
  return { ok: true, stored: result.rows.length };
}

/** The agent's version as the newest sample states it (for agents whose User-Agent says nothing). */
export function agentVersionInMetrics(raw: unknown): string | null {
  const inner = raw && typeof raw === "object" ? (raw as Record<string, unknown>).metrics : undefined;
  const last = Array.isArray(inner) ? inner.at(-1) : inner;
  return last && typeof last === "object" ? plainAgentVersion((last as Record<string, unknown>).agentVersion) : null;
}
