// One panel adapter per node, reused across calls so the 3x-ui session cookie is reused too.
// Keyed by node id and updatedAt: changing the connection info gives a fresh adapter.
import { decryptSecret } from "../../crypto/secrets";
import type { Node } from "../../db/schema";
import { createPanelClient, type PanelClient } from "../../integrations/panel";

const g = globalThis as unknown as { __relayboardPanels?: Map<string, { stamp: number; client: PanelClient }> };
const cache = (g.__relayboardPanels ??= new Map());

export function panelForNode(node: Node, opts: { timeoutMs?: number } = {}): PanelClient {
  const stamp = node.updatedAt.getTime();
  const hit = cache.get(node.id);
  if (hit && hit.stamp === stamp && !opts.timeoutMs) return hit.client;
  const client = createPanelClient({
    url: node.panelUrl,
    username: node.panelUsername,
    password: decryptSecret(node.panelPasswordEnc),
    apiToken: node.panelApiTokenEnc ? decryptSecret(node.panelApiTokenEnc) : undefined,
    timeoutMs: opts.timeoutMs,
    allowSelfSignedTls: node.panelTlsInsecure,
  });
  if (!opts.timeoutMs) cache.set(node.id, { stamp, client });
  return client;
}

export const forgetPanel = (nodeId: string) => cache.delete(nodeId);
