// A changed subscription's panel clients follow its new plan (issue 28 item 2), as outbox work only
// (nothing is called on a panel inside the payment's transaction, behaviour §14.1):
// - a client on an inbound the new plan also has stays (same email and credential, so the user's
//   apps keep working); its panel counters are zeroed, since the new term's traffic starts at zero;
// - a client on an inbound the new plan lacks is deleted here and removed from its panel by a
//   panel.client.delete task (which holds no secret);
// - each inbound of the new plan without a client gets one (provisioning's addPanelClients);
// then syncClientsOf writes the new quota, expiry and state onto every client, queues their sync and
// bumps the content version, so the subscription link serves the new plan's endpoints.
import { and, eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { inbounds, nodeClients, planInbounds, type Plan, type Subscription } from "../../db/schema";
import { PROVISIONABLE_PROTOCOLS } from "../provisioning/credentials";
import { enqueueClientDelete } from "../provisioning/panel-client-delete";
import { addPanelClients, syncClientsOf } from "../provisioning/provision-order";
import { PANEL_CLIENT_RESET_TRAFFIC } from "../subscription-lifecycle/task-kinds";
import { enqueueTask } from "../tasks";

export interface Converged {
  clientsKept: number;
  clientsRemoved: number;
  clientsAdded: number;
}

export async function convergePanelClients(tx: Tx, sub: Subscription, plan: Plan, now: Date): Promise<Converged> {
  const wanted = await tx
    .select({ id: inbounds.id, protocol: inbounds.protocol })
    .from(planInbounds)
    .innerJoin(inbounds, eq(inbounds.id, planInbounds.inboundId))
    .where(and(eq(planInbounds.planId, plan.id), eq(inbounds.active, true)));
  const wantedIds = new Set(wanted.filter((i) => PROVISIONABLE_PROTOCOLS.has(i.protocol)).map((i) => i.id));
  const current = await tx
    .select({ id: nodeClients.id, nodeId: nodeClients.nodeId, inboundId: nodeClients.inboundId, email: nodeClients.email, panelInboundId: inbounds.panelInboundId })
    .from(nodeClients)
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .where(eq(nodeClients.subscriptionId, sub.id));
  const kept = new Set<string>();
  let removed = 0;
  for (const c of current) {
    if (wantedIds.has(c.inboundId)) {
      kept.add(c.inboundId);
      await enqueueTask(tx, PANEL_CLIENT_RESET_TRAFFIC, { nodeClientId: c.id }, { maxAttempts: 12 });
      continue;
    }
    await tx.delete(nodeClients).where(eq(nodeClients.id, c.id));
    await enqueueClientDelete(tx, { nodeId: c.nodeId, panelInboundId: c.panelInboundId, email: c.email });
    removed++;
  }
  const added = await addPanelClients(tx, sub, plan, kept);
  await syncClientsOf(tx, sub, now);
  return { clientsKept: kept.size, clientsRemoved: removed, clientsAdded: added };
}
