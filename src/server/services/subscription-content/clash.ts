// Clash/Mihomo and Stash YAML (protocols.md §8.1). Built as plain objects and serialized by the
// `yaml` package: names, paths and passwords come from admins and users, and only a serializer
// quotes them correctly. An endpoint a dialect cannot carry is left out with a reason; a client
// refuses the whole file over one proxy it does not understand. The streamSettings reader at the end
// is shared with sing-box.ts.
import { stringify } from "yaml";
import type { ProxyEndpoint, RenderedContent } from "./types";

export type ClashDialect = "mihomo" | "stash";

const AUTO_GROUP = "Auto";
const TEST_URL = "http://www.gstatic.com/generate_204";
/** Names Clash resolves itself: a proxy or group must not take them. */
const BUILT_INS = ["DIRECT", "REJECT", "REJECT-DROP", "PASS", "COMPATIBLE", "GLOBAL"];
/** LAN and loopback stay off the proxy; no-resolve so a domain never waits on DNS just to miss. */
const PRIVATE_RULES = [
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
  // YAML 1.1 output quotes yes/no/on/off and sexagesimal-looking strings, which 1.1 readers (go-yaml
  // v2, Stash) would otherwise turn into booleans and numbers. No anchors: the name list is shared.
  const body = stringify(profile, { version: "1.1", aliasDuplicateObjects: false, lineWidth: 0 });
  return { body, contentType: "text/yaml; charset=utf-8", extension: "yaml", skipped };
}

