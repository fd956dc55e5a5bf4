// Routes whose place or content depends on the panel's shape (3x-ui tree, stored snapshot of 2026-08-23):
// - `GET panel/api/server/status`: every shape; `panelVersion` only from v3.1.0 (web/service/server.go).
// - settings and Xray config: `panel/setting/*` and `panel/xray/*` (session only) up to v3.2.x, moved to
//   `panel/api/setting/*` and `panel/api/xray/*` by commit c6f15cd53 (2026-06-06, first in v3.3.0), which
//   removed the old paths. Only the read routes are served; their contents are placeholders.
import { ok, type ApiRequest, type Envelope } from "./routes-inbounds";

export type XuiShape = "v2.8" | "latest";

export function serverStatus(shape: XuiShape, panelVersion: string): Envelope {
  const status: Record<string, unknown> = {
    cpu: 1.5,
    cpuCores: 2,
    mem: { current: 1, total: 2 },
    xray: { state: "running", errorMsg: "", version: "25.10.15" },
    uptime: 60,
  };
  if (shape === "latest") status.panelVersion = panelVersion;
  return ok(status);
}

/** `setting/...` or `xray/...` below whichever prefix the shape serves them under; null = gin 404. */
export function handleSettingsRoute(req: Pick<ApiRequest, "method" | "path">): Envelope | null {
  if (req.method !== "POST") return null;
  if (req.path === "setting/all") return ok({ webPort: 2053, webBasePath: "/", subEnable: false, sessionMaxAge: 360 });
  if (req.path === "xray/") return ok({ xraySetting: JSON.stringify({ log: {}, inbounds: [], outbounds: [] }), inboundTags: [] });
  return null;
}

/** The paths (below the base path) a shape serves the settings routes under. */
export function settingsPrefix(shape: XuiShape): string {
  return shape === "latest" ? "panel/api/" : "panel/";
}
