// Hand-built endpoints for the renderer tests, shaped like a synced 3x-ui inbound (settings and
// streamSettings as the panel stores them), for every transport x security combination.
import type { EndpointProtocol, ProxyEndpoint } from "../../src/server/services/subscription-content/types";

export const NETWORKS = ["tcp", "tcp-http", "ws", "grpc", "httpupgrade", "xhttp"] as const;
export const SECURITIES = ["none", "tls", "reality"] as const;
export const V2_PROTOCOLS = ["vless", "vmess", "trojan"] as const;
export type Net = (typeof NETWORKS)[number];
export type Sec = (typeof SECURITIES)[number];

export const UUID = "6f1c2c9e-3b1a-4f5e-9d55-0b7a1e2f3c4d";
export const TLS = { sni: "tls.example.com", alpn: ["h2", "http/1.1"], fp: "firefox" };
export const REALITY = { sni: "www.apple.com", pbk: "Z84J2IelR9ch3k8VtlVhhs5ycBUlXA7wHBWcBrjqnAw", sid: "6ba85179", fp: "chrome" };
export const WS = { path: "/ws", ed: 2048, host: "ws.example.com" };
export const HU = { path: "/up", host: "up.example.com" };
export const XH = { path: "/xh", host: "xh.example.com", mode: "packet-up" };
export const GRPC = { serviceName: "grpc-svc" };
export const TCP_HTTP = { paths: ["/a", "/b"], hosts: ["h1.example.com", "h2.example.com"] };

export function streamFor(net: Net, sec: Sec): Record<string, unknown> {
  const s: Record<string, unknown> = { security: sec };
  switch (net) {
    case "tcp":
      Object.assign(s, { network: "tcp", tcpSettings: { acceptProxyProtocol: false, header: { type: "none" } } });
      break;
    case "tcp-http":
      Object.assign(s, {
        network: "tcp",
        tcpSettings: { header: { type: "http", request: { version: "1.1", method: "GET", path: TCP_HTTP.paths, headers: { Host: TCP_HTTP.hosts } }, response: {} } },
      });
      break;
    case "ws":
      Object.assign(s, { network: "ws", wsSettings: { path: `${WS.path}?ed=${WS.ed}`, host: WS.host, headers: {} } });
      break;
    case "grpc":
      Object.assign(s, { network: "grpc", grpcSettings: { serviceName: GRPC.serviceName, authority: "", multiMode: false } });
      break;
    case "httpupgrade":
      Object.assign(s, { network: "httpupgrade", httpupgradeSettings: { path: HU.path, host: HU.host, headers: {} } });
      break;
    case "xhttp":
      Object.assign(s, { network: "xhttp", xhttpSettings: { path: XH.path, host: XH.host, mode: XH.mode, headers: {} } });
      break;
  }
  if (sec === "tls") s.tlsSettings = { serverName: TLS.sni, alpn: TLS.alpn, settings: { fingerprint: TLS.fp, allowInsecure: false } };
  if (sec === "reality")
    s.realitySettings = { show: false, serverNames: [REALITY.sni, "other.example.com"], shortIds: [REALITY.sid, "ab"], settings: { publicKey: REALITY.pbk, fingerprint: REALITY.fp, spiderX: "/" } };
  return s;
}

export function v2Endpoint(protocol: (typeof V2_PROTOCOLS)[number], net: Net, sec: Sec): ProxyEndpoint {
  return {
    name: `${protocol}-${net}-${sec}`,
    protocol,
    host: "node1.example.net",
    port: 443,
    credential: protocol === "trojan" ? "trojan-pass-1" : UUID,
    flow: protocol === "vless" ? "xtls-rprx-vision" : "",
    settings: protocol === "vless" ? { decryption: "none", encryption: "none" } : {},
    streamSettings: streamFor(net, sec),
  };
}

export function endpoint(protocol: EndpointProtocol, over: Partial<ProxyEndpoint> = {}): ProxyEndpoint {
  return {
    name: `${protocol}-1`,
    protocol,
    host: "node2.example.net",
    port: 8443,
    credential: protocol === "vless" || protocol === "vmess" ? UUID : "secret-1",
    flow: "",
    settings: {},
    streamSettings: { network: "tcp", security: "none", tcpSettings: { header: { type: "none" } } },
    ...over,
  };
}

export const SS_PLAIN = endpoint("shadowsocks", { name: "ss-aead", settings: { method: "aes-256-gcm", network: "tcp,udp" }, credential: "ss-user-pass" });
export const SS_2022 = endpoint("shadowsocks", {
  name: "ss-2022",
  settings: { method: "2022-blake3-aes-128-gcm", password: "c2VydmVyLWtleS0xNmJ5dA==", network: "tcp,udp" },
  credential: "dXNlci1rZXktMTZieXRlcw==",
});
export const HY2 = endpoint("hysteria2", {
  name: "hy2",
  port: 4443,
  credential: "hy-auth-1",
  settings: { version: 2 },
  streamSettings: {
    network: "hysteria",
    security: "tls",
    tlsSettings: { serverName: "hy.example.com", alpn: ["h3"], settings: { allowInsecure: true } },
    finalmask: { udp: [{ type: "salamander", settings: { password: "obfs-pw" } }], quicParams: { udpHop: { ports: "20000-30000" } } },
  },
});

/** Every v2 combination, then ss (AEAD and 2022) and hysteria2. */
export function allEndpoints(): ProxyEndpoint[] {
  const eps: ProxyEndpoint[] = [];
  for (const p of V2_PROTOCOLS) for (const n of NETWORKS) for (const s of SECURITIES) eps.push(v2Endpoint(p, n, s));
  return [...eps, SS_PLAIN, SS_2022, HY2];
}
