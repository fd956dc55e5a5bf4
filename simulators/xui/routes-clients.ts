// `{base}panel/api/clients/*` of 3x-ui v3.1+ (email-keyed client routes), served in the "latest" shape.
// protocols.md records the routes, not these handlers' error texts, so "client not found" below is the
// simulator's own wording; the duplicate-email text is v2's. `limitHwid` (3x-ui main after v3.6.0) sits
// on the client record, not in settings: add takes `client.limitHwid`, update/:email takes a top-level
// `limitHwid` and, like the real handler, stores 0 when the body has none.
import { emailOf, PanelMsgError, sameEmail, wentWrong, type RawClient } from "./model";
import { fail, ok, type ApiRequest, type Envelope } from "./routes-inbounds";
import type { XuiState } from "./state";

const notFound = (email: string) => wentWrong(`client not found: ${email}`);

function jsonBody(req: ApiRequest): Record<string, unknown> | null {
  const v = req.body.kind === "json" ? req.body.value : null;
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function handleClientsApi(state: XuiState, req: ApiRequest): Envelope | null {
  const p = req.path.replace(/^clients\//, "");
  let m: RegExpExecArray | null;
  try {
    if (req.method === "GET" && (m = /^traffic\/(.+)$/.exec(p))) {
      return ok(state.getClientTraffic(m[1] as string, "Something went wrong"));
    }
    if (req.method === "GET" && (m = /^get\/(.+)$/.exec(p))) return clientRecord(state, m[1] as string);
    if (req.method !== "POST") return null;
    if (p === "add") {
      const body = jsonBody(req);
      const client = body?.client as RawClient | undefined;
      const ids = Array.isArray(body?.inboundIds) ? (body?.inboundIds as unknown[]).map(Number) : [];
      if (!client || typeof client !== "object") return fail("Something went wrong (client email is required\n)");
      if (!emailOf(client).trim()) return fail("Something went wrong (client email is required\n)");
      if (ids.length === 0) return fail("Something went wrong (at least one inbound is required\n)");
      // v3's create forces enable=true.
      const { limitHwid, ...settingsClient } = client;
      for (const id of ids) state.addClients(id, [settingsClient], { forceEnable: true });
      state.limitHwid.set(emailOf(client).toLowerCase(), Number(limitHwid) || 0);
      return ok(null, "Inbound client(s) have been added.");
    }
    if ((m = /^update\/(.+)$/.exec(p))) {
      const email = m[1] as string;
      const body = jsonBody(req);
      if (!body) return fail("Something went wrong (EOF)");
      const { limitHwid, ...updated } = body;
      const filter = (req.query.get("inboundIds") ?? "").split(",").filter(Boolean).map(Number);
      let touched = false;
      for (const inbound of state.inbounds) {
        if (filter.length > 0 && !filter.includes(inbound.id)) continue;
        const clients = state.clientsOf(inbound);
        const index = clients.findIndex((c) => sameEmail(emailOf(c), email));
        if (index < 0) continue;
        state.replaceClient(inbound, clients, index, { ...clients[index], ...updated });
        touched = true;
      }
      if (!touched) throw notFound(email);
      state.limitHwid.set(email.toLowerCase(), Number(limitHwid) || 0);
      return ok(null, "Inbound client has been updated.");
    }
    if ((m = /^del\/(.+)$/.exec(p))) {
      const email = m[1] as string;
      const found = state.findClientByEmail(email);
      if (!found) throw notFound(email);
      for (const inbound of [...state.inbounds]) {
        if (state.clientsOf(inbound).some((c) => sameEmail(emailOf(c), email))) state.deleteClient(inbound.id, email, "email");
      }
      state.limitHwid.delete(email.toLowerCase());
      return ok(null, "Inbound client has been deleted.");
    }
    if ((m = /^resetTraffic\/(.+)$/.exec(p))) {
      state.resetClientTraffic(m[1] as string);
      return ok(null, "Traffic has been reset.");
    }
    if (p === "onlines") return ok(state.onlines());
    return null;
  } catch (e) {
    if (e instanceof PanelMsgError) return fail(e.panelMsg);
    throw e;
  }
}

/** `get/:email`: the client record (settings fields plus limitHwid) and the inbounds it is attached to. */
function clientRecord(state: XuiState, email: string): Envelope {
  const found = state.findClientByEmail(email);
  if (!found) throw notFound(email);
  const inboundIds = state.inbounds.filter((i) => state.clientsOf(i).some((c) => sameEmail(emailOf(c), email))).map((i) => i.id);
  const client = { ...found.client, limitHwid: state.limitHwid.get(email.toLowerCase()) ?? 0 };
  return ok({ client, inboundIds, externalLinks: [], usedTraffic: 0 });
}
