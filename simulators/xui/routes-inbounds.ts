// `{base}panel/api/inbounds/*` of 3x-ui v2.8.11 (protocols.md §1.4-1.8). Each handler returns the
// envelope the real controller writes (always HTTP 200), or null for gin's bare 404 (no such route).
import { clientsOf, PanelMsgError, parseObject, type RawClient } from "./model";
import type { XuiState } from "./state";

export type ParsedBody =
  | { kind: "json"; value: unknown }
  | { kind: "form"; value: URLSearchParams }
  | { kind: "invalid" }
  | { kind: "none" };

export interface ApiRequest {
  method: string;
  /** Decoded path below `panel/api/`, e.g. `inbounds/3/delClient/abc`. */
  path: string;
  query: URLSearchParams;
  body: ParsedBody;
}

export interface Envelope {
  success: boolean;
  msg: string;
  obj: unknown;
}

export const ok = (obj: unknown = null, msg = ""): Envelope => ({ success: true, msg, obj });
export const fail = (msg: string): Envelope => ({ success: false, msg, obj: null });

/** ShouldBind into model.Inbound: `settings` must be a string, `id` an int (§1.6). */
function bindInbound(body: ParsedBody): { id: number; settings: string } | PanelMsgError {
  const bindErr = (e: string) => new PanelMsgError(`Inbound has been successfully updated. (${e})`);
  if (body.kind === "form") {
    return { id: Number.parseInt(body.value.get("id") ?? "0", 10) || 0, settings: body.value.get("settings") ?? "" };
  }
  if (body.kind !== "json" || typeof body.value !== "object" || body.value === null) return bindErr("EOF");
  const v = body.value as { id?: unknown; settings?: unknown };
  if (v.id !== undefined && typeof v.id !== "number") {
    return bindErr(`json: cannot unmarshal ${typeof v.id} into Go struct field Inbound.id of type int`);
  }
  if (v.settings !== undefined && typeof v.settings !== "string") {
    const kind = Array.isArray(v.settings) ? "array" : typeof v.settings === "object" ? "object" : typeof v.settings;
    return bindErr(`json: cannot unmarshal ${kind} into Go struct field Inbound.settings of type string`);
  }
  return { id: v.id ?? 0, settings: v.settings ?? "" };
}

function settingsClients(settings: string): RawClient[] | PanelMsgError {
  try {
    return clientsOf(JSON.parse(settings) as Record<string, unknown>);
  } catch (e) {
    return new PanelMsgError(`Something went wrong (${(e as Error).message})`);
  }
}

export function inboundListView(state: XuiState, withStats: boolean): Record<string, unknown>[] {
  return state.inbounds.map((i) => ({
    ...i,
    clientStats: withStats ? state.traffics.filter((t) => t.inboundId === i.id).map((t) => state.trafficView(t)) : null,
  }));
}

