// The panel integration's public shapes. Services depend on `PanelClient`, never on 3x-ui's wire format,
// so the v2 cookie adapter, the v3 Bearer adapter and any future panel kind are interchangeable.

/** Inbound protocols 3x-ui knows. Only the first four carry clients we provision. */
export type PanelProtocol =
  | "vmess"
  | "vless"
  | "trojan"
  | "shadowsocks"
  | "tunnel"
  | "http"
  | "mixed"
  | "wireguard"
  | "hysteria"
  | "hysteria2";

/** One client inside an inbound's `settings.clients[]`, in our units and names. */
export interface InboundClient {
  email: string;
  /** The proxy secret: uuid for vmess/vless, password for trojan/shadowsocks, auth for hysteria. */
  credential: string;
  enable: boolean;
  /** Quota in bytes (3x-ui's `totalGB` is bytes despite its name); 0 = unlimited. */
  totalBytes: number;
  /** Epoch ms; 0 = never; negative = delayed start (-86400000 x days, counted from first use). */
  expiryTime: number;
  limitIp: number;
  subId: string;
  comment: string;
  /** vless only ("" or e.g. "xtls-rprx-vision"). */
  flow: string;
  /** vmess only (e.g. "auto"). */
  security: string;
}

/** Per-client counters (3x-ui's ClientTraffic / clientStats entries). Bytes and epoch ms. */
export interface PanelClientTraffic {
  inboundId: number;
  email: string;
  enable: boolean;
  up: number;
  down: number;
  /** Lifetime total; absent on v2.6 panels, then equal to up + down. */
  allTime: number;
  totalBytes: number;
  expiryTime: number;
  /** Epoch ms of the last traffic seen; 0 when unknown (v2.6 panels). */
  lastOnline: number;
}

export interface PanelInbound {
  id: number;
  remark: string;
  enable: boolean;
  protocol: PanelProtocol | string;
  listen: string;
  port: number;
  tag: string;
  up: number;
  down: number;
  totalBytes: number;
  expiryTime: number;
  /** Parsed `settings` JSON, including every client's secret: never store this as-is. */
  settings: Record<string, unknown>;
  streamSettings: Record<string, unknown>;
  sniffing: Record<string, unknown>;
  clients: InboundClient[];
  clientStats: PanelClientTraffic[];
}

/** What we ask the panel to create. `credential` goes where the protocol wants it (see transforms). */
export interface PanelClientInput {
  email: string;
  credential: string;
  enable: boolean;
  totalBytes: number;
  expiryTime: number;
  limitIp?: number;
  subId?: string;
  comment?: string;
  flow?: string;
  security?: string;
}

/** The email is the stats key that links access-log lines to a subscription, so it is never changed. */
export type PanelClientPatch = Partial<Omit<PanelClientInput, "email">>;

/** Where a panel keeps client writes: `/panel/api/inbounds/*Client*` (<= v3.0.2) or `/panel/api/clients/*` (v3.1+). */
export type PanelClientRoutes = "inbounds" | "clients";

export interface PanelConnectionInfo {
  /** Which API answered: the v2 cookie session or the v3 Bearer token. */
  api: "v2-cookie" | "v3-bearer";
  /** The panel's own version (e.g. "3.6.0"); null when it does not report one (3x-ui before v3.1). */
  version: string | null;
  clientRoutes: PanelClientRoutes;
  inboundCount: number;
  elapsedMs: number;
}

/**
 * Operations on one node's panel. Every method throws `DomainError`:
 * NOT_FOUND (unknown inbound or client), CONFLICT (duplicate email, last client), VALIDATION (panel
 * refused the input), UNAVAILABLE with details.reason = bad_credentials | unreachable | tls_untrusted |
 * timeout | not_found (wrong URL/base path) | panel_error.
 */
export interface PanelClient {
  listInbounds(): Promise<PanelInbound[]>;
  addClient(inboundId: number, client: PanelClientInput): Promise<void>;
  /** Finds the client by email and replaces the given fields, keeping everything else it has. */
  updateClient(inboundId: number, email: string, patch: PanelClientPatch): Promise<void>;
  setClientEnabled(inboundId: number, email: string, enabled: boolean): Promise<void>;
  /** NOT_FOUND when the client is already gone, so a retrying worker can treat that as done. */
  deleteClient(inboundId: number, email: string): Promise<void>;
  getClientTraffic(email: string): Promise<PanelClientTraffic>;
  resetClientTraffic(inboundId: number, email: string): Promise<void>;
  /** Emails with traffic in the panel's last stats poll (~10 s). */
  onlineClients(): Promise<string[]>;
  /** Logs in afresh (or checks the token), detects the panel's version again and lists inbounds. */
  testConnection(): Promise<PanelConnectionInfo>;
}

export interface PanelClientOptions {
  /** Panel URL including its web base path, e.g. `https://host:2053/abc/`. */
  url: string;
  username: string;
  password: string;
  /** 3x-ui v3 API token; when set the Bearer API is used and no cookie login happens. */
  apiToken?: string | null;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  /**
   * Accept the panel's TLS certificate without verifying it (self-signed, or issued for another host
   * name, e.g. a panel reached by IP). Off by default; an injected `fetch` wins.
   */
  allowSelfSignedTls?: boolean;
  /** Injected for tests; defaults to global fetch (or the insecure fetch with allowSelfSignedTls). */
  fetch?: typeof fetch;
}
