// From a synced inbound and one panel client to the endpoints a client app dials (protocols.md §1.9):
// the address rule of 3x-ui's subscription server, one endpoint per external proxy entry with its
// forceTls applied, and display names. What a stream means is stream.ts's to read, for every format.
import { isObj, str } from "./stream";
import type { EndpointProtocol, ProxyEndpoint, RenderedContent } from "./types";

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

/**
 * Shadowsocks method and the key a client uses: 2022 multi-user methods take `serverKey:clientKey`;
 * a 2022 inbound without per-client keys takes the server key alone.
 */
export function shadowsocksKey(ep: ProxyEndpoint): { method: string; password: string } {
  const method = str(ep.settings.method);
  const serverKey = str(ep.settings.password);
  if (!method.startsWith("2022-") || !serverKey) return { method, password: ep.credential };
  return { method, password: ep.credential ? `${serverKey}:${ep.credential}` : serverKey };
}

/** The endpoints a format can carry, and the others with the reason `refusal` gives. */
export function carriedBy(eps: ProxyEndpoint[], refusal: (ep: ProxyEndpoint) => string | null): { kept: ProxyEndpoint[]; skipped: RenderedContent["skipped"] } {
  const kept: ProxyEndpoint[] = [];
  const skipped: RenderedContent["skipped"] = [];
  for (const ep of eps) {
    const reason = refusal(ep);
    if (reason) skipped.push({ name: ep.name, reason });
    else kept.push(ep);
  }
  return { kept, skipped };
}

/** Why a client cannot dial this endpoint (no host, or a port outside 1-65535), or null. */
export function unaddressable(ep: ProxyEndpoint): string | null {
  return !ep.host || !Number.isInteger(ep.port) || ep.port < 1 || ep.port > 65535 ? "no address to connect to" : null;
}
