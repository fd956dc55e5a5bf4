// A complete v2ray/Xray client configuration (protocols.md §8.3) that a core runs as it is: local
// socks 10808 and http 10809, one outbound per endpoint (the first is the default route), direct and
// block, and private addresses sent direct. ONE object, never an array: v2ray 4.34 panics on an
// array. Fields are the ones both v2ray 4.34 and current Xray read, e.g. the ws Host goes in
// `headers` because 4.34 ignores `host`.
import { securityOf, shadowsocksKey, str, transportOf } from "./endpoints";
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
  const t = transportOf(ep.streamSettings);
  const s = securityOf(ep.streamSettings);
  const out: Json = { network: t.network, security: s.kind };
  if (s.kind === "tls") {
    const tls: Json = {};
    if (s.sni) tls.serverName = s.sni;
    if (s.alpn.length > 0) tls.alpn = s.alpn;
    if (s.fingerprint) tls.fingerprint = s.fingerprint;
    if (s.allowInsecure) tls.allowInsecure = true;
    out.tlsSettings = tls;
  } else if (s.kind === "reality") {
    const reality: Json = { serverName: s.sni, fingerprint: s.fingerprint || "chrome", publicKey: s.publicKey, shortId: s.shortId };
    if (s.spiderX) reality.spiderX = s.spiderX;
    if (s.mldsa65Verify) reality.mldsa65Verify = s.mldsa65Verify;
    out.realitySettings = reality;
  }
  switch (t.network) {
    case "tcp":
      if (t.headerType === "http") {
        const request: Json = { path: [t.path || "/"] };
        if (t.host) request.headers = { Host: [t.host] };
        out.tcpSettings = { header: { type: "http", request } };
      }
      break;
    case "ws": {
      const ws: Json = { path: t.path || "/" };
      if (t.host) ws.headers = { Host: t.host };
      out.wsSettings = ws;
      break;
    }
    case "httpupgrade": {
      // Xray refuses a Host header here: only the `host` field.
      const hu: Json = { path: t.path || "/" };
      if (t.host) hu.host = t.host;
      out.httpupgradeSettings = hu;
      break;
    }
    case "xhttp": {
      const x: Json = { path: t.path || "/", mode: t.mode };
      if (t.host) x.host = t.host;
      out.xhttpSettings = x;
      break;
    }
    case "grpc": {
      const g: Json = { serviceName: t.serviceName, multiMode: t.multiMode };
      if (t.authority) g.authority = t.authority;
      out.grpcSettings = g;
      break;
    }
    case "kcp": {
      const k: Json = { header: { type: t.headerType } };
      if (t.seed) k.seed = t.seed;
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
  const proxies: Json[] = [];
  const skipped: RenderedContent["skipped"] = [];
  for (const ep of eps) {
    const reason = refusal(ep);
    if (reason) {
      skipped.push({ name: ep.name, reason });
      continue;
    }
    const tag = proxies.length === 0 ? "proxy" : `proxy-${proxies.length + 1}`;
    proxies.push({ tag, protocol: ep.protocol, settings: outboundSettings(ep), streamSettings: streamSettings(ep) });
  }
  const direct = { tag: "direct", protocol: "freedom" };
  const block = { tag: "block", protocol: "blackhole" };
  const config = {
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
  return { body: JSON.stringify(config, null, 2), contentType: "application/json; charset=utf-8", extension: "json", skipped };
}
