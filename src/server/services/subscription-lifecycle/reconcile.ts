// Reconciliation (every 10 min, on every instance): compares each node's desired clients (node_clients)
// with what its panel has — present, enabled, quota, expiry, credential — and stores the differences
// on the node (nodes.drift, driftCheckedAt) for the admin node page, plus orphans: panel clients with
// our email pattern that no subscription wants. It only reports; "Repair" on that page queues the usual
// sync task per drifted client (node-drift.ts), and orphans go on the admin's confirmation
// (orphan-clients.ts). Two instances checking at once both write a full, equally valid report: the
// later one stands.
import { eq, isNotNull } from "drizzle-orm";
import { decryptSecret } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { inbounds, nodeClients, nodes, type NodeClient, type NodeDriftItem } from "../../db/schema";
import { describeError } from "../../describe-error";
import type { PanelInbound } from "../../integrations/panel";
import { log } from "../../logger";
import { isOurClientEmail } from "../provisioning/credentials";
import { panelForNode } from "../nodes/panel-for-node";

export interface ReconcileResult { nodeId: string; ok: boolean; checked: number; drift: NodeDriftItem[] }

type Desired = Pick<NodeClient, "email" | "subscriptionId" | "enable" | "totalBytes" | "expiryMs" | "credentialEnc" | "panelState"> & { panelInboundId: number };

/**
 * The differences between desired clients and the panel's inbounds (pure). Clients whose sync is
 * still queued (PENDING) are skipped: they are on their way, not drifted. Credentials are compared
 * but never copied into the report (it is stored and shown; secrets are not). `desired` must be every
 * node_clients row of the node, PENDING ones included: a panel client with our email pattern that
 * none of them names (in any inbound, case-insensitively) is reported as an orphan.
 */
export function diffClients(desired: Desired[], panel: PanelInbound[]): NodeDriftItem[] {
  const drift: NodeDriftItem[] = [];
  const byId = new Map(panel.map((i) => [i.id, i]));
  for (const want of desired) {
    if (want.panelState === "PENDING") continue;
    const item = { email: want.email, subscriptionId: want.subscriptionId };
    const inbound = byId.get(want.panelInboundId);
    if (!inbound) {
      drift.push({ ...item, kind: "inbound_missing", want: want.panelInboundId });
      continue;
    }
    const have = inbound.clients.find((c) => c.email.toLowerCase() === want.email.toLowerCase());
    if (!have) {
      drift.push({ ...item, kind: "missing" });
      continue;
    }
    if (have.enable !== want.enable) drift.push({ ...item, kind: "enable", want: want.enable, have: have.enable });
    if (have.totalBytes !== want.totalBytes) drift.push({ ...item, kind: "quota", want: want.totalBytes, have: have.totalBytes });
    if (have.expiryTime !== want.expiryMs) drift.push({ ...item, kind: "expiry", want: want.expiryMs, have: have.expiryTime });
    if (have.credential !== decryptSecret(want.credentialEnc)) drift.push({ ...item, kind: "credential" });
  }
  return [...drift, ...orphansOf(desired, panel)];
}

/** Panel clients shaped like ours that no desired client names; the operator's own never match. */
function orphansOf(desired: Pick<Desired, "email">[], panel: PanelInbound[]): NodeDriftItem[] {
  const wanted = new Set(desired.map((d) => d.email.toLowerCase()));
  return panel.flatMap((inbound) =>
    inbound.clients
      .filter((c) => isOurClientEmail(c.email) && !wanted.has(c.email.toLowerCase()))
      .map((c): NodeDriftItem => ({ email: c.email, kind: "orphan", panelInboundId: inbound.id })),
  );
}

/** Checks one node now and stores the report. Throws when the panel cannot be read (the last report stays). */
export async function reconcileNode(db: Db, nodeId: string, now = new Date()): Promise<ReconcileResult> {
  const [node] = await db.select().from(nodes).where(eq(nodes.id, nodeId));
  if (!node) return { nodeId, ok: false, checked: 0, drift: [] };
  // The panel is read before the rows: a client we add is written as a row first, so every client of
  // ours on this listing already has its row visible below and is never mistaken for an orphan.
  const panel = await panelForNode(node).listInbounds();
  const desired = await db
    .select({
      email: nodeClients.email,
      subscriptionId: nodeClients.subscriptionId,
      enable: nodeClients.enable,
      totalBytes: nodeClients.totalBytes,
      expiryMs: nodeClients.expiryMs,
      credentialEnc: nodeClients.credentialEnc,
      panelState: nodeClients.panelState,
      panelInboundId: inbounds.panelInboundId,
    })
    .from(nodeClients)
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .where(eq(nodeClients.nodeId, nodeId));
  const drift = diffClients(desired, panel);
  // updatedAt is left alone: it keys the cached panel adapter (and means "connection info changed").
  await db.update(nodes).set({ drift, driftCheckedAt: now }).where(eq(nodes.id, nodeId));
  return { nodeId, ok: true, checked: desired.length, drift };
}

/** Every node that carries our clients (or still shows a report); a panel that fails is logged and skipped. */
export async function reconcileAllNodes(db: Db, now = new Date()): Promise<ReconcileResult[]> {
  const [withClients, withReport] = await Promise.all([
    db.selectDistinct({ nodeId: nodeClients.nodeId }).from(nodeClients),
    db.select({ nodeId: nodes.id }).from(nodes).where(isNotNull(nodes.drift)),
  ]);
  const results: ReconcileResult[] = [];
  for (const nodeId of new Set([...withClients, ...withReport].map((r) => r.nodeId))) {
    try {
      results.push(await reconcileNode(db, nodeId, now));
    } catch (err) {
      log.warn("reconciliation: node skipped", { nodeId, error: describeError(err) });
      results.push({ nodeId, ok: false, checked: 0, drift: [] });
    }
  }
  return results;
}
