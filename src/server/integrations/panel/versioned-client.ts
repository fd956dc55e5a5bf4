// The PanelClient services get: it asks the panel its version once per instance (the instance is
// cached per node), then sends every call to the route layout that version speaks. The credential
// (cookie login or API token) and the route layout are independent: a v3.0.x panel takes a token
// but still has only the inbound client routes.
import { isDomainError } from "../../errors";
import { ClientsApiClient } from "./clients-api";
import type { PanelTransport } from "./http-transport";
import { InboundsApiClient, type RouteClient } from "./inbounds-api";
import type { PanelClient, PanelClientInput, PanelClientPatch, PanelClientTraffic, PanelConnectionInfo, PanelInbound } from "./types";
import { detectPanel, type DetectedPanel } from "./version";

/** A route this layout expected is missing: the panel was probably upgraded or downgraded under us. */
const routeMissing = (e: unknown) => isDomainError(e) && (e.reason === "panel_not_found" || e.reason === "panel_unsupported");

export class VersionedPanelClient implements PanelClient {
  private detection: Promise<DetectedPanel> | null = null;
  private readonly byRoutes: Record<DetectedPanel["clientRoutes"], RouteClient>;

  constructor(private readonly transport: PanelTransport) {
    this.byRoutes = { inbounds: new InboundsApiClient(transport), clients: new ClientsApiClient(transport) };
  }

  /** Concurrent first calls share one probe; a failed probe is not cached, so the next call retries. */
  detect(): Promise<DetectedPanel> {
    this.detection ??= detectPanel(this.transport).catch((e: unknown) => {
      this.detection = null;
      throw e;
    });
    return this.detection;
  }

  private async run<T>(op: (client: RouteClient) => Promise<T>): Promise<T> {
    const { clientRoutes } = await this.detect();
    try {
      return await op(this.byRoutes[clientRoutes]);
    } catch (e) {
      // Detect again on the next call (a retrying worker then lands on the right routes).
      if (routeMissing(e)) this.detection = null;
      throw e;
    }
  }

  listInbounds(): Promise<PanelInbound[]> {
    return this.run((c) => c.listInbounds());
  }
  addClient(inboundId: number, client: PanelClientInput): Promise<void> {
    return this.run((c) => c.addClient(inboundId, client));
  }
  updateClient(inboundId: number, email: string, patch: PanelClientPatch): Promise<void> {
    return this.run((c) => c.updateClient(inboundId, email, patch));
  }
  setClientEnabled(inboundId: number, email: string, enabled: boolean): Promise<void> {
    return this.run((c) => c.setClientEnabled(inboundId, email, enabled));
  }
  deleteClient(inboundId: number, email: string): Promise<void> {
    return this.run((c) => c.deleteClient(inboundId, email));
  }
  getClientTraffic(email: string): Promise<PanelClientTraffic> {
    return this.run((c) => c.getClientTraffic(email));
  }
  resetClientTraffic(inboundId: number, email: string): Promise<void> {
    return this.run((c) => c.resetClientTraffic(inboundId, email));
  }
  onlineClients(): Promise<string[]> {
    return this.run((c) => c.onlineClients());
  }

  async testConnection(): Promise<PanelConnectionInfo> {
    const started = Date.now();
    this.transport.reset();
    this.detection = null;
    const detected = await this.detect();
    const inbounds = await this.listInbounds();
    return { api: this.transport.kind, ...detected, inboundCount: inbounds.length, elapsedMs: Date.now() - started };
  }
}
