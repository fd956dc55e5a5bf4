// From a synced inbound and one panel client to the endpoints a client app dials (protocols.md §1.9):
// the address rule of 3x-ui's subscription server, one endpoint per external proxy entry with its
// forceTls applied, and display names. Also the readers of stream settings every renderer shares, so
// share links and the JSON config read a transport the same way.
import type { EndpointProtocol, ProxyEndpoint } from "./types";

export interface EndpointInput {
  inbound: {
    protocol: string;
    port: number;
    listen: string;
    remark: string;
    displayName: string | null;
    settings: Record<string, unknown>;
    streamSettings: Record<string, unknown>;
  };
  client: { email: string; credential: string; flow: string };
  /** Where clients dial when the inbound listens on every address: the node's public host. */
  nodeHost: string;
  nodeName: string;
}

type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Obj => (isObj(v) ? v : {});
export const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
export const strList = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s) => s !== "") : typeof v === "string" && v ? v.split(",") : []);

/**
 * The protocol an inbound's links are written in, or null when we cannot express it: hysteria v1
 * (3x-ui stores v2 either as "hysteria2" or as "hysteria" with settings.version 2), wireguard,
 * tunnel, http, mixed. The caller leaves those out.
 */
export function endpointProtocol(protocol: string, settings: Obj = {}): EndpointProtocol | null {
  switch (protocol) {
    case "vmess":
    case "vless":
    case "trojan":
    case "shadowsocks":
    case "hysteria2":
      return protocol;
    case "hysteria":
      return Number(settings.version) === 2 ? "hysteria2" : null;
    default:
      return null;
  }
}

export function isRenderable(protocol: string, settings: Obj = {}): boolean {
  return endpointProtocol(protocol, settings) !== null;
}

/** A listen address clients can dial: not a wildcard and not a Unix socket (fallback inbounds). */
function dialableListen(listen: string): boolean {
  const l = listen.trim();
  return l !== "" && l !== "0.0.0.0" && l !== "::" && l !== "::0" && !l.startsWith("/") && !l.startsWith("@");
}

export function endpointsFor(input: EndpointInput): ProxyEndpoint[] {
  const { inbound, client } = input;
  const protocol = endpointProtocol(inbound.protocol, inbound.settings);
  if (!protocol) return [];
  const host = dialableListen(inbound.listen) ? inbound.listen.trim() : input.nodeHost;
  const label = inbound.displayName?.trim() || inbound.remark.trim() || inbound.protocol;
  const baseName = input.nodeName.trim() ? `${input.nodeName.trim()} · ${label}` : label;
  const { externalProxy, ...stream } = inbound.streamSettings;
  const base = {
    protocol,
    credential: client.credential,
    flow: protocol === "vless" ? client.flow : "",
    settings: inbound.settings,
  };
  const proxies = (Array.isArray(externalProxy) ? externalProxy : []).filter(isObj).filter((p) => str(p.dest) !== "" && validPort(p.port));
  if (proxies.length === 0) {
    return [{ ...base, name: baseName, host, port: inbound.port, streamSettings: stream }];
  }
  return proxies.map((p) => {
    const remark = str(p.remark).trim();
    return {
      ...base,
      name: remark ? `${baseName} · ${remark}` : baseName,
      host: str(p.dest),
      port: Number(p.port),
      streamSettings: withForcedSecurity(stream, str(p.forceTls)),
    };
  });
}

function validPort(v: unknown): boolean {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 65536;
}

/**
 * forceTls "none" drops TLS and with it alpn/sni/fp (3x-ui leaves them out of the link); "tls" forces
 * TLS over whatever the inbound says; "same" (or anything else) keeps the inbound's security.
 */
function withForcedSecurity(stream: Obj, forceTls: string): Obj {
  if (forceTls === "none") {
    const { tlsSettings: _t, realitySettings: _r, ...rest } = stream;
    return { ...rest, security: "none" };
  }
  if (forceTls === "tls") {
    const { realitySettings: _r, ...rest } = stream;
    return { ...rest, security: "tls" };
  }
  return stream;
}

/** Names unique within one document: later duplicates get " 2", " 3" ... in order. */
export function uniqueNames(eps: ProxyEndpoint[]): ProxyEndpoint[] {
  const taken = new Set(eps.map((e) => e.name));
  const seen = new Set<string>();
  return eps.map((ep) => {
    if (!seen.has(ep.name)) {
      seen.add(ep.name);
      return ep;
    }
    let n = 2;
    while (taken.has(`${ep.name} ${n}`)) n++;
    const name = `${ep.name} ${n}`;
    taken.add(name);
    seen.add(name);
    return { ...ep, name };
  });
}

