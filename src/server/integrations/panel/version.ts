// Which 3x-ui a node runs, read once from `GET panel/api/server/status`. Its `panelVersion` field
// exists from v3.1.0 (e.g. "3.6.0", or "dev+1d1128cf" on a dev build); v2.x and v3.0.x answer the same
// route without it. The only route difference our calls care about is where client writes live:
// `/panel/api/inbounds/*Client*` up to v3.0.2, `/panel/api/clients/*` from v3.1.0 (protocols.md §1.4).
// (v3.3.0 also moved /panel/setting and /panel/xray under /panel/api; we call neither.)
import { isDomainError } from "../../errors";
import type { Envelope, PanelTransport } from "./http-transport";
import type { PanelClientRoutes } from "./types";

export const SERVER_STATUS_PATH = "panel/api/server/status";

export interface DetectedPanel {
  /** The panel's own version as it reports it; null on panels that do not report one (before v3.1). */
  version: string | null;
  clientRoutes: PanelClientRoutes;
}

const CLIENTS_API_SINCE = [3, 1, 0] as const;

/** "3.6.0", "v3.6.0" -> [3, 6, 0]; anything else (a dev build's "dev+<sha>") -> null. */
export function parseVersion(v: string): [number, number, number] | null {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

/** Client routes for a reported version. Dev builds report no number and track the newest code. */
export function clientRoutesFor(version: string | null): PanelClientRoutes {
  if (version === null) return "inbounds";
  const parts = parseVersion(version);
  if (!parts) return "clients";
  for (let i = 0; i < 3; i++) {
    if (parts[i] !== CLIENTS_API_SINCE[i]) return (parts[i] as number) > CLIENTS_API_SINCE[i] ? "clients" : "inbounds";
  }
  return "clients";
}

export async function detectPanel(transport: PanelTransport): Promise<DetectedPanel> {
  let env: Envelope;
  try {
    env = await transport.call("GET", SERVER_STATUS_PATH);
  } catch (e) {
    // Every release we know serves this route; a panel that hides it is treated as the old layout
    // rather than refused, since the old layout is also what every older panel speaks.
    const missing = isDomainError(e) && (e.reason === "panel_not_found" || e.reason === "panel_unsupported");
    if (missing && e.details.path === SERVER_STATUS_PATH) {
      return { version: null, clientRoutes: "inbounds" };
    }
    throw e;
  }
  if (!env.success) return { version: null, clientRoutes: "inbounds" };
  const obj = env.obj as { panelVersion?: unknown } | null;
  const raw = typeof obj?.panelVersion === "string" ? obj.panelVersion.trim() : "";
  const version = raw === "" ? null : raw;
  return { version, clientRoutes: clientRoutesFor(version) };
}
