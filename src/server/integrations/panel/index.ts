// Public face of the panel integration: the factory and the shapes. Services import from here only.
import { ClientsApiClient } from "./clients-api";
import { CookieSessionTransport } from "./cookie-session";
import { BearerTransport, normalizePanelUrl, type HttpSettings } from "./http-transport";
import { InboundsApiClient } from "./inbounds-api";
import { insecureFetch } from "./insecure-fetch";
import type { PanelClient, PanelClientOptions } from "./types";

export const DEFAULT_PANEL_TIMEOUT_MS = 10_000;

/**
 * One adapter per node. With an API token (3x-ui v3.1+) it uses the Bearer clients API; otherwise the
 * v2.x cookie session and the inbound client routes. The instance keeps the session cookie in memory,
 * so reuse it for a node rather than creating one per call.
 */
export function createPanelClient(options: PanelClientOptions): PanelClient {
  const http: HttpSettings = {
    baseUrl: normalizePanelUrl(options.url),
    timeoutMs: options.timeoutMs ?? DEFAULT_PANEL_TIMEOUT_MS,
    // Only an explicit per-node opt-in skips certificate checks; everything else stays strict.
    fetch: options.fetch ?? (options.allowSelfSignedTls ? insecureFetch : globalThis.fetch),
  };
  const token = options.apiToken?.trim();
  if (token) return new ClientsApiClient(new BearerTransport(http, token));
  return new InboundsApiClient(new CookieSessionTransport(http, options.username, options.password));
}

export type * from "./types";
export { isPanelError, PANEL_REASONS, type PanelReason } from "./panel-errors";
export {
  clientKeyField,
  credentialField,
  parseJsonObject,
  sanitizeInboundSettings,
  sanitizeStreamSettings,
  toInbound,
} from "./transforms";