// ---- Stream settings as every renderer reads them -------------------------------------------------

export type Network = "tcp" | "ws" | "grpc" | "httpupgrade" | "xhttp" | "kcp" | string;

export interface Transport {
  network: Network;
  /** tcp: "none" | "http"; kcp: the header type. */
  headerType: string;
  /** ws/httpupgrade/xhttp path; tcp http header: the first request path. */
  path: string;
  /** The `host` field, else the Host header (case-insensitive; first of a list). */
  host: string;
  serviceName: string;
  authority: string;
  multiMode: boolean;
  /** xhttp mode. */
  mode: string;
  /** kcp seed. */
  seed: string;
}

export interface Security {
  kind: "none" | "tls" | "reality";
  sni: string;
  alpn: string[];
  fingerprint: string;
  allowInsecure: boolean;
  /** reality: the FIRST serverName and shortId (content is cached, so the choice must be stable). */
  publicKey: string;
  shortId: string;
  spiderX: string;
  mldsa65Verify: string;
}

/** The Host header of a headers map: `{Host: "a"}` or `{host: ["a", "b"]}`. */
export function hostHeader(headers: unknown): string {
  for (const [k, v] of Object.entries(obj(headers))) {
    if (k.toLowerCase() !== "host") continue;
    return Array.isArray(v) ? str(v[0]) : str(v);
  }
  return "";
}

export function transportOf(stream: Obj): Transport {
  const network = str(stream.network) || "tcp";
  const t: Transport = { network, headerType: "", path: "", host: "", serviceName: "", authority: "", multiMode: false, mode: "", seed: "" };
  switch (network) {
    case "tcp": {
      const header = obj(obj(stream.tcpSettings).header);
      t.headerType = str(header.type) || "none";
      if (t.headerType === "http") {
        const request = obj(header.request);
        t.path = strList(request.path)[0] ?? "/";
        t.host = hostHeader(request.headers);
      }
      break;
    }
    case "kcp": {
      const kcp = obj(stream.kcpSettings);
      t.headerType = str(obj(kcp.header).type) || "none";
      t.seed = str(kcp.seed);
      break;
    }
    case "ws":
    case "httpupgrade":
    case "xhttp": {
      const s = obj(stream[`${network}Settings`]);
      t.path = str(s.path);
      t.host = str(s.host) || hostHeader(s.headers);
      if (network === "xhttp") t.mode = str(s.mode) || "auto";
      break;
    }
    case "grpc": {
      const g = obj(stream.grpcSettings);
      t.serviceName = str(g.serviceName);
      t.authority = str(g.authority);
      t.multiMode = g.multiMode === true;
      break;
    }
  }
  return t;
}

export function securityOf(stream: Obj): Security {
  const raw = str(stream.security);
  const kind: Security["kind"] = raw === "tls" || raw === "reality" ? raw : "none";
  const s: Security = { kind, sni: "", alpn: [], fingerprint: "", allowInsecure: false, publicKey: "", shortId: "", spiderX: "", mldsa65Verify: "" };
  if (kind === "tls") {
    const tls = obj(stream.tlsSettings);
    const inner = obj(tls.settings);
    s.sni = str(tls.serverName);
    s.alpn = strList(tls.alpn);
    s.fingerprint = str(inner.fingerprint) || str(tls.fingerprint);
    s.allowInsecure = inner.allowInsecure === true || tls.allowInsecure === true;
  } else if (kind === "reality") {
    const reality = obj(stream.realitySettings);
    // publicKey, fingerprint and spiderX sit under realitySettings.settings (protocols.md §1.5).
    const inner = obj(reality.settings);
    s.sni = strList(reality.serverNames)[0] ?? str(inner.serverName);
    s.shortId = strList(reality.shortIds)[0] ?? "";
    s.publicKey = str(inner.publicKey);
    s.fingerprint = str(inner.fingerprint);
    s.spiderX = str(inner.spiderX);
    s.mldsa65Verify = str(inner.mldsa65Verify);
  }
  return s;
}

/** Shadowsocks method and the key a client uses: 2022 methods take `serverKey:clientKey`. */
export function shadowsocksKey(ep: ProxyEndpoint): { method: string; password: string } {
  const method = str(ep.settings.method);
  const serverKey = str(ep.settings.password);
  return method.startsWith("2022-") && serverKey ? { method, password: `${serverKey}:${ep.credential}` } : { method, password: ep.credential };
}
