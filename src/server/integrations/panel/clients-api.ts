// Route layout of 3x-ui v3.1+, where client routes moved to `/panel/api/clients/*` and are keyed by
// email (protocols.md §1.4 "Version drift"). Inbounds are still read from `/panel/api/inbounds/*`.
// Chosen by VersionedPanelClient; everything not overridden is shared with the v2 layout.
import { InboundsApiClient, seg } from "./inbounds-api";
import { applyClientPatch, buildRawClient } from "./transforms";
import type { PanelClientInput, PanelClientPatch, PanelClientTraffic } from "./types";

const API = "panel/api/clients/";

export class ClientsApiClient extends InboundsApiClient {
  async addClient(inboundId: number, input: PanelClientInput): Promise<void> {
    const inbound = await this.getStoredInbound(inboundId);
    const client = buildRawClient(inbound.protocol, input);
    await this.ok("add", "POST", `${API}add`, { json: { client, inboundIds: [inboundId] } }, input.email);
    // v3's create forces enable=true, so a client meant to start disabled needs a second call.
    if (!input.enable) await this.updateClient(inboundId, input.email, { enable: false });
  }

  async updateClient(inboundId: number, email: string, patch: PanelClientPatch): Promise<void> {
    const { inbound, client } = await this.getStoredClient(inboundId, email);
    const next = applyClientPatch(inbound.protocol, client, patch);
    // The inboundIds filter keeps the change on this inbound even if the client is attached elsewhere.
    const path = `${API}update/${seg(email)}?inboundIds=${seg(inboundId)}`;
    await this.ok("update", "POST", path, { json: { ...next, ...(await this.keptDeviceLimit(email)) } }, email);
  }

  /**
   * 3x-ui's per-client device limit (`limitHwid`, after v3.6.0) lives on the client record, not in the
   * inbound's settings, and `update/:email` writes whatever the body says, 0 (unlimited) when absent.
   * We never set it (Relayboard enforces plans' device limits at its own subscription endpoint), so
   * send back the operator's value. Panels without the field answer without it and get nothing extra.
   */
  private async keptDeviceLimit(email: string): Promise<{ limitHwid?: number }> {
    const env = await this.ok("update", "GET", `${API}get/${seg(email)}`, undefined, email);
    const limit = (env.obj as { client?: { limitHwid?: unknown } } | null)?.client?.limitHwid;
    return typeof limit === "number" ? { limitHwid: limit } : {};
  }

  async deleteClient(inboundId: number, email: string): Promise<void> {
    // Look up first so an already-deleted client is NOT_FOUND, as with the v2 adapter.
    await this.getStoredClient(inboundId, email);
    await this.ok("delete", "POST", `${API}del/${seg(email)}`, undefined, email);
  }

  async getClientTraffic(email: string): Promise<PanelClientTraffic> {
    const env = await this.ok("traffic", "GET", `${API}traffic/${seg(email)}`, undefined, email);
    return this.trafficFrom(env, email);
  }

  async resetClientTraffic(_inboundId: number, email: string): Promise<void> {
    await this.ok("reset", "POST", `${API}resetTraffic/${seg(email)}`, undefined, email);
  }

  async onlineClients(): Promise<string[]> {
    return this.onlinesFrom(await this.ok("other", "POST", `${API}onlines`));
  }
}
