// Removing a client from its panel after its subscription was deleted. The node_clients row is gone
// by then (deleted in the same transaction that queued this), so the payload names the client
// itself; it holds no secret: a panel deletes by email.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodeClients, nodes } from "../../db/schema";
import { isDomainError } from "../../errors";
import { enqueueTask, registerTaskHandler } from "../tasks";
import { panelForNode } from "../nodes/panel-for-node";

/** Outbox task: delete one client from a panel inbound (payload { nodeId, panelInboundId, email }). */
export const PANEL_CLIENT_DELETE = "panel.client.delete";

export interface PanelClientDeletePayload { nodeId: string; panelInboundId: number; email: string }

export async function enqueueClientDelete(tx: Db, payload: PanelClientDeletePayload): Promise<string> {
  return enqueueTask(tx, PANEL_CLIENT_DELETE, { ...payload }, { maxAttempts: 12 });
}

registerTaskHandler(PANEL_CLIENT_DELETE, async (payload, { db }) => {
  const nodeId = String(payload.nodeId);
  const panelInboundId = Number(payload.panelInboundId);
  const email = String(payload.email);
  const [node] = await db.select().from(nodes).where(eq(nodes.id, nodeId));
  // The node was removed meanwhile: there is no panel of ours left to clean.
  if (!node) return { skipped: "node gone" };
  // Emails carry a random suffix and are never reused, but if one is desired again we must not remove it.
  const [wanted] = await db.select({ id: nodeClients.id }).from(nodeClients).where(sql`lower(${nodeClients.email}) = ${email.toLowerCase()}`);
  if (wanted) return { skipped: "client is desired again" };
  const panel = panelForNode(node);
  try {
    await panel.deleteClient(panelInboundId, email);
    return { outcome: "deleted", email };
  } catch (err) {
    // Already gone (or its inbound is): the goal is reached, so the task is done, not failed.
    if (isDomainError(err) && err.code === "NOT_FOUND") return { outcome: "already gone", email };
    // 3x-ui refuses to delete an inbound's last client; switched off, it serves nobody.
    if (isDomainError(err) && err.reason === "panel_last_client") {
      await panel.setClientEnabled(panelInboundId, email, false);
      return { outcome: "disabled (last client of its inbound)", email };
    }
    throw err;
  }
});
