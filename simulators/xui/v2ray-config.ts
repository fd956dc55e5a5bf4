// Pure renderers of V2Ray 4.34 (Debian's `v2ray` package) JSON configs, per protocols.md §2.1: vmess
// (alterId 0), vless without flow/REALITY, trojan, shadowsocks with an AEAD method and exactly one user
// per inbound; tcp or ws transport, no TLS. Server side from the simulator's inbounds, client side for tests.

export type RawClient = Record<string, unknown>;

export interface BoxInbound {
  protocol: string;
  port: number;
  listen: string;
  tag: string;
  settings: Record<string, unknown>;
  streamSettings: Record<string, unknown>;
  /** Only the clients the core should accept (enabled, not depleted). */
  clients: RawClient[];
}

export interface RenderResult {
  config: Record<string, unknown>;
  /** Inbounds left out, with why (no enabled client, unsupported feature...). */
  skipped: { tag: string; reason: string }[];
}

/** Xray/3x-ui method names -> v2ray 4.34's; 2022-blake3 methods do not exist in v4. */
export function v2rayShadowsocksMethod(method: string): string | null {
  const m = method.toLowerCase();
  if (m === "chacha20-ietf-poly1305" || m === "chacha20-poly1305") return "chacha20-poly1305";
  if (m === "aes-128-gcm" || m === "aes-256-gcm") return m;
  return null;
}

/** The transport part of a 3x-ui streamSettings that v2ray 4.34 can serve here, or why not. */
export function v2rayStream(stream: Record<string, unknown>): Record<string, unknown> | string {
  const network = typeof stream.network === "string" ? stream.network : "tcp";
  const security = typeof stream.security === "string" ? stream.security : "none";
  if (security !== "none" && security !== "") return `security ${security} is not supported by the box`;
  if (network === "tcp") return { network: "tcp" };
  if (network === "ws") {
    const ws = (stream.wsSettings ?? {}) as { path?: unknown; host?: unknown };
    const path = typeof ws.path === "string" && ws.path ? ws.path : "/";
    return { network: "ws", wsSettings: { path } };
  }
  return `network ${network} is not supported by the box`;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

function serverSettings(inbound: BoxInbound): Record<string, unknown> | string {
  const users = inbound.clients;
  switch (inbound.protocol) {
    case "vmess":
      return { clients: users.map((c) => ({ id: str(c.id), alterId: 0, email: str(c.email), level: 0 })) };
    case "vless":
      return { clients: users.map((c) => ({ id: str(c.id), email: str(c.email), level: 0 })), decryption: "none" };
    case "trojan":
      return { clients: users.map((c) => ({ password: str(c.password), email: str(c.email), level: 0 })) };
    case "shadowsocks": {
      // v4 has one user per shadowsocks inbound: the first enabled client is served.
      const c = users[0] as RawClient;
      const method = v2rayShadowsocksMethod(str(c.method) || str(inbound.settings.method));
      if (!method) return `shadowsocks method ${str(inbound.settings.method)} is not supported by v2ray 4.34`;
      return { method, password: str(c.password), email: str(c.email), level: 0, network: "tcp,udp" };
    }
    default:
      return `protocol ${inbound.protocol} is not supported by the box`;
  }
}

/** The node's core config: one v2ray inbound per panel inbound that has a client to serve. */
export function renderServerConfig(
  inbounds: BoxInbound[],
  opts: { accessLog: string; errorLog: string; listen?: string },
): RenderResult {
  const skipped: RenderResult["skipped"] = [];
  const rendered: Record<string, unknown>[] = [];
  for (const inbound of inbounds) {
    if (inbound.clients.length === 0) {
      skipped.push({ tag: inbound.tag, reason: "no enabled client" });
      continue;
    }
    const settings = serverSettings(inbound);
    const stream = v2rayStream(inbound.streamSettings);
    if (typeof settings === "string" || typeof stream === "string") {
      skipped.push({ tag: inbound.tag, reason: typeof settings === "string" ? settings : String(stream) });
      continue;
    }
    const listen = opts.listen ?? (inbound.listen && inbound.listen !== "0.0.0.0" ? inbound.listen : "127.0.0.1");
    rendered.push({ tag: inbound.tag, listen, port: inbound.port, protocol: inbound.protocol, settings, streamSettings: stream });
  }
  const config = {
    log: { access: opts.accessLog, error: opts.errorLog, loglevel: "warning" },
    inbounds: rendered,
    outbounds: [{ tag: "direct", protocol: "freedom", settings: {} }],
  };
  return { config, skipped };
}

export interface ClientRoute {
  /** Local HTTP proxy port the test connects to. */
  httpPort: number;
  protocol: "vmess" | "vless" | "trojan" | "shadowsocks";
  server: { address: string; port: number };
  /** uuid (vmess/vless) or password (trojan/shadowsocks). */
  credential: string;
  /** Shadowsocks method as the panel names it. */
  method?: string;
  stream?: Record<string, unknown>;
}

function outboundSettings(r: ClientRoute): Record<string, unknown> {
  const { address, port } = r.server;
  switch (r.protocol) {
    case "vmess":
      return { vnext: [{ address, port, users: [{ id: r.credential, alterId: 0, security: "auto" }] }] };
    case "vless":
      return { vnext: [{ address, port, users: [{ id: r.credential, encryption: "none" }] }] };
    case "trojan":
      return { servers: [{ address, port, password: r.credential }] };
    case "shadowsocks":
      return { servers: [{ address, port, method: v2rayShadowsocksMethod(r.method ?? "aes-256-gcm"), password: r.credential }] };
  }
}

/** A v2ray client: one local HTTP proxy inbound per route, routed to that route's proxy outbound. */
export function renderClientConfig(routes: ClientRoute[], opts: { errorLog?: string } = {}): Record<string, unknown> {
  return {
    log: { loglevel: "warning", ...(opts.errorLog ? { error: opts.errorLog } : {}) },
    inbounds: routes.map((r, i) => ({ tag: `in-${i}`, listen: "127.0.0.1", port: r.httpPort, protocol: "http", settings: {} })),
    outbounds: routes.map((r, i) => {
      const stream = r.stream ? v2rayStream(r.stream) : { network: "tcp" };
      if (typeof stream === "string") throw new Error(stream);
      return { tag: `out-${i}`, protocol: r.protocol, settings: outboundSettings(r), streamSettings: stream };
    }),
    routing: {
      rules: routes.map((_, i) => ({ type: "field", inboundTag: [`in-${i}`], outboundTag: `out-${i}` })),
    },
  };
}
