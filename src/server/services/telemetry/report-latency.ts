import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { nodeLatencies, nodeLatencyLogs, nodes, type Carrier } from "../../db/schema";
import { unauthenticated } from "../../errors";
import { parseInput } from "../../validation";
import { requireAgentNode } from "./access";
import { assertBatchWithin, LatencyReportInput, MAX_LATENCY_ITEMS } from "./inputs";

export interface LatencyReportResult { ok: true; updated: number; logged: number }

/**
 * POST /api/agent/latency. The whole batch is validated before anything is written, then the
 * latest values, the log rows and the node's last-report time commit together: an invalid item
 * leaves nothing behind, and a batch costs three statements however many items it has (§14.10).
 */
export async function reportLatency(ctx: Ctx, raw: unknown): Promise<LatencyReportResult> {
  const nodeId = requireAgentNode(ctx);
  assertBatchWithin(raw, "latencies", MAX_LATENCY_ITEMS);
  const { latencies } = parseInput(LatencyReportInput, raw);
  const now = ctx.now();
  // Several samples for one carrier: all are logged, the last is "latest" (one upsert statement
  // may not touch the same row twice).
  const latest = new Map<Carrier, number>(latencies.map((l) => [l.carrier, l.latencyMs]));

  await ctx.db.transaction(async (tx) => {
    const touched = await tx.update(nodes).set({ lastAgentReportAt: now }).where(eq(nodes.id, nodeId)).returning({ id: nodes.id });
    // The node was deleted between token check and write: its token is as good as revoked.
    if (!touched.length) throw unauthenticated("agent_token_invalid");
    if (!latencies.length) return;
    await tx
      .insert(nodeLatencies)
      .values([...latest].map(([carrier, latencyMs]) => ({ nodeId, carrier, latencyMs, updatedAt: now })))
      .onConflictDoUpdate({
        target: [nodeLatencies.nodeId, nodeLatencies.carrier],
        set: { latencyMs: sql`excluded.latency_ms`, updatedAt: sql`excluded.updated_at` },
      });
    await tx.insert(nodeLatencyLogs).values(latencies.map((l) => ({ nodeId, carrier: l.carrier, latencyMs: l.latencyMs, createdAt: now })));
  });
  return { ok: true, updated: latest.size, logged: latencies.length };
}
