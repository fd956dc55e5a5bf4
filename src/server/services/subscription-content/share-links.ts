// Share links as 3x-ui's subscription server writes them (protocols.md §1.9, sub/subService.go): the
// query is Go's url.Values.Encode (keys sorted, QueryEscape), the remark is escaped as Go's
// url.URL.String escapes a fragment, and vmess is base64 of 2-space-indented JSON with sorted keys.
// Two deliberate differences: REALITY takes the FIRST serverName and shortId and the inbound's spiderX
// (like the panel's own JS link) instead of random picks, because rendered content is cached and must
// not change between renders; and optional parameters with an empty value are left out.
import { shadowsocksKey } from "./endpoints";
import { readStream, str, unreadableStream, type StreamView } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

function percentBytes(ch: string): string {
  return Array.from(Buffer.from(ch, "utf8"), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

function escapeWith(s: string, keep: (ch: string) => boolean, space = "%20"): string {
  let out = "";
  for (const ch of s) {
    if (ch === " ") out += space;
    else if (UNRESERVED.test(ch) || keep(ch)) out += ch;
    else out += percentBytes(ch);
  }
  return out;
}

/** Go url.QueryEscape: only unreserved characters stay, space is "+". */
export const queryEscape = (s: string) => escapeWith(s, () => false, "+");
/** Go's fragment escaping: reserved characters and !()* stay. */
export const fragmentEscape = (s: string) => escapeWith(s, (c) => "$&+,/:;=?@!()*".includes(c));
/** Go's userinfo escaping: only @ / ? : among the reserved characters are escaped. */
export const userinfoEscape = (s: string) => escapeWith(s, (c) => "$&+,;=".includes(c));

/** url.Values.Encode: keys sorted, each pair escaped. */
export function encodeQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${queryEscape(k)}=${queryEscape(params[k] as string)}`)
    .join("&");
}

/** IPv6 literals need brackets in a URL authority. */
export const urlHost = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** Sets `key` only when the value is not empty. */
function put(params: Record<string, string>, key: string, value: string): void {
  if (value !== "") params[key] = value;
}

/** Transport parameters shared by vless, trojan and shadowsocks links. */
function transportParams(s: StreamView, params: Record<string, string>): void {
  params.type = s.network;
  switch (s.network) {
    case "tcp":
      if (s.tcpHttp) {
        params.headerType = "http";
        put(params, "path", s.tcpHttp.paths[0] ?? "/");
        put(params, "host", s.tcpHttp.hosts[0] ?? "");
      }
      break;
    case "kcp":
      params.headerType = s.kcp.headerType;
      put(params, "seed", s.kcp.seed);
      break;
    case "ws":
    case "httpupgrade":
    case "xhttp":
      put(params, "path", s.fullPath);
      put(params, "host", s.host);
      if (s.network === "xhttp") put(params, "mode", s.xhttpMode || "auto");
      break;
    case "grpc":
      put(params, "serviceName", s.serviceName);
      put(params, "authority", s.authority);
      if (s.multiMode) params.mode = "multi";
      break;
  }
}

function securityParams(s: StreamView, flow: string, params: Record<string, string>, allowReality: boolean): void {
  if (s.security === "tls") {
    params.security = "tls";
    put(params, "alpn", s.alpn.join(","));
    put(params, "sni", s.sni);
    put(params, "fp", s.fingerprint);
    if (s.allowInsecure) params.allowInsecure = "1";
  } else if (s.security === "reality" && allowReality) {
    params.security = "reality";
    put(params, "sni", s.sni);
    put(params, "pbk", s.reality.publicKey);
    put(params, "sid", s.reality.shortId);
    put(params, "fp", s.fingerprint);
    put(params, "pqv", s.reality.mldsa65Verify);
    put(params, "spx", s.reality.spiderX);
  } else {
    params.security = "none";
    return;
  }
  // Vision runs over raw TCP only; 3x-ui writes flow for tcp with tls or reality.
  if (s.network === "tcp" && flow) params.flow = flow;
}

function urlLink(scheme: string, userinfo: string, ep: ProxyEndpoint, params: Record<string, string>): string {
  return `${scheme}://${userinfo}@${urlHost(ep.host)}:${ep.port}?${encodeQuery(params)}#${fragmentEscape(ep.name)}`;
}

/** JSON as Go's json.MarshalIndent writes a map: keys sorted, 2 spaces, <>& and U+2028/9 escaped. */
function goJson(value: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]]));
  return JSON.stringify(sorted, null, 2).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function vmessLink(ep: ProxyEndpoint): string {
  const s = readStream(ep);
  const o: Record<string, unknown> = { v: "2", ps: ep.name, add: ep.host, port: ep.port, id: ep.credential, scy: "auto", net: s.network, type: "none" };
  switch (s.network) {
    case "tcp":
      if (s.tcpHttp) Object.assign(o, { type: "http", path: s.tcpHttp.paths[0] ?? "/", host: s.tcpHttp.hosts[0] ?? "" });
      break;
    case "kcp":
      // v2rayN's convention: for kcp the seed travels in `path`.
      Object.assign(o, { type: s.kcp.headerType, path: s.kcp.seed });
      break;
    case "ws":
    case "httpupgrade":
    case "xhttp":
      Object.assign(o, { path: s.fullPath, host: s.host });
      if (s.network === "xhttp") o.mode = s.xhttpMode || "auto";
      break;
    case "grpc":
      Object.assign(o, { path: s.serviceName, authority: s.authority });
      if (s.multiMode) o.type = "multi";
      break;
  }
  o.tls = s.security;
  if (s.security === "tls") {
    if (s.alpn.length > 0) o.alpn = s.alpn.join(",");
    if (s.sni) o.sni = s.sni;
    if (s.fingerprint) o.fp = s.fingerprint;
  }
  return `vmess://${Buffer.from(goJson(o), "utf8").toString("base64")}`;
}

