// A complete v2ray/Xray client configuration (protocols.md §8.3) that a core runs as it is: local
// socks 10808 and http 10809, one outbound per endpoint (the first is the default route), direct and
// block, and private addresses sent direct. ONE object, never an array: v2ray 4.34 panics on an
// array (the array for the clients that want one is documentXrayJson, below). Fields are the ones both v2ray 4.34 and current Xray read, e.g. the ws Host goes in
// `headers` because 4.34 ignores `host`.
import { carriedBy, shadowsocksKey } from "./endpoints";
import { readStream, str } from "./stream";
import { unusableReason } from "./share-links";
import type { ProxyEndpoint, RenderedContent } from "./types";

type Json = Record<string, unknown>;

/** Loopback, RFC 1918, CGNAT, link-local and their IPv6 kin: never through the proxy. */
export const PRIVATE_CIDRS = ["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16", "::1/128", "fc00::/7", "fe80::/10"];

export const SOCKS_PORT = 10808;
export const HTTP_PORT = 10809;

function outboundSettings(ep: ProxyEndpoint): Json {
  const server = { address: ep.host, port: ep.port };
  switch (ep.protocol) {
    case "vmess":
      // alterId 0 selects AEAD on v2ray 4.34; Xray has no alterId and ignores it.
      return { vnext: [{ ...server, users: [{ id: ep.credential, alterId: 0, security: "auto" }] }] };
    case "vless": {
      const user: Json = { id: ep.credential, encryption: str(ep.settings.encryption) || "none" };
      if (ep.flow) user.flow = ep.flow;
      return { vnext: [{ ...server, users: [user] }] };
    }
    case "trojan":
      return { servers: [{ ...server, password: ep.credential }] };
    case "shadowsocks": {
      const { method, password } = shadowsocksKey(ep);
      return { servers: [{ ...server, method, password }] };
    }
    case "hysteria2":
      throw new Error("hysteria2 has no v2ray JSON outbound");
  }
}

function streamSettings(ep: ProxyEndpoint): Json {
  // refusal() has left out an unknown security (unusableReason asks the reader first).
  const s = readStream(ep);
  const out: Json = { network: s.network, security: s.security };
  if (s.security === "tls") {
    const tls: Json = {};
    if (s.sni) tls.serverName = s.sni;
    if (s.alpn.length > 0) tls.alpn = s.alpn;
    if (s.fingerprint) tls.fingerprint = s.fingerprint;
    if (s.allowInsecure) tls.allowInsecure = true;
    out.tlsSettings = tls;
  } else if (s.security === "reality") {
    const reality: Json = { serverName: s.sni, fingerprint: s.fingerprint || "chrome", publicKey: s.reality.publicKey, shortId: s.reality.shortId };
    if (s.reality.spiderX) reality.spiderX = s.reality.spiderX;
    if (s.reality.mldsa65Verify) reality.mldsa65Verify = s.reality.mldsa65Verify;
    out.realitySettings = reality;
  }
  switch (s.network) {
    case "tcp":
      if (s.tcpHttp) {
        const request: Json = { path: [s.tcpHttp.paths[0] ?? "/"] };
        if (s.tcpHttp.hosts.length) request.headers = { Host: [s.tcpHttp.hosts[0]] };
        out.tcpSettings = { header: { type: "http", request } };
      }
      break;
    case "ws": {
      const ws: Json = { path: s.fullPath || "/" };
      if (s.host) ws.headers = { Host: s.host };
      out.wsSettings = ws;
      break;
    }
    case "httpupgrade": {
      // Xray refuses a Host header here: only the `host` field.
      const hu: Json = { path: s.fullPath || "/" };
      if (s.host) hu.host = s.host;
      out.httpupgradeSettings = hu;
      break;
    }
    case "xhttp": {
      const x: Json = { path: s.fullPath || "/", mode: s.xhttpMode || "auto" };
      if (s.host) x.host = s.host;
      out.xhttpSettings = x;
      break;
    }
    case "grpc": {
      const g: Json = { serviceName: s.serviceName, multiMode: s.multiMode };
      if (s.authority) g.authority = s.authority;
      out.grpcSettings = g;
      break;
    }
    case "kcp": {
      const k: Json = { header: { type: s.kcp.headerType } };
      if (s.kcp.seed) k.seed = s.kcp.seed;
      out.kcpSettings = k;
      break;
    }
  }
  return out;
}

/** Why a core cannot use this endpoint from a JSON config, or null. */
function refusal(ep: ProxyEndpoint): string | null {
  if (ep.protocol === "hysteria2") return "hysteria2 is not a v2ray/Xray JSON outbound here (use sing-box or Clash)";
  return unusableReason(ep);
}

export function documentV2rayJson(eps: ProxyEndpoint[]): RenderedContent {
  const { proxies, skipped } = proxyOutbounds(eps);
  const config = clientConfig(proxies);
  return { body: JSON.stringify(config, null, 2), contentType: "application/json; charset=utf-8", extension: "json", skipped, entries: proxies.length };
}

/**
 * The Xray-JSON array (protocols.md §9.8): one complete config per endpoint, each named by `remarks`,
 * as v2rayN (6.40+), v2rayNG (1.8.16+), Happ and Streisand import it. Each element has inbounds,
 * outbounds and routing (v2rayN needs the first two per element, v2rayNG the word `routing`), the
 * proxy outbound first, and integral numbers only.
 */
export function documentXrayJson(eps: ProxyEndpoint[]): RenderedContent {
  const { proxies, skipped, names } = proxyOutbounds(eps);
  const configs = proxies.map((p, i) => ({ remarks: names[i], ...clientConfig([{ ...p, tag: "proxy" }]) }));
  return { body: JSON.stringify(configs, null, 2), contentType: "application/json; charset=utf-8", extension: "json", skipped, entries: configs.length };
}

function proxyOutbounds(eps: ProxyEndpoint[]): { proxies: Json[]; names: string[]; skipped: RenderedContent["skipped"] } {
  const { kept, skipped } = carriedBy(eps, refusal);
  const proxies = kept.map((ep, i) => ({ tag: i === 0 ? "proxy" : `proxy-${i + 1}`, protocol: ep.protocol, settings: outboundSettings(ep), streamSettings: streamSettings(ep) }));
  return { proxies, names: kept.map((ep) => ep.name), skipped };
}

function clientConfig(proxies: Json[]) {
  const direct = { tag: "direct", protocol: "freedom" };
  const block = { tag: "block", protocol: "blackhole" };
  return {
    log: { loglevel: "warning" },
    inbounds: [
      { tag: "socks", listen: "127.0.0.1", port: SOCKS_PORT, protocol: "socks", settings: { udp: true, auth: "noauth" } },
      { tag: "http", listen: "127.0.0.1", port: HTTP_PORT, protocol: "http" },
    ],
    // The first outbound is the default route. With nothing to proxy, block is first: an empty
    // subscription must not quietly send everything direct.
    outbounds: proxies.length > 0 ? [...proxies, direct, block] : [block, direct],
    routing: {
      // AsIs: domains are not resolved locally just to test them against the IP rule.
      domainStrategy: "AsIs",
      rules: [{ type: "field", ip: PRIVATE_CIDRS, outboundTag: "direct" }],
    },
  };
}