/** Routes that moved to /panel/api/clients in v3.1 and are gone there (§1.4 "Version drift"). */
const V2_ONLY = [/^addClient$/, /^updateClient\//, /^\d+\/delClient\//];

export function handleInboundsApi(state: XuiState, req: ApiRequest, opts: { v3: boolean }): Envelope | null {
  const p = req.path.replace(/^inbounds\//, "");
  if (opts.v3 && V2_ONLY.some((r) => r.test(p))) return null;
  const get = req.method === "GET";
  const post = req.method === "POST";
  let m: RegExpExecArray | null;
  try {
    if (get && p === "list") return ok(inboundListView(state, true));
    if (get && (m = /^get\/(\d+)$/.exec(p))) {
      // The i18n prefix of this failure is not recorded in the spec; the gorm text is what matters.
      const inbound = state.inbounds.find((i) => i.id === Number(m?.[1]));
      return inbound ? ok({ ...inbound, clientStats: null }) : fail("Something went wrong (record not found)");
    }
    if (get && (m = /^getClientTraffics\/(.+)$/.exec(p))) return ok(state.getClientTraffic(m[1] as string));
    if (get && (m = /^getClientTrafficsById\/(.+)$/.exec(p))) {
      const found = state.inbounds.flatMap((i) => state.clientsOf(i)).filter((c) => c.id === m?.[1]);
      const rows = found.map((c) => state.trafficRow(String(c.email)));
      return ok(rows.filter((r) => r !== undefined).map((r) => state.trafficView(r)));
    }
    if (!post) return null;
    if (p === "addClient") {
      const bound = bindInbound(req.body);
      if (bound instanceof PanelMsgError) return fail(bound.panelMsg);
      const clients = settingsClients(bound.settings);
      if (clients instanceof PanelMsgError) return fail(clients.panelMsg);
      state.addClients(bound.id, clients);
      return ok(null, "Inbound client(s) have been added.");
    }
    if ((m = /^updateClient\/(.+)$/.exec(p))) {
      const bound = bindInbound(req.body);
      if (bound instanceof PanelMsgError) return fail(bound.panelMsg);
      const clients = settingsClients(bound.settings);
      if (clients instanceof PanelMsgError) return fail(clients.panelMsg);
      state.updateClient(bound.id, m[1] as string, clients[0] ?? {});
      return ok(null, "Inbound client has been updated.");
    }
    if ((m = /^(\d+)\/delClient\/(.+)$/.exec(p))) {
      state.deleteClient(Number(m[1]), m[2] as string);
      return ok(null, "Inbound client has been deleted.");
    }
    if ((m = /^(\d+)\/delClientByEmail\/(.+)$/.exec(p))) {
      state.deleteClient(Number(m[1]), m[2] as string, "email");
      return ok(null, "Inbound client has been deleted.");
    }
    if ((m = /^(\d+)\/resetClientTraffic\/(.+)$/.exec(p))) {
      state.getInbound(Number(m[1]));
      state.resetClientTraffic(m[2] as string);
      return ok(null, "Traffic has been reset.");
    }
    if ((m = /^updateClientTraffic\/(.+)$/.exec(p))) {
      const row = state.trafficRow(m[1] as string);
      const v = (req.body.kind === "json" ? req.body.value : {}) as { upload?: number; download?: number };
      if (!row) return fail(`Something went wrong (Inbound Not Found For Email: ${m[1]}\n)`);
      row.up = v.upload ?? 0;
      row.down = v.download ?? 0;
      return ok(null, "Inbound client has been updated.");
    }
    if ((m = /^clientIps\/(.+)$/.exec(p))) return ok("No IP Record");
    if (/^clearClientIps\/(.+)$/.test(p)) return ok(null, "The log has been cleared.");
    if (p === "onlines") return ok(state.onlines());
    if (p === "lastOnline") return ok(Object.fromEntries(state.traffics.map((t) => [t.email, t.lastOnline])));
    if (p === "add") return addInboundRoute(state, req.body);
    if ((m = /^del\/(\d+)$/.exec(p))) {
      state.deleteInbound(Number(m[1]));
      return ok(Number(m[1]), "Inbound has been successfully deleted.");
    }
    return null;
  } catch (e) {
    if (e instanceof PanelMsgError) return fail(e.panelMsg);
    throw e;
  }
}

/** Whole-inbound add, enough for the demo to create inbounds through the API. */
function addInboundRoute(state: XuiState, body: ParsedBody): Envelope {
  const v = (body.kind === "json" ? body.value : {}) as Record<string, unknown>;
  const port = Number(v.port);
  if (!Number.isInteger(port) || port <= 0 || typeof v.protocol !== "string") {
    return fail("Inbound has been successfully created. (invalid inbound)");
  }
  if (state.inbounds.some((i) => i.port === port && i.listen === String(v.listen ?? ""))) {
    return fail(`Something went wrong (Port already exists: ${port}\n)`);
  }
  const inbound = state.addInbound({
    protocol: v.protocol,
    port,
    listen: typeof v.listen === "string" ? v.listen : "",
    remark: typeof v.remark === "string" ? v.remark : undefined,
    settings: typeof v.settings === "string" ? v.settings : undefined,
    streamSettings: typeof v.streamSettings === "string" ? v.streamSettings : undefined,
  });
  return ok({ ...inbound, settings: JSON.stringify(parseObject(inbound.settings)) }, "Inbound has been successfully created.");
}