/** One proxy entry, or why this dialect cannot carry the endpoint. */
export function buildProxy(ep: ProxyEndpoint, dialect: ClashDialect): Built {
  if (!ep.host || !Number.isInteger(ep.port) || ep.port < 1 || ep.port > 65535) return { skip: "no address to connect to" };
  const s = readStream(ep);
  const base: Entry = { server: ep.host, port: ep.port, udp: true };
  switch (ep.protocol) {
    case "shadowsocks":
      return shadowsocks(ep, s, base);
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
function shadowsocks(ep: ProxyEndpoint, s: StreamView, base: Entry): Built {
  const method = String(ep.settings.method ?? "");
  if (!method) return { skip: "shadowsocks method missing" };
  // Clash's ss carries no v2ray transport or TLS (that would need a plugin the server does not run).
  if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return { skip: `shadowsocks over ${s.network}/${s.security} is not supported by Clash` };
  return { proxy: { ...base, type: "ss", cipher: method, password: ssPassword(ep) } };
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
    // Stash: REALITY for VLESS only (no Trojan REALITY; VMess REALITY undocumented).
    if (dialect === "stash" && type !== "vless") return { skip: `Stash has no ${type} REALITY` };
    if (!s.reality.publicKey) return { skip: "REALITY public key missing" };
  }
  if (s.security === "tls" || s.security === "reality") {
    proxy.tls = true;
    // The SNI key differs by type: servername for vmess/vless, sni for trojan (MD tls.en.md).
    if (s.sni) proxy[type === "trojan" ? "sni" : "servername"] = s.sni;
    if (s.alpn.length && s.security === "tls") proxy.alpn = s.alpn;
    if (s.allowInsecure && s.security === "tls") proxy["skip-cert-verify"] = true;
    // REALITY needs a uTLS hello; chrome is what Xray clients default to.
    const fp = s.fingerprint || (s.security === "reality" ? "chrome" : "");
    if (fp) proxy["client-fingerprint"] = fp;
    if (s.security === "reality") {
      const opts: Entry = { "public-key": s.reality.publicKey };
      if (s.reality.shortId) opts["short-id"] = s.reality.shortId;
      proxy["reality-opts"] = opts;
    }
  } else if (s.security !== "none") {
    return { skip: `unknown security ${s.security}` };
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
      if (s.network === "httpupgrade" && dialect === "stash") return { skip: "Stash has no HTTPUpgrade" };
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
      proxy.network = "grpc";
      proxy["grpc-opts"] = { "grpc-service-name": s.serviceName };
      return { proxy };
    case "xhttp": {
      if (dialect === "stash") return { skip: "Stash has no XHTTP" };
      if (type !== "vless") return { skip: `mihomo carries XHTTP for VLESS only, not ${type}` };
      proxy.network = "xhttp";
      const opts: Entry = { path: s.path || "/" };
      if (s.host) opts.host = s.host;
      if (s.xhttpMode) opts.mode = s.xhttpMode;
      proxy["xhttp-opts"] = opts;
      return { proxy };
    }
    default:
      return { skip: `${dialect === "stash" ? "Stash" : "mihomo"} has no ${s.network} transport` };
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

// ---------------------------------------------------------------------------------------------------
// Reading a 3x-ui inbound's streamSettings. sing-box.ts uses the same reader so both documents agree on
// what an inbound means (first SNI and short id, as the panel's own links do; subService picks at random).

export interface StreamView {
  /** tcp (also for Xray's "raw"), ws, grpc, httpupgrade, xhttp (also "splithttp"), kcp, hysteria, ... */
  network: string;
  security: string;
  sni: string;
  alpn: string[];
  /** uTLS fingerprint in the lower-case names mihomo and sing-box share; "" when unset or unknown. */
  fingerprint: string;
  allowInsecure: boolean;
  reality: { publicKey: string; shortId: string };
  /** TCP with the HTTP header obfuscation: its request paths and Host values. */
  tcpHttp: { paths: string[]; hosts: string[] } | null;
  /** ws / httpupgrade / xhttp path (without ws `?ed=`) and host. */
  path: string;
  host: string;
  /** ws early data taken from a `?ed=N` path suffix. */
  earlyData: number;
  serviceName: string;
  xhttpMode: string;
  hysteria: { obfsPassword: string; ports: string };
}

const FINGERPRINTS = new Set(["chrome", "firefox", "safari", "ios", "android", "edge", "360", "qq", "random", "randomized"]);

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const strList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(str) : typeof v === "string" ? v.split(",") : []).map((x) => x.trim()).filter(Boolean);

export function readStream(ep: ProxyEndpoint): StreamView {
  const ss = ep.streamSettings ?? {};
  const rawNetwork = str(ss.network) || (ep.protocol === "hysteria2" ? "hysteria" : "tcp");
  const network = rawNetwork === "raw" ? "tcp" : rawNetwork === "splithttp" ? "xhttp" : rawNetwork;
  const security = str(ss.security) || "none";
  const tls = obj(ss.tlsSettings);
  const tlsInner = obj(tls.settings);
  const reality = obj(ss.realitySettings);
  const realityInner = obj(reality.settings);
  const view: StreamView = {
    network,
    security,
    sni: "",
    alpn: [],
    fingerprint: "",
    allowInsecure: false,
    reality: { publicKey: "", shortId: "" },
    tcpHttp: null,
    path: "",
    host: "",
    earlyData: 0,
    serviceName: "",
    xhttpMode: "",
    hysteria: { obfsPassword: "", ports: "" },
  };
  if (security === "tls") {
    view.sni = str(tls.serverName);
    view.alpn = strList(tls.alpn);
    view.fingerprint = str(tlsInner.fingerprint ?? tls.fingerprint);
    view.allowInsecure = tlsInner.allowInsecure === true || tls.allowInsecure === true;
  } else if (security === "reality") {
    view.sni = strList(reality.serverNames)[0] ?? str(realityInner.serverName);
    view.fingerprint = str(realityInner.fingerprint ?? reality.fingerprint);
    view.reality = { publicKey: str(realityInner.publicKey ?? reality.publicKey), shortId: strList(reality.shortIds)[0] ?? str(reality.shortId) };
  }
  view.fingerprint = normalizeFingerprint(view.fingerprint);
  if (network === "tcp") {
    const header = obj(obj(ss.tcpSettings ?? ss.rawSettings).header);
    if (str(header.type) === "http") {
      const request = obj(header.request);
      view.tcpHttp = { paths: strList(request.path), hosts: strList(obj(request.headers).Host) };
    }
  } else if (network === "ws" || network === "httpupgrade" || network === "xhttp") {
    const t = obj(network === "ws" ? ss.wsSettings : network === "httpupgrade" ? ss.httpupgradeSettings : (ss.xhttpSettings ?? ss.splithttpSettings));
    view.host = str(t.host) || strList(obj(t.headers).Host)[0] || "";
    view.path = str(t.path);
    if (network === "ws") {
      const m = /^([^?]*)\?(.*)$/.exec(view.path);
      if (m) {
        const q = new URLSearchParams(m[2]);
        const ed = Number(q.get("ed"));
        if (Number.isInteger(ed) && ed > 0) {
          view.earlyData = ed;
          q.delete("ed");
          view.path = q.size ? `${m[1]}?${q.toString()}` : m[1]!;
        }
      }
    }
    if (network === "xhttp") view.xhttpMode = str(t.mode);
  } else if (network === "grpc") {
    view.serviceName = str(obj(ss.grpcSettings).serviceName);
  }
  if (ep.protocol === "hysteria2") {
    // 3x-ui keeps the salamander obfs and port hopping in finalmask (sub/subService.go, v3.0.2).
    const mask = obj(ss.finalmask);
    const udp = Array.isArray(mask.udp) ? mask.udp.map(obj) : [];
    const salamander = udp.find((u) => str(u.type) === "salamander");
    view.hysteria = {
      obfsPassword: str(obj(salamander?.settings).password),
      ports: str(obj(obj(mask.quicParams).udpHop).ports),
    };
  }
  return view;
}

function normalizeFingerprint(fp: string): string {
  const v = fp.trim().toLowerCase();
  if (v.startsWith("randomized")) return "randomized";
  return FINGERPRINTS.has(v) ? v : "";
}

/** Shadowsocks password a client sends: 2022 multi-user methods take `<server key>:<user key>`. */
export function ssPassword(ep: ProxyEndpoint): string {
  const method = str(ep.settings.method);
  const server = str(ep.settings.password);
  if (method.startsWith("2022-") && server) return ep.credential ? `${server}:${ep.credential}` : server;
  return ep.credential;
}
