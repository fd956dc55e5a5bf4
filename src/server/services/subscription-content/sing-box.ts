// sing-box client configuration for 1.12 and 1.13 (protocols.md §8.2): typed DNS servers, rule
// actions instead of the dns/block outbounds and inbound sniff fields that 1.13 rejects, and a
// default domain resolver so no deprecation warning fires. Endpoints sing-box cannot dial (xhttp,
// mKCP, VLESS encryption) are left out with a reason rather than breaking the whole file.
import { cleanName, uniqueName } from "./clash";
import { shadowsocksKey, unaddressable } from "./endpoints";
import { readStream, unreadableStream, type StreamView } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

type Obj = Record<string, unknown>;
type Built = { outbound: Obj } | { skip: string };

const AUTO_TAG = "auto";
const DIRECT_TAG = "direct";
const TEST_URL = "https://www.gstatic.com/generate_204";

export function documentSingBox(eps: ProxyEndpoint[], opts: { title: string }): RenderedContent {
  const title = cleanName(opts.title) || "proxy";
  const selectorTag = [AUTO_TAG, DIRECT_TAG].includes(title) ? "proxy" : title;
  const taken = new Set([selectorTag, AUTO_TAG, DIRECT_TAG]);
  const proxies: Obj[] = [];
  const skipped: RenderedContent["skipped"] = [];
  for (const ep of eps) {
    const built = buildOutbound(ep);
    if ("skip" in built) {
      skipped.push({ name: ep.name, reason: built.skip });
      continue;
    }
    const tag = uniqueName(cleanName(ep.name) || `${ep.protocol} ${ep.host}:${ep.port}`, taken);
    proxies.push({ type: built.outbound.type, tag, ...built.outbound });
  }
  const tags = proxies.map((p) => p.tag as string);
  // A selector needs at least one member: with no proxy it holds direct alone.
  const groups: Obj[] =
    tags.length > 0
      ? [
          { type: "selector", tag: selectorTag, outbounds: [AUTO_TAG, ...tags], default: AUTO_TAG },
          { type: "urltest", tag: AUTO_TAG, outbounds: tags, url: TEST_URL, interval: "3m" },
        ]
      : [{ type: "selector", tag: selectorTag, outbounds: [DIRECT_TAG], default: DIRECT_TAG }];
  const config = {
    log: { level: "warn" },
    dns: {
      servers: [
        { type: "local", tag: "local" },
        { type: "tls", tag: "remote", server: "1.1.1.1" },
      ],
      final: "remote",
    },
    inbounds: [{ type: "mixed", tag: "mixed-in", listen: "127.0.0.1", listen_port: 2080 }],
    outbounds: [...groups, ...proxies, { type: "direct", tag: DIRECT_TAG }],
    route: {
      rules: [{ action: "sniff" }, { protocol: "dns", action: "hijack-dns" }, { ip_is_private: true, outbound: DIRECT_TAG }],
      final: selectorTag,
      auto_detect_interface: true,
      // Proxy server names resolve through the system resolver, not through the proxy they name.
      default_domain_resolver: "local",
    },
  };
  return { body: JSON.stringify(config, null, 2), contentType: "application/json; charset=utf-8", extension: "json", skipped, entries: proxies.length };
}

/** One outbound, or why sing-box cannot carry the endpoint. */
export function buildOutbound(ep: ProxyEndpoint): Built {
  const s = readStream(ep);
  const unusable = unaddressable(ep) ?? unreadableStream(s);
  if (unusable) return { skip: unusable };
  const base: Obj = { server: ep.host, server_port: ep.port };
  switch (ep.protocol) {
    case "shadowsocks": {
      const method = String(ep.settings.method ?? "");
      if (!method) return { skip: "shadowsocks method missing" };
      if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return { skip: `shadowsocks over ${s.network}/${s.security} is not supported by sing-box` };
      return { outbound: { type: "shadowsocks", ...base, method, password: shadowsocksKey(ep).password } };
    }
    case "hysteria2":
      return hysteria2(ep, s, base);
    case "vmess":
      return withTransport({ type: "vmess", ...base, uuid: ep.credential, security: "auto", alter_id: 0 }, s);
    case "vless": {
      const encryption = String(ep.settings.encryption ?? "none");
      if (encryption !== "none" && encryption !== "") return { skip: "sing-box has no VLESS encryption" };
      const out: Obj = { type: "vless", ...base, uuid: ep.credential };
      if (ep.flow && s.network === "tcp" && !s.tcpHttp && s.security !== "none") out.flow = ep.flow;
      return withTransport(out, s);
    }
    case "trojan":
      return withTransport({ type: "trojan", ...base, password: ep.credential }, s);
  }
}

