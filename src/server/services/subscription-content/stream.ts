// The one reader of a 3x-ui inbound's streamSettings (issue 26 item 7). Share links, the v2ray JSON,
// Clash/Stash and sing-box all render from this view, so they agree on what an inbound means: the
// first SNI and short id (as the panel's own links; its subService picks at random, but rendered
// content is cached and must be stable), Xray's renamed transports ("raw" is tcp, "splithttp" is
// xhttp), the Host header read case-insensitively, and an unknown security value left out of every
// format (a client refuses a whole profile over a proxy it cannot read; sending it plain would be
// worse: the client would speak without TLS to a TLS server).
import type { ProxyEndpoint } from "./types";

type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Obj => (isObj(v) ? v : {});
export const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
/** A list field that 3x-ui stores as an array or a comma-separated string; blanks dropped. */
export const strList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(str) : typeof v === "string" ? v.split(",") : []).map((x) => x.trim()).filter(Boolean);

export type SecurityKind = "none" | "tls" | "reality" | "unknown";

export interface StreamView {
  /** tcp (also Xray's "raw"), ws, grpc, httpupgrade, xhttp (also "splithttp"), kcp, hysteria, ... */
  network: string;
  /** "unknown" when the inbound names a security no format knows; `securityRaw` holds what it said. */
  security: SecurityKind;
  securityRaw: string;
  sni: string;
  alpn: string[];
  /** The fingerprint as the panel has it (links pass it on). */
  fingerprint: string;
  /** The same in the lower-case uTLS names mihomo and sing-box accept; "" when unset or unknown. */
  utls: string;
  allowInsecure: boolean;
  reality: { publicKey: string; shortId: string; spiderX: string; mldsa65Verify: string };
  /** TCP with the HTTP header obfuscation: its request paths and Host values. */
  tcpHttp: { paths: string[]; hosts: string[] } | null;
  /** kcp: the header type and seed. */
  kcp: { headerType: string; seed: string };
  /** ws / httpupgrade / xhttp path as the panel wrote it (a ws `?ed=N` included). */
  fullPath: string;
  /** The same without ws's `?ed=N`, which `earlyData` carries for the formats that spell it apart. */
  path: string;
  earlyData: number;
  host: string;
  serviceName: string;
  authority: string;
  multiMode: boolean;
  /** xhttp mode; "" when unset (Xray's default is auto). */
  xhttpMode: string;
  hysteria: { obfsPassword: string; ports: string };
}

const FINGERPRINTS = new Set(["chrome", "firefox", "safari", "ios", "android", "edge", "360", "qq", "random", "randomized"]);

/** Every Host header value of a headers map: `{Host: "a"}`, `{host: ["a", "b"]}`, `{HOST: "a,b"}`. */
export function hostHeaders(headers: unknown): string[] {
  for (const [k, v] of Object.entries(obj(headers))) if (k.toLowerCase() === "host") return strList(v);
  return [];
}

export function readStream(ep: Pick<ProxyEndpoint, "protocol" | "streamSettings">): StreamView {
  const ss = ep.streamSettings ?? {};
  const hysteria = ep.protocol === "hysteria2";
  const rawNetwork = str(ss.network) || (hysteria ? "hysteria" : "tcp");
  const network = rawNetwork === "raw" ? "tcp" : rawNetwork === "splithttp" ? "xhttp" : rawNetwork;
  const securityRaw = str(ss.security).trim();
  // Hysteria 2 is QUIC, TLS always: the inbound's security field does not apply, its tlsSettings do.
  const security: SecurityKind = hysteria ? "tls" : securityRaw === "" || securityRaw === "none" ? "none" : securityRaw === "tls" || securityRaw === "reality" ? securityRaw : "unknown";
  const view: StreamView = {
    network,
    security,
    securityRaw,
    sni: "",
    alpn: [],
    fingerprint: "",
    utls: "",
    allowInsecure: false,
    reality: { publicKey: "", shortId: "", spiderX: "", mldsa65Verify: "" },
    tcpHttp: null,
    kcp: { headerType: "none", seed: "" },
    fullPath: "",
    path: "",
    earlyData: 0,
    host: "",
    serviceName: "",
    authority: "",
    multiMode: false,
    xhttpMode: "",
    hysteria: { obfsPassword: "", ports: "" },
  };
  readSecurity(ss, view);
  readTransport(ss, view);
  if (hysteria) view.hysteria = readHysteria(ss);
  return view;
}

