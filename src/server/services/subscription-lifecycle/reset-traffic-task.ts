// The worker side of a plan's traffic reset: zeroes one client's counters on its panel (3x-ui also
// lifts its own depletion then). Delivery is at least once; resetting zero counters again is harmless.
import { eq } from "drizzle-orm";
import { inbounds, nodeClients, nodes } from "../../db/schema";
import { DomainError } from "../../errors";
import { panelForNode } from "../nodes/panel-for-node";
import { registerTaskHandler } from "../tasks/run-due-tasks";
import { PANEL_CLIENT_RESET_TRAFFIC } from "./task-kinds";

registerTaskHandler(PANEL_CLIENT_RESET_TRAFFIC, async (payload, { db }) => {
  const [row] = await db
    .select({ client: nodeClients, node: nodes, inbound: inbounds })
    .from(nodeClients)
    .innerJoin(nodes, eq(nodes.id, nodeClients.nodeId))
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .where(eq(nodeClients.id, String(payload.nodeClientId)));
  if (!row) return { skipped: "client row gone" };
  try {
    await panelForNode(row.node).resetClientTraffic(row.inbound.panelInboundId, row.client.email);
  } catch (err) {
    // Not on the panel: its sync task adds it, with counters that start at zero anyway.
    if (err instanceof DomainError && err.code === "NOT_FOUND") return { skipped: "client not on the panel" };
    throw err;
  }
  return { email: row.client.email };
});
