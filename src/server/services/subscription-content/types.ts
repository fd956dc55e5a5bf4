// What every subscription format is rendered from: one endpoint per (panel client, inbound, external
// proxy entry), already resolved to the address a client dials. Renderers are pure functions of these.

export const ENDPOINT_PROTOCOLS = ["vmess", "vless", "trojan", "shadowsocks", "hysteria2"] as const;
export type EndpointProtocol = (typeof ENDPOINT_PROTOCOLS)[number];

export interface ProxyEndpoint {
  /** Display name (link remark, Clash proxy name, sing-box tag): unique within one document. */
  name: string;
  protocol: EndpointProtocol;
  /** Where the client connects: the external proxy's dest, the inbound's specific listen address, or the node's public host. */
  host: string;
  port: number;
  /** uuid (vmess/vless), password (trojan), the client's key (shadowsocks), auth (hysteria2). */
  credential: string;
  /** vless only: "" or "xtls-rprx-vision" (the client's flow on the panel). */
  flow: string;
  /**
   * The synced inbound `settings` without clients: shadowsocks `method` and (2022 methods) the server
   * `password`; vless `encryption`; hysteria `version`.
   */
  settings: Record<string, unknown>;
  /**
   * The synced inbound `streamSettings` (sanitized: no private keys), with an external proxy's
   * `forceTls` already applied to `security`. Read network, security, tlsSettings, realitySettings,
   * tcpSettings, wsSettings, grpcSettings, httpupgradeSettings, xhttpSettings, kcpSettings from it.
   */
  streamSettings: Record<string, unknown>;
}

/** The formats the pages offer as links (each with a label and a tab). */
export const CONTENT_FORMATS = ["base64", "plain", "clash", "stash", "sing-box", "v2ray-json"] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/**
 * Every format `?format=` accepts: the offered ones and those for particular clients (issue 26):
 * the original Clash core, SIP008 (Shadowsocks online config), the Xray-JSON array, Surge,
 * Surfboard, Quantumult X, Loon and Shadowrocket.
 */
export const SERVED_FORMATS = [...CONTENT_FORMATS, "clash-classic", "sip008", "xray-json", "surge", "surfboard", "quantumult-x", "loon", "shadowrocket"] as const;
export type ServedFormat = (typeof SERVED_FORMATS)[number];

/** A rendered document: its body and what goes in content-type; the endpoints left out, with why. */
export interface RenderedContent {
  body: string;
  contentType: string;
  /** File extension for content-disposition (txt, yaml, json). */
  extension: string;
  skipped: { name: string; reason: string }[];
  /** How many servers the document carries: none while some were left out is answered 406, not sent empty. */
  entries: number;
}