function vlessOrTrojanLink(ep: ProxyEndpoint): string {
  const s = readStream(ep);
  const params: Record<string, string> = {};
  transportParams(s, params);
  if (ep.protocol === "vless") params.encryption = str(ep.settings.encryption) || "none";
  securityParams(s, ep.flow, params, true);
  return urlLink(ep.protocol, userinfoEscape(ep.credential), ep, params);
}

function shadowsocksLink(ep: ProxyEndpoint): string {
  const s = readStream(ep);
  const params: Record<string, string> = {};
  transportParams(s, params);
  // 3x-ui's shadowsocks links carry tls but never reality.
  securityParams(s, "", params, false);
  const { method, password } = shadowsocksKey(ep);
  return urlLink("ss", userinfoEscape(Buffer.from(`${method}:${password}`, "utf8").toString("base64")), ep, params);
}

function hysteria2Link(ep: ProxyEndpoint): string {
  // Hysteria 2 is QUIC with TLS always: the reader takes its tlsSettings whatever security says.
  const s = readStream(ep);
  const params: Record<string, string> = { security: "tls" };
  put(params, "alpn", s.alpn.join(","));
  put(params, "sni", s.sni);
  put(params, "fp", s.fingerprint);
  if (s.allowInsecure) params.insecure = "1";
  if (s.hysteria.obfsPassword) Object.assign(params, { obfs: "salamander", "obfs-password": s.hysteria.obfsPassword });
  return urlLink("hysteria2", userinfoEscape(ep.credential), ep, params);
}

/** Why an endpoint cannot be written as a link, or null when it can. */
export function unusableReason(ep: ProxyEndpoint): string | null {
  if (!ep.host) return "no address to dial (set the node's public host)";
  if (!ep.credential) return "the client has no credential";
  if (ep.protocol === "shadowsocks" && !shadowsocksKey(ep).method) return "the shadowsocks inbound has no method";
  return unreadableStream(readStream(ep));
}

export function shareLink(ep: ProxyEndpoint): string {
  const reason = unusableReason(ep);
  if (reason) throw new Error(`cannot write a link for ${ep.protocol} endpoint: ${reason}`);
  switch (ep.protocol) {
    case "vmess":
      return vmessLink(ep);
    case "vless":
    case "trojan":
      return vlessOrTrojanLink(ep);
    case "shadowsocks":
      return shadowsocksLink(ep);
    case "hysteria2":
      return hysteria2Link(ep);
  }
}

function links(eps: ProxyEndpoint[]): { text: string; skipped: RenderedContent["skipped"]; entries: number } {
  const out: string[] = [];
  const skipped: RenderedContent["skipped"] = [];
  for (const ep of eps) {
    const reason = unusableReason(ep);
    if (reason) skipped.push({ name: ep.name, reason });
    else out.push(shareLink(ep));
  }
  return { text: out.join("\n"), skipped, entries: out.length };
}

/** One link per line (3x-ui with subEncrypt off). */
export function documentPlain(eps: ProxyEndpoint[]): RenderedContent {
  const { text, skipped, entries } = links(eps);
  return { body: text, contentType: "text/plain; charset=utf-8", extension: "txt", skipped, entries };
}

/** Base64 (StdEncoding) of the newline-joined links: what v2rayN, v2rayNG and Shadowrocket import. */
export function documentBase64(eps: ProxyEndpoint[]): RenderedContent {
  const { text, skipped, entries } = links(eps);
  return { body: Buffer.from(text, "utf8").toString("base64"), contentType: "text/plain; charset=utf-8", extension: "txt", skipped, entries };
}
