// Stored shapes of the 3x-ui simulator, as 3x-ui v2.8.11 keeps them (database/model/model.go,
// xray/client_traffic.go): settings/streamSettings/sniffing are JSON *strings*, bytes and epoch ms.

export type RawClient = Record<string, unknown>;

export interface SimInbound {
  id: number;
  up: number;
  down: number;
  total: number;
  allTime: number;
  remark: string;
  enable: boolean;
  expiryTime: number;
  trafficReset: string;
  lastTrafficResetTime: number;
  listen: string;
  port: number;
  protocol: string;
  settings: string;
  streamSettings: string;
  tag: string;
  sniffing: string;
}

export interface SimTraffic {
  id: number;
  inboundId: number;
  enable: boolean;
  email: string;
  up: number;
  down: number;
  allTime: number;
  expiryTime: number;
  total: number;
  reset: number;
  lastOnline: number;
}

/** Seed for one inbound; objects are stringified like the panel's UI does before saving. */
export interface SimInboundSeed {
  id?: number;
  protocol: "vmess" | "vless" | "trojan" | "shadowsocks" | string;
  port: number;
  listen?: string;
  remark?: string;
  enable?: boolean;
  /** Network of the default streamSettings when `streamSettings` is not given. */
  network?: "tcp" | "ws";
  wsPath?: string;
  /** Shadowsocks method for the default settings. */
  method?: string;
  clients?: RawClient[];
  settings?: Record<string, unknown> | string;
  streamSettings?: Record<string, unknown> | string;
}

/** Error with the exact `msg` the real panel puts in its {success:false} envelope. */
export class PanelMsgError extends Error {
  constructor(readonly panelMsg: string) {
    super(panelMsg);
    this.name = "PanelMsgError";
  }
}

/** i18n "somethingWentWrong" + " (" + err + ")"; common.NewError texts end in "\n" (Sprintln). */
export const wentWrong = (detail: string, fromNewError = true): PanelMsgError =>
  new PanelMsgError(`Something went wrong (${detail}${fromNewError ? "\n" : ""})`);

export const RECORD_NOT_FOUND = (): PanelMsgError => wentWrong("record not found", false);

export function parseObject(s: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function clientsOf(settings: Record<string, unknown>): RawClient[] {
  const c = settings.clients;
  return Array.isArray(c) ? c.filter((x): x is RawClient => typeof x === "object" && x !== null) : [];
}

export const emailOf = (c: RawClient): string => (typeof c.email === "string" ? c.email : "");
export const sameEmail = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The field addClient requires (§1.6) and that `:clientId` of update/delete matches (§1.7). */
export function idFieldFor(protocol: string): "id" | "password" | "email" | "auth" {
  if (protocol === "trojan") return "password";
  if (protocol === "shadowsocks") return "email";
  if (protocol === "hysteria" || protocol === "hysteria2") return "auth";
  return "id";
}

export function defaultSettings(seed: SimInboundSeed): Record<string, unknown> {
  const clients = seed.clients ?? [];
  switch (seed.protocol) {
    case "vless":
      return { clients, decryption: "none", encryption: "none", fallbacks: [] };
    case "trojan":
      return { clients, fallbacks: [] };
    case "shadowsocks":
      return {
        method: seed.method ?? "aes-256-gcm",
        password: "c2VydmVyLWtleS1mb3ItdGhlLXNpbXVsYXRvcg==",
        network: "tcp,udp",
        clients,
        ivCheck: false,
      };
    default:
      return { clients };
  }
}

export function defaultStream(seed: SimInboundSeed): Record<string, unknown> {
  const base = { security: "none", externalProxy: [] as unknown[] };
  if (seed.network === "ws") {
    return { network: "ws", ...base, wsSettings: { acceptProxyProtocol: false, path: seed.wsPath ?? "/", host: "", headers: {} } };
  }
  return { network: "tcp", ...base, tcpSettings: { acceptProxyProtocol: false, header: { type: "none" } } };
}

export const DEFAULT_SNIFFING = JSON.stringify({
  enabled: false,
  destOverride: ["http", "tls", "quic", "fakedns"],
  metadataOnly: false,
  routeOnly: false,
});

/** `inbound-<port>`, or `inbound-<listen>:<port>` for a specific listen address (§1.5). */
export function tagFor(listen: string, port: number): string {
  const any = ["", "0.0.0.0", "::", "::0"].includes(listen);
  return any ? `inbound-${port}` : `inbound-${listen}:${port}`;
}