function readSecurity(ss: Obj, view: StreamView): void {
  if (view.security === "tls") {
    const tls = obj(ss.tlsSettings);
    const inner = obj(tls.settings);
    view.sni = str(tls.serverName);
    view.alpn = strList(tls.alpn);
    view.fingerprint = str(inner.fingerprint) || str(tls.fingerprint);
    view.allowInsecure = inner.allowInsecure === true || tls.allowInsecure === true;
  } else if (view.security === "reality") {
    // publicKey, fingerprint and spiderX sit under realitySettings.settings (protocols.md §1.5).
    const reality = obj(ss.realitySettings);
    const inner = obj(reality.settings);
    view.sni = strList(reality.serverNames)[0] ?? str(inner.serverName);
    view.fingerprint = str(inner.fingerprint) || str(reality.fingerprint);
    view.reality = {
      publicKey: str(inner.publicKey) || str(reality.publicKey),
      shortId: strList(reality.shortIds)[0] ?? str(reality.shortId),
      spiderX: str(inner.spiderX),
      mldsa65Verify: str(inner.mldsa65Verify),
    };
  }
  view.fingerprint = view.fingerprint.trim();
  const fp = view.fingerprint.toLowerCase();
  view.utls = fp.startsWith("randomized") ? "randomized" : FINGERPRINTS.has(fp) ? fp : "";
}

function readTransport(ss: Obj, view: StreamView): void {
  switch (view.network) {
    case "tcp": {
      const header = obj(obj(ss.tcpSettings ?? ss.rawSettings).header);
      if (str(header.type) === "http") {
        const request = obj(header.request);
        view.tcpHttp = { paths: strList(request.path), hosts: hostHeaders(request.headers) };
      }
      return;
    }
    case "kcp": {
      const kcp = obj(ss.kcpSettings);
      view.kcp = { headerType: str(obj(kcp.header).type) || "none", seed: str(kcp.seed) };
      return;
    }
    case "ws":
    case "httpupgrade":
    case "xhttp": {
      const t = obj(view.network === "ws" ? ss.wsSettings : view.network === "httpupgrade" ? ss.httpupgradeSettings : (ss.xhttpSettings ?? ss.splithttpSettings));
      view.host = str(t.host).trim() || (hostHeaders(t.headers)[0] ?? "");
      view.fullPath = view.path = str(t.path);
      if (view.network === "ws") splitEarlyData(view);
      if (view.network === "xhttp") view.xhttpMode = str(t.mode);
      return;
    }
    case "grpc": {
      const g = obj(ss.grpcSettings);
      view.serviceName = str(g.serviceName);
      view.authority = str(g.authority);
      view.multiMode = g.multiMode === true;
      return;
    }
  }
}

/** ws early data written as a `?ed=N` path suffix (the convention v2rayN and the panel share). */
function splitEarlyData(view: StreamView): void {
  const m = /^([^?]*)\?(.*)$/.exec(view.fullPath);
  if (!m) return;
  const q = new URLSearchParams(m[2]);
  const ed = Number(q.get("ed"));
  if (!Number.isInteger(ed) || ed <= 0) return;
  view.earlyData = ed;
  q.delete("ed");
  view.path = q.size ? `${m[1]}?${q.toString()}` : m[1]!;
}

/** 3x-ui keeps hysteria2's salamander obfs and port hopping in finalmask (sub/subService.go, v3.0.2). */
function readHysteria(ss: Obj): StreamView["hysteria"] {
  const mask = obj(ss.finalmask);
  const udp = Array.isArray(mask.udp) ? mask.udp.map(obj) : [];
  const salamander = udp.find((u) => str(u.type) === "salamander" && str(obj(u.settings).password));
  return { obfsPassword: str(obj(salamander?.settings).password), ports: str(obj(obj(mask.quicParams).udpHop).ports) };
}

/**
 * Why no format can carry this endpoint's stream, or null: every renderer asks this first, so an
 * unknown security is left out (and counted) everywhere alike.
 */
export function unreadableStream(s: StreamView): string | null {
  return s.security === "unknown" ? `${UNREADABLE} security "${s.securityRaw}"` : null;
}

const UNREADABLE = "unknown";
/** Whether a renderer's skip reason came from unreadableStream (for the skipped-endpoint count). */
export const isUnreadableReason = (reason: string) => reason.startsWith(`${UNREADABLE} `);
