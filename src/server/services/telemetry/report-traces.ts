import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { nodes, routeTraces, type Carrier } from "../../db/schema";
import { unauthenticated } from "../../errors";
import { parseInput } from "../../validation";
import { requireAgentNode } from "./access";
import { classifyRoute, hopCountOf, MAX_HOPS, normalizeHops, type RouteLabel } from "./classify-route";
import { assertBatchWithin, MAX_TRACES, TraceReportInput } from "./inputs";

export interface TraceReportResult { ok: true; updated: number; traces: { carrier: Carrier; summary: RouteLabel; hopCount: number }[] }

/**
 * POST /api/agent/trace. We classify the line ourselves; the agent's summary is kept only as
 * agentSummary for diagnosis and never decides the label. One RouteTrace per node + carrier.
 */
export async function reportTraces(ctx: Ctx, raw: unknown): Promise<TraceReportResult> {
  const nodeId = requireAgentNode(ctx);
  assertBatchWithin(raw, "traces", MAX_TRACES, { key: "hops", max: MAX_HOPS });
  const { traces } = parseInput(TraceReportInput, raw);
  const now = ctx.now();
  // Two traces for one carrier in a batch: the later one wins, as it would in two requests.
  const byCarrier = new Map(traces.map((t) => [t.carrier, t]));
  const rows = [...byCarrier.values()].map((t) => {
    const hops = normalizeHops(t.hops);
    // hopCount is derived from the hops we keep so it always agrees with the table shown.
    return { nodeId, carrier: t.carrier, hops, hopCount: hopCountOf(hops), summary: classifyRoute(hops), agentSummary: t.summary?.trim() || null, updatedAt: now };
  });

  await ctx.db.transaction(async (tx) => {
    const touched = await tx.update(nodes).set({ lastAgentReportAt: now }).where(eq(nodes.id, nodeId)).returning({ id: nodes.id });
    if (!touched.length) throw unauthenticated("agent_token_invalid");
    if (!rows.length) return;
    await tx
      .insert(routeTraces)
      .values(rows)
      .onConflictDoUpdate({
        target: [routeTraces.nodeId, routeTraces.carrier],
        set: {
          summary: sql`excluded.summary`,
          hopCount: sql`excluded.hop_count`,
          hops: sql`excluded.hops`,
          agentSummary: sql`excluded.agent_summary`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  });
  return { ok: true, updated: rows.length, traces: rows.map((r) => ({ carrier: r.carrier, summary: r.summary, hopCount: r.hopCount })) };
}
