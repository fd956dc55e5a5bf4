// "Refresh traffic views" (task center): an admin runs the traffic sync now instead of waiting for
// the next 60-second tick, e.g. to see a user's usage right after a complaint. It is the same
// syncAllTraffic the periodic job runs; that sync counts every byte once even when it runs at the
// same moment on another instance (compare-and-set on the last counters), so no lock is needed.
import { requireAdmin, type Ctx } from "../../context";
import { recordAudit } from "../audit";
import { syncAllTraffic } from "./sync-traffic";

export interface TrafficRefreshSummary {
  nodes: number;
  /** Nodes whose panel could not be read (logged, skipped; the next tick tries again). */
  failedNodes: number;
  /** Clients whose counters moved, and the bytes added to usage. */
  counted: number;
  bytes: number;
  exhausted: number;
}

export async function refreshTrafficViews(ctx: Ctx): Promise<TrafficRefreshSummary> {
  requireAdmin(ctx, "nodes.write");
  const results = await syncAllTraffic(ctx.db, ctx.now());
  const summary: TrafficRefreshSummary = {
    nodes: results.length,
    failedNodes: results.filter((r) => !r.ok).length,
    counted: results.reduce((a, r) => a + r.counted, 0),
    bytes: results.reduce((a, r) => a + r.bytes, 0),
    exhausted: results.reduce((a, r) => a + r.exhausted, 0),
  };
  await recordAudit(ctx, { action: "traffic.sync.manual", targetType: "traffic", targetId: "all", metadata: { ...summary } });
  return summary;
}
