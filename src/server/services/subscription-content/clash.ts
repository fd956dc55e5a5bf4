// Clash/Mihomo and Stash YAML (protocols.md §8.1). Built as plain objects and serialized by our
// YAML 1.1 writer (yaml-emit.ts): names, paths and passwords come from admins and users, and only a
// serializer quotes them correctly. An endpoint a dialect cannot carry is left out with a reason; a client
// refuses the whole file over one proxy it does not understand. Streams are read by stream.ts.
import { shadowsocksKey, unaddressable } from "./endpoints";
import { readStream, unreadableStream, type StreamView } from "./stream";
import { emitYaml } from "./yaml-emit";
import type { ProxyEndpoint, RenderedContent } from "./types";

/** mihomo (Clash Meta), Stash, and the original Clash core (Dreamacro, final state: protocols.md §9.7). */
export type ClashDialect = "mihomo" | "stash" | "classic";

const DIALECT_NAME: Record<ClashDialect, string> = { mihomo: "mihomo", stash: "Stash", classic: "the original Clash core" };
/** The original core's Shadowsocks ciphers (no 2022 ones). */
const CLASSIC_SS_CIPHERS = new Set(["aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "chacha20-ietf-poly1305", "xchacha20-ietf-poly1305", "rc4-md5", "aes-128-ctr", "aes-192-ctr", "aes-256-ctr", "aes-128-cfb", "aes-192-cfb", "aes-256-cfb", "chacha20-ietf", "xchacha20"]);

const AUTO_GROUP = "Auto";
export const TEST_URL = "http://www.gstatic.com/generate_204";
/** Names Clash resolves itself: a proxy or group must not take them. */
const BUILT_INS = ["DIRECT", "REJECT", "REJECT-DROP", "PASS", "COMPATIBLE", "GLOBAL"];
/** LAN and loopback stay off the proxy; no-resolve so a domain never waits on DNS just to miss. */
export const PRIVATE_RULES = [
  "IP-CIDR,127.0.0.0/8,DIRECT,no-resolve",
  "IP-CIDR,10.0.0.0/8,DIRECT,no-resolve",
  "IP-CIDR,172.16.0.0/12,DIRECT,no-resolve",
  "IP-CIDR,192.168.0.0/16,DIRECT,no-resolve",
  "IP-CIDR,100.64.0.0/10,DIRECT,no-resolve",
  "IP-CIDR,169.254.0.0/16,DIRECT,no-resolve",
  "IP-CIDR6,::1/128,DIRECT,no-resolve",
  "IP-CIDR6,fc00::/7,DIRECT,no-resolve",
  "IP-CIDR6,fe80::/10,DIRECT,no-resolve",
];

type Entry = Record<string, unknown>;
type Built = { proxy: Entry } | { skip: string };

export function documentClash(eps: ProxyEndpoint[], opts: { dialect: ClashDialect; title: string }): RenderedContent {
  // The select group's name is referenced by a rule, whose fields are comma separated.
  const groupName = cleanName(opts.title).replace(/,/g, " ").replace(/\s+/g, " ").trim() || "Proxy";
  const selectName = [AUTO_GROUP, ...BUILT_INS].includes(groupName) ? "Proxy" : groupName;
  const taken = new Set([selectName, AUTO_GROUP, ...BUILT_INS]);
  const proxies: Entry[] = [];
  const skipped: RenderedContent["skipped"] = [];
  for (const ep of eps) {
    const built = buildProxy(ep, opts.dialect);
    if ("skip" in built) {
      skipped.push({ name: ep.name, reason: built.skip });
      continue;
    }
    const name = uniqueName(cleanName(ep.name) || `${ep.protocol} ${ep.host}:${ep.port}`, taken);
    // name and type first: the order people expect when they open the file.
    proxies.push({ name, type: built.proxy.type, ...built.proxy });
  }
  const names = proxies.map((p) => p.name as string);
  // A group may not be empty (mihomo: "`use` or `proxies` missing"): with no proxy, select DIRECT.
  const groups: Entry[] =
    names.length > 0
      ? [
          { name: selectName, type: "select", proxies: [AUTO_GROUP, ...names] },
          { name: AUTO_GROUP, type: "url-test", proxies: names, url: TEST_URL, interval: 300 },
        ]
      : [{ name: selectName, type: "select", proxies: ["DIRECT"] }];
  const profile = {
    "mixed-port": 7890,
    "allow-lan": false,
    mode: "rule",
    "log-level": "info",
    proxies,
    "proxy-groups": groups,
    rules: [...PRIVATE_RULES, "DOMAIN-SUFFIX,local,DIRECT", `MATCH,${selectName}`],
  };
  // YAML 1.1 output quotes yes/no/on/off and number-looking strings, which 1.1 readers (go-yaml v2,
  // Stash) would otherwise turn into booleans and numbers. No anchors: the name list is written twice.
  const body = emitYaml(profile);
  // What was left out is said in the file itself, for whoever opens it wondering where a server went.
  const note = skipped.length ? `# ${skipped.length} of ${eps.length} servers left out: ${DIALECT_NAME[opts.dialect]} cannot carry them.\n` : "";
  return { body: note + body, contentType: "text/yaml; charset=utf-8", extension: "yaml", skipped, entries: proxies.length };
}

/** One proxy entry, or why this dialect cannot carry the endpoint. */
export function buildProxy(ep: ProxyEndpoint, dialect: ClashDialect): Built {
  const s = readStream(ep);
  const unusable = unaddressable(ep) ?? unreadableStream(s);
  if (unusable) return { skip: unusable };
  const base: Entry = { server: ep.host, port: ep.port, udp: true };
  if (dialect === "classic" && (ep.protocol === "vless" || ep.protocol === "hysteria2")) return { skip: `the original Clash core has no ${ep.protocol === "vless" ? "VLESS" : "Hysteria 2"}` };
  switch (ep.protocol) {
    case "shadowsocks":
      return shadowsocks(ep, s, base, dialect);
    case "hysteria2":
      return hysteria2(ep, s, base, dialect);
    case "vmess":
      return v2Family({ ...base, type: "vmess", uuid: ep.credential, alterId: 0, cipher: "auto" }, ep, s, dialect);
    case "vless": {
      const encryption = String(ep.settings.encryption ?? "none");
      const proxy: Entry = { ...base, type: "vless", uuid: ep.credential };
      if (encryption !== "none" && encryption !== "") {
        if (dialect === "stash") return { skip: "Stash has no VLESS encryption" };
        proxy.encryption = encryption;
      }
      // Vision runs on raw TCP (no header) under TLS or REALITY only; anywhere else Xray refuses it.
      if (ep.flow && s.network === "tcp" && !s.tcpHttp && s.security !== "none") proxy.flow = ep.flow;
      return v2Family(proxy, ep, s, dialect);
    }
    case "trojan":
      if (s.security === "none") return { skip: "Clash trojan always uses TLS; this inbound has none" };
      return v2Family({ ...base, type: "trojan", password: ep.credential }, ep, s, dialect);
  }
}

// Stash reads the 2022 ciphers from 3.0 on (protocols.md §8.1), so both dialects take the same entry.
function shadowsocks(ep: ProxyEndpoint, s: StreamView, base: Entry, dialect: ClashDialect): Built {
  const method = String(ep.settings.method ?? "");
  if (!method) return { skip: "shadowsocks method missing" };
  if (dialect === "classic" && !CLASSIC_SS_CIPHERS.has(method)) return { skip: `the original Clash core has no ${method} cipher` };
  // Clash's ss carries no v2ray transport or TLS (that would need a plugin the server does not run).
  if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return { skip: `shadowsocks over ${s.network}/${s.security} is not supported by Clash` };
  return { proxy: { ...base, type: "ss", cipher: method, password: shadowsocksKey(ep).password } };
}

function hysteria2(ep: ProxyEndpoint, s: StreamView, base: Entry, dialect: ClashDialect): Built {
  // Stash writes the credential as `auth` (protocols.md §8.1); mihomo as `password`.
  const proxy: Entry = { ...base, type: "hysteria2", [dialect === "stash" ? "auth" : "password"]: ep.credential };
  if (s.sni) proxy.sni = s.sni;
  if (s.alpn.length) proxy.alpn = s.alpn;
  if (s.allowInsecure) proxy["skip-cert-verify"] = true;
  if (s.hysteria.obfsPassword) {
    proxy.obfs = "salamander";
    proxy["obfs-password"] = s.hysteria.obfsPassword;
  }
  if (s.hysteria.ports && dialect === "mihomo") proxy.ports = s.hysteria.ports;
  return { proxy };
}

/** vmess, vless and trojan: TLS/REALITY keys, then the transport. */
function v2Family(proxy: Entry, ep: ProxyEndpoint, s: StreamView, dialect: ClashDialect): Built {
  const type = proxy.type as string;
  if (s.security === "reality") {
    if (dialect === "classic") return { skip: "the original Clash core has no REALITY" };
    // Stash: REALITY for VLESS only (no Trojan REALITY; VMess REALITY undocumented).
    if (dialect === "stash" && type !== "vless") return { skip: `Stash has no ${type} REALITY` };
    if (!s.reality.publicKey) return { skip: "REALITY public key missing" };
  }
  if (s.security === "tls" || s.security === "reality") {
    proxy.tls = true;
    // The SNI key differs by type: servername for vmess/vless, sni for trojan (MD tls.en.md).
    if (s.sni) proxy[type === "trojan" ? "sni" : "servername"] = s.sni;
    // The original core's vmess has no alpn option (its trojan has).
    if (s.alpn.length && s.security === "tls" && !(dialect === "classic" && type === "vmess")) proxy.alpn = s.alpn;
    if (s.allowInsecure && s.security === "tls") proxy["skip-cert-verify"] = true;
    // REALITY needs a uTLS hello; chrome is what Xray clients default to. The original core has no uTLS.
    const fp = s.utls || (s.security === "reality" ? "chrome" : "");
    if (fp && dialect !== "classic") proxy["client-fingerprint"] = fp;
    if (s.security === "reality") {
      const opts: Entry = { "public-key": s.reality.publicKey };
      if (s.reality.shortId) opts["short-id"] = s.reality.shortId;
      proxy["reality-opts"] = opts;
    }
  }
  switch (s.network) {
    case "tcp":
      if (!s.tcpHttp) {
        proxy.network = "tcp";
        return { proxy };
      }
      // mihomo's `http` network is v2ray's TCP HTTP header; trojan has no such network.
      if (type === "trojan") return { skip: "Clash trojan has no TCP HTTP header transport" };
      proxy.network = "http";
      proxy["http-opts"] = { method: "GET", path: s.tcpHttp.paths.length ? s.tcpHttp.paths : ["/"], ...(s.tcpHttp.hosts.length ? { headers: { Host: s.tcpHttp.hosts } } : {}) };
      return { proxy };
    case "ws":
    case "httpupgrade": {
      if (s.network === "httpupgrade" && dialect !== "mihomo") return { skip: `${DIALECT_NAME[dialect]} has no HTTPUpgrade` };
      proxy.network = "ws";
      const opts: Entry = { path: s.path || "/" };
      if (s.host) opts.headers = { Host: s.host };
      if (s.network === "httpupgrade") opts["v2ray-http-upgrade"] = true;
      else if (s.earlyData > 0) {
        opts["max-early-data"] = s.earlyData;
        opts["early-data-header-name"] = "Sec-WebSocket-Protocol";
      }
      proxy["ws-opts"] = opts;
      return { proxy };
    }
    case "grpc":
      // The original core dials vmess gRPC only inside TLS.
      if (dialect === "classic" && type === "vmess" && s.security === "none") return { skip: "the original Clash core needs TLS for vmess gRPC" };
      proxy.network = "grpc";
      proxy["grpc-opts"] = { "grpc-service-name": s.serviceName };
      return { proxy };
    case "xhttp": {
      if (dialect !== "mihomo") return { skip: `${DIALECT_NAME[dialect]} has no XHTTP` };
      if (type !== "vless") return { skip: `mihomo carries XHTTP for VLESS only, not ${type}` };
      proxy.network = "xhttp";
      const opts: Entry = { path: s.path || "/" };
      if (s.host) opts.host = s.host;
      if (s.xhttpMode) opts.mode = s.xhttpMode;
      proxy["xhttp-opts"] = opts;
      return { proxy };
    }
    default:
      return { skip: `${DIALECT_NAME[dialect]} has no ${s.network} transport` };
  }
}

function cleanName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name} ${n}`;
  taken.add(candidate);
  return candidate;
}

export { cleanName, uniqueName };
