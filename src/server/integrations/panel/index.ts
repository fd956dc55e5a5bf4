// Public face of the panel integration: the factory and the shapes. Services import from here only.
import { CookieSessionTransport } from "./cookie-session";
import { BearerTransport, normalizePanelUrl, type HttpSettings } from "./http-transport";
import { insecureFetch } from "./insecure-fetch";
import type { PanelClient, PanelClientOptions } from "./types";
import { VersionedPanelClient } from "./versioned-client";

export const DEFAULT_PANEL_TIMEOUT_MS = 10_000;

/**
 * One adapter per node. With an API token (3x-ui v3+) it authenticates with Bearer, otherwise with the
 * v2.x cookie login; either way it reads the panel's version once and uses the client routes that
 * version has (version.ts). The instance keeps the session cookie and the detected version in memory,
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
  const transport = token ? new BearerTransport(http, token) : new CookieSessionTransport(http, options.username, options.password);
  return new VersionedPanelClient(transport);
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
export { clientRoutesFor, parseVersion } from "./version";
