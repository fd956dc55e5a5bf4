// Read verbs behind GET /api/latency*, /api/traces and the Lines / node pages. Each checks the
// caller itself (assertTelemetryReadable) before looking at its input.
import { and, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { CARRIERS, nodeLatencies, nodeLatencyLogs, nodes, routeTraces, type Carrier, type TraceHop } from "../../db/schema";
import { parseInput } from "../../validation";
import { assertTelemetryReadable, getReadableNode, visibleNodesFilter } from "./access";
import { classifyRoute, normalizeHops, type RouteLabel } from "./classify-route";
import { HistoryQueryInput, NodeQueryInput, type HistoryRange } from "./inputs";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const HISTORY_BUCKETS: Record<HistoryRange, { windowMs: number; bucketSeconds: number }> = {
  "1d": { windowMs: DAY, bucketSeconds: 5 * 60 },
  "7d": { windowMs: 7 * DAY, bucketSeconds: 30 * 60 },
  "30d": { windowMs: 30 * DAY, bucketSeconds: 2 * 60 * 60 },
};
/** Recommendations average this recent window; a node silent for longer than STALE is not offered. */
export const RECOMMENDATION_WINDOW_MS = 30 * MINUTE;
export const RECOMMENDATION_STALE_MS = DAY;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const round2 = (n: number) => Math.round(n * 100) / 100;
const carrierOrder = (c: Carrier) => CARRIERS.indexOf(c);

export interface LatestLatency { nodeId: string; nodeName: string; lastReportAt: string | null; latencies: { carrier: Carrier; latencyMs: number; updatedAt: string }[] }

/** GET /api/latency?nodeId= : the latest value per carrier. */
export async function getLatestLatency(ctx: Ctx, raw: unknown): Promise<LatestLatency> {
  await assertTelemetryReadable(ctx);
  const node = await getReadableNode(ctx, parseInput(NodeQueryInput, raw).nodeId);
  const rows = await ctx.db.select().from(nodeLatencies).where(eq(nodeLatencies.nodeId, node.id));
  return {
    nodeId: node.id,
    nodeName: node.name,
    lastReportAt: iso(node.lastAgentReportAt),
    latencies: rows.sort((a, b) => carrierOrder(a.carrier) - carrierOrder(b.carrier)).map((r) => ({ carrier: r.carrier, latencyMs: r.latencyMs, updatedAt: r.updatedAt.toISOString() })),
  };
}

export interface LatencyPoint { t: string; avgMs: number; minMs: number; maxMs: number; samples: number }
export interface LatencyHistory { nodeId: string; carrier: Carrier; range: HistoryRange; bucketSeconds: number; from: string; to: string; points: LatencyPoint[] }

/**
 * GET /api/latency/history: log rows of the window grouped into epoch-aligned buckets in SQL
 * (floor(epoch / step) * step works on PGlite and every PostgreSQL). Empty buckets are omitted.
 */
export async function getLatencyHistory(ctx: Ctx, raw: unknown): Promise<LatencyHistory> {
  await assertTelemetryReadable(ctx);
  const input = parseInput(HistoryQueryInput, raw);
  const node = await getReadableNode(ctx, input.nodeId);
  const { windowMs, bucketSeconds } = HISTORY_BUCKETS[input.range];
  const to = ctx.now();
  const from = new Date(to.getTime() - windowMs);
  // The step is a constant from the table above, inlined so SELECT and GROUP BY are the same text.
  const step = sql.raw(String(bucketSeconds));
  const bucket = sql<number>`(floor(extract(epoch from ${nodeLatencyLogs.createdAt}) / ${step}) * ${step})::float8`;
  const rows = await ctx.db
    .select({
      bucket: bucket.mapWith(Number),
      avgMs: sql<number>`avg(${nodeLatencyLogs.latencyMs})::float8`.mapWith(Number),
      minMs: sql<number>`min(${nodeLatencyLogs.latencyMs})::float8`.mapWith(Number),
      maxMs: sql<number>`max(${nodeLatencyLogs.latencyMs})::float8`.mapWith(Number),
      samples: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(nodeLatencyLogs)
    .where(and(eq(nodeLatencyLogs.nodeId, node.id), eq(nodeLatencyLogs.carrier, input.carrier), gt(nodeLatencyLogs.createdAt, from), lte(nodeLatencyLogs.createdAt, to)))
    .groupBy(bucket)
    .orderBy(bucket);
  return {
    nodeId: node.id,
    carrier: input.carrier,
    range: input.range,
    bucketSeconds,
    from: from.toISOString(),
    to: to.toISOString(),
    points: rows.map((r) => ({ t: new Date(r.bucket * 1000).toISOString(), avgMs: round2(r.avgMs), minMs: r.minMs, maxMs: r.maxMs, samples: r.samples })),
  };
}

export interface RecommendationCandidate { nodeId: string; nodeName: string; latencyMs: number; basis: "recent-average" | "latest"; samples: number; updatedAt: string }
export interface LatencyRecommendations { windowMinutes: number; carriers: { carrier: Carrier; best: RecommendationCandidate | null; nodes: RecommendationCandidate[] }[] }

/**
 * GET /api/latency/recommendations: per carrier, nodes ranked by their average over the last 30
 * minutes (one sample can be a blip), falling back to the latest value when there is no recent
 * log; nodes silent for a day are left out so a dead node is never recommended, and users are
 * offered only nodes the admin shows them.
 */
export async function getLatencyRecommendations(ctx: Ctx): Promise<LatencyRecommendations> {
  await assertTelemetryReadable(ctx);
  const now = ctx.now().getTime();
  const recent = ctx.db
    .select({
      nodeId: nodeLatencyLogs.nodeId,
      carrier: nodeLatencyLogs.carrier,
      avgMs: sql<number>`avg(${nodeLatencyLogs.latencyMs})::float8`.as("avg_ms"),
      samples: sql<number>`count(*)::int`.as("samples"),
    })
    .from(nodeLatencyLogs)
    .where(and(gte(nodeLatencyLogs.createdAt, new Date(now - RECOMMENDATION_WINDOW_MS)), lte(nodeLatencyLogs.createdAt, new Date(now))))
    .groupBy(nodeLatencyLogs.nodeId, nodeLatencyLogs.carrier)
    .as("recent");
  const rows = await ctx.db
    .select({
      nodeId: nodes.id,
      nodeName: nodes.name,
      carrier: nodeLatencies.carrier,
      latestMs: nodeLatencies.latencyMs,
      updatedAt: nodeLatencies.updatedAt,
      recentAvg: recent.avgMs,
      samples: recent.samples,
    })
    .from(nodeLatencies)
    .innerJoin(nodes, eq(nodes.id, nodeLatencies.nodeId))
    .leftJoin(recent, and(eq(recent.nodeId, nodeLatencies.nodeId), eq(recent.carrier, nodeLatencies.carrier)))
    .where(and(gte(nodeLatencies.updatedAt, new Date(now - RECOMMENDATION_STALE_MS)), visibleNodesFilter(ctx)));

  const carriers = CARRIERS.map((carrier) => {
    const ranked = rows
      .filter((r) => r.carrier === carrier)
      .map((r): RecommendationCandidate => {
        const avg = r.recentAvg === null || r.recentAvg === undefined ? null : Number(r.recentAvg);
        return {
          nodeId: r.nodeId,
          nodeName: r.nodeName,
          latencyMs: round2(avg ?? r.latestMs),
          basis: avg === null ? "latest" : "recent-average",
          samples: avg === null ? 1 : Number(r.samples),
          updatedAt: r.updatedAt.toISOString(),
        };
      })
      .sort((a, b) => a.latencyMs - b.latencyMs || a.nodeName.localeCompare(b.nodeName));
    return { carrier, best: ranked[0] ?? null, nodes: ranked };
  });
  return { windowMinutes: RECOMMENDATION_WINDOW_MS / MINUTE, carriers };
}

export interface RouteTraceView { carrier: Carrier; summary: RouteLabel; hopCount: number; hops: TraceHop[]; updatedAt: string }

/**
 * GET /api/traces?nodeId= : stored hops re-normalized and re-classified on every read, so rows
 * written by older code or with an older rule set show today's label (interface "Trace rule").
 */
export async function getRouteTraces(ctx: Ctx, raw: unknown): Promise<{ nodeId: string; nodeName: string; traces: RouteTraceView[] }> {
  await assertTelemetryReadable(ctx);
  const node = await getReadableNode(ctx, parseInput(NodeQueryInput, raw).nodeId);
  const rows = await ctx.db.select().from(routeTraces).where(eq(routeTraces.nodeId, node.id));
  const traces = rows
    .sort((a, b) => carrierOrder(a.carrier) - carrierOrder(b.carrier))
    .map((r) => {
      const hops = normalizeHops(r.hops);
      return { carrier: r.carrier, summary: classifyRoute(hops), hopCount: r.hopCount, hops, updatedAt: r.updatedAt.toISOString() };
    });
  return { nodeId: node.id, nodeName: node.name, traces };
}
