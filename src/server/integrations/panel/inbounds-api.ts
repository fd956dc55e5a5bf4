// PanelClient over 3x-ui's `/panel/api/inbounds/*` routes (v2.x through v3.0.2, protocols.md §1.4-1.8).
// Writes look the client up by email first: it tells us the protocol's `:clientId`, keeps fields we do
// not model, and turns v2.8.11's "unknown clientId still succeeds" quirk into an honest NOT_FOUND.
import { ZodError } from "zod";
import { DomainError } from "../../errors";
import { INBOUND_LIST_PATH, type Envelope, type PanelBody, type PanelMethod, type PanelTransport } from "./http-transport";
import { badResponse, panelMessageError, type PanelOp } from "./panel-errors";
import {
  applyClientPatch,
  buildRawClient,
  clientKeyOf,
  findRawClient,
  parseJsonObject,
  toClientTraffic,
  toInbound,
  type RawClient,
} from "./transforms";
import type {
  PanelClient,
  PanelClientInput,
  PanelClientPatch,
  PanelClientTraffic,
  PanelInbound,
} from "./types";

const API = "panel/api/inbounds/";

export interface StoredInbound {
  id: number;
  protocol: string;
  settings: Record<string, unknown>;
}

export const seg = (s: string | number): string => encodeURIComponent(String(s));

/** One route layout's operations; `VersionedPanelClient` picks the layout and adds testConnection. */
export type RouteClient = Omit<PanelClient, "testConnection">;

export class InboundsApiClient implements RouteClient {
  constructor(protected readonly transport: PanelTransport) {}

  /** Call and demand success; failures become domain errors for the given operation. */
  protected async ok(op: PanelOp, method: PanelMethod, path: string, body?: PanelBody, email?: string): Promise<Envelope> {
    const env = await this.transport.call(method, path, body);
    if (!env.success) throw panelMessageError(env.msg, op, email);
    return env;
  }

  async listInbounds(): Promise<PanelInbound[]> {
    const env = await this.ok("other", "GET", INBOUND_LIST_PATH);
    if (env.obj === null) return [];
    if (!Array.isArray(env.obj)) throw badResponse("inbound list is not an array");
    try {
      return env.obj.map(toInbound);
    } catch (e) {
      // Only a shape check failing is the panel's answer; anything else is a bug of ours.
      if (!(e instanceof ZodError)) throw e;
      throw badResponse("an inbound in the list has an unexpected shape");
    }
  }

  /** `get/:id`: the stored inbound with its settings (clientStats is not preloaded there). */
  protected async getStoredInbound(inboundId: number): Promise<StoredInbound> {
    const env = await this.ok("inbound", "GET", `${API}get/${seg(inboundId)}`);
    const raw = env.obj as { id?: unknown; protocol?: unknown; settings?: unknown } | null;
    if (!raw || typeof raw.protocol !== "string") {
      throw new DomainError("NOT_FOUND", "panel_unknown_inbound");
    }
    return { id: inboundId, protocol: raw.protocol, settings: parseJsonObject(raw.settings) };
  }

  protected async getStoredClient(inboundId: number, email: string): Promise<{ inbound: StoredInbound; client: RawClient }> {
    const inbound = await this.getStoredInbound(inboundId);
    const client = findRawClient(inbound.settings, email);
    if (!client) throw new DomainError("NOT_FOUND", "panel_unknown_client", { email });
    return { inbound, client };
  }

  async addClient(inboundId: number, input: PanelClientInput): Promise<void> {
    const inbound = await this.getStoredInbound(inboundId);
    const client = buildRawClient(inbound.protocol, input);
    // `settings` must be a JSON *string*; an object fails Go's binding (§1.6).
    const body = { json: { id: inboundId, settings: JSON.stringify({ clients: [client] }) } };
    await this.ok("add", "POST", `${API}addClient`, body, input.email);
  }

  async updateClient(inboundId: number, email: string, patch: PanelClientPatch): Promise<void> {
    const { inbound, client } = await this.getStoredClient(inboundId, email);
    const next = applyClientPatch(inbound.protocol, client, patch);
    const body = { json: { id: inboundId, settings: JSON.stringify({ clients: [next] }) } };
    const key = clientKeyOf(inbound.protocol, client);
    await this.ok("update", "POST", `${API}updateClient/${seg(key)}`, body, email);
  }

  setClientEnabled(inboundId: number, email: string, enabled: boolean): Promise<void> {
    return this.updateClient(inboundId, email, { enable: enabled });
  }

  async deleteClient(inboundId: number, email: string): Promise<void> {
    const { inbound, client } = await this.getStoredClient(inboundId, email);
    const key = clientKeyOf(inbound.protocol, client);
    await this.ok("delete", "POST", `${API}${seg(inboundId)}/delClient/${seg(key)}`, undefined, email);
  }

  async getClientTraffic(email: string): Promise<PanelClientTraffic> {
    const env = await this.ok("traffic", "GET", `${API}getClientTraffics/${seg(email)}`, undefined, email);
    return this.trafficFrom(env, email);
  }

  protected trafficFrom(env: Envelope, email: string): PanelClientTraffic {
    // v2.6.0 answered success:true, obj:null for an unknown email (§1.8).
    if (env.obj === null) throw new DomainError("NOT_FOUND", "panel_unknown_client", { email });
    try {
      return toClientTraffic(env.obj);
    } catch (e) {
      if (!(e instanceof ZodError)) throw e;
      throw badResponse("client traffic has an unexpected shape");
    }
  }

  async resetClientTraffic(inboundId: number, email: string): Promise<void> {
    await this.ok("reset", "POST", `${API}${seg(inboundId)}/resetClientTraffic/${seg(email)}`, undefined, email);
  }

  async onlineClients(): Promise<string[]> {
    return this.onlinesFrom(await this.ok("other", "POST", `${API}onlines`));
  }

  protected onlinesFrom(env: Envelope): string[] {
    // nil slice right after the panel starts: JSON null.
    if (env.obj === null) return [];
    if (!Array.isArray(env.obj)) throw badResponse("online list is not an array");
    return env.obj.filter((e): e is string => typeof e === "string");
  }

}