function hysteria2(ep: ProxyEndpoint, s: StreamView, base: Obj): Built {
  // TLS is mandatory for hysteria2 in sing-box; QUIC always carries it whatever the inbound says.
  const tls: Obj = { enabled: true };
  if (s.sni) tls.server_name = s.sni;
  if (s.alpn.length) tls.alpn = s.alpn;
  if (s.allowInsecure) tls.insecure = true;
  const out: Obj = { type: "hysteria2", ...base, password: ep.credential, tls };
  if (s.hysteria.ports) out.server_ports = s.hysteria.ports.split(",").map((r) => r.trim().replace("-", ":")).filter(Boolean);
  if (s.hysteria.obfsPassword) out.obfs = { type: "salamander", password: s.hysteria.obfsPassword };
  return { outbound: out };
}

function withTransport(out: Obj, s: StreamView): Built {
  if (s.security === "tls") {
    const tls: Obj = { enabled: true };
    if (s.sni) tls.server_name = s.sni;
    if (s.alpn.length) tls.alpn = s.alpn;
    if (s.allowInsecure) tls.insecure = true;
    if (s.utls) tls.utls = { enabled: true, fingerprint: s.utls };
    out.tls = tls;
  } else if (s.security === "reality") {
    if (!s.reality.publicKey) return { skip: "REALITY public key missing" };
    // sing-box refuses REALITY without uTLS ("uTLS is required by reality client").
    const tls: Obj = { enabled: true, utls: { enabled: true, fingerprint: s.utls || "chrome" }, reality: { enabled: true, public_key: s.reality.publicKey, short_id: s.reality.shortId } };
    if (s.sni) tls.server_name = s.sni;
    out.tls = tls;
  }
  switch (s.network) {
    case "tcp":
      if (!s.tcpHttp) return { outbound: out };
      // sing-box's http transport is plain HTTP/1.1 (v2ray's TCP HTTP header) only without TLS;
      // with TLS it speaks HTTP/2, which a TCP+header inbound does not.
      if (s.security !== "none") return { skip: "sing-box cannot send the TCP HTTP header inside TLS" };
      out.transport = { type: "http", ...(s.tcpHttp.hosts.length ? { host: s.tcpHttp.hosts } : {}), path: s.tcpHttp.paths[0] ?? "/", method: "GET" };
      return { outbound: out };
    case "ws": {
      const t: Obj = { type: "ws", path: s.path || "/" };
      if (s.host) t.headers = { Host: s.host };
      if (s.earlyData > 0) {
        t.max_early_data = s.earlyData;
        t.early_data_header_name = "Sec-WebSocket-Protocol";
      }
      out.transport = t;
      return { outbound: out };
    }
    case "httpupgrade": {
      const t: Obj = { type: "httpupgrade", path: s.path || "/" };
      if (s.host) t.host = s.host;
      out.transport = t;
      return { outbound: out };
    }
    case "grpc":
      out.transport = { type: "grpc", service_name: s.serviceName };
      return { outbound: out };
    case "xhttp":
      return { skip: "sing-box has no XHTTP transport" };
    case "kcp":
      return { skip: "sing-box has no mKCP transport" };
    default:
      return { skip: `sing-box has no ${s.network} transport` };
  }
}
