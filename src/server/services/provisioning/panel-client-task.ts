// The worker side of provisioning: reads a node_clients row (the desired state) and converges the
// panel to it. Failures throw, so the task runner retries with back-off and records the error.
import { and, eq } from "drizzle-orm";
import { decryptSecret } from "../../crypto/secrets";
import { inbounds, nodeClients, nodes } from "../../db/schema";
import { errorSummary } from "../../describe-error";
import { registerTaskHandler } from "../tasks/run-due-tasks";
import { panelForNode } from "../nodes/panel-for-node";
import { convergeClient, flowFor } from "./converge-client";
import { PANEL_CLIENT_SYNC } from "./task-kinds";

registerTaskHandler(PANEL_CLIENT_SYNC, async (payload, { db }) => {
  const id = String(payload.nodeClientId);
  const [row] = await db
    .select({ client: nodeClients, node: nodes, inbound: inbounds })
    .from(nodeClients)
    .innerJoin(nodes, eq(nodes.id, nodeClients.nodeId))
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .where(eq(nodeClients.id, id));
  // The subscription (and its clients) was deleted meanwhile: nothing left to converge.
  if (!row) return { skipped: "client row gone" };
  const { client, node, inbound } = row;
  try {
    const outcome = await convergeClient(panelForNode(node), inbound.panelInboundId, {
      email: client.email,
      credential: decryptSecret(client.credentialEnc),
      enable: client.enable,
      totalBytes: client.totalBytes,
      expiryTime: client.expiryMs,
      subId: client.subscriptionId,
      flow: flowFor(inbound.protocol, inbound.streamSettings),
    });
    // Only if the desired state is still what we converged to; a newer change queued its own sync.
    // (Compared field by field: timestamps lose precision between PostgreSQL and JavaScript.)
    await db
      .update(nodeClients)
      .set({ panelState: "SYNCED", lastError: null, syncedAt: new Date() })
      .where(
        and(
          eq(nodeClients.id, id),
          eq(nodeClients.enable, client.enable),
          eq(nodeClients.totalBytes, client.totalBytes),
          eq(nodeClients.expiryMs, client.expiryMs),
          eq(nodeClients.credentialEnc, client.credentialEnc),
        ),
      );
    return { outcome, email: client.email };
  } catch (err) {
    await db.update(nodeClients).set({ panelState: "ERROR", lastError: errorSummary(err).slice(0, 500) }).where(eq(nodeClients.id, id));
    throw err;
  }
});
