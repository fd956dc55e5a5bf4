// Brings one client on one panel inbound to the desired state. Always looks the client up by its
// email first, so running this twice, or after a lost lease, never adds a second client.
import { DomainError } from "../../errors";
import type { InboundClient, PanelClient, PanelClientInput } from "../../integrations/panel";

export interface DesiredClient { email: string; credential: string; enable: boolean; totalBytes: number; expiryTime: number; subId: string; flow: string }

export type ConvergeOutcome = "added" | "updated" | "unchanged";

const differs = (have: InboundClient, want: DesiredClient) =>
  have.enable !== want.enable || have.totalBytes !== want.totalBytes || have.expiryTime !== want.expiryTime || have.credential !== want.credential || have.subId !== want.subId;

async function findClient(panel: PanelClient, panelInboundId: number, email: string): Promise<InboundClient | undefined> {
  const inbound = (await panel.listInbounds()).find((i) => i.id === panelInboundId);
  if (!inbound) throw new DomainError("NOT_FOUND", "inbound_not_found");
  return inbound.clients.find((c) => c.email.toLowerCase() === email.toLowerCase());
}

export async function convergeClient(panel: PanelClient, panelInboundId: number, want: DesiredClient): Promise<ConvergeOutcome> {
  let have = await findClient(panel, panelInboundId, want.email);
  if (!have) {
    const input: PanelClientInput = { ...want, limitIp: 0, comment: "relayboard" };
    try {
      await panel.addClient(panelInboundId, input);
      return "added";
    } catch (err) {
      // Another run added it between our lookup and our add (a lease that expired mid-call):
      // the panel refuses the duplicate email, and we fall through to compare and update.
      if (!(err instanceof DomainError && err.code === "CONFLICT")) throw err;
      have = await findClient(panel, panelInboundId, want.email);
      if (!have) throw err;
    }
  }
  if (!differs(have, want)) return "unchanged";
  await panel.updateClient(panelInboundId, want.email, { credential: want.credential, enable: want.enable, totalBytes: want.totalBytes, expiryTime: want.expiryTime, subId: want.subId });
  return "updated";
}

/** Vision flow for VLESS over raw TCP with TLS or REALITY, the setup it exists for; none otherwise. */
export function flowFor(protocol: string, streamSettings: Record<string, unknown>): string {
  if (protocol !== "vless") return "";
  const network = String(streamSettings.network ?? "tcp");
  const security = String(streamSettings.security ?? "none");
  return network === "tcp" && (security === "tls" || security === "reality") ? "xtls-rprx-vision" : "";
}
