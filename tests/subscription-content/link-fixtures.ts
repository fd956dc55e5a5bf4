// Realistic 3x-ui (v2.8.x) inbound shapes, as the sync stores them (protocols.md §1.5: settings
// without clients, stream settings without certificates or the REALITY private key), each with the
// values a client must find in its link written out literally, so the tests do not re-derive them
// with the code under test.
import type { EndpointInput } from "../../src/server/services/subscription-content/endpoints";

export const UUID = "b831381d-6324-4d53-ad4f-8cda48b30811";
export const TROJAN_PW = "tr0jan-Pass+/=word";
export const SS_KEY = "c3MtY2xpZW50LWtleS0xMjM0NTY3OA==";
export const SS2022_SERVER = "bWFzdGVyLWtleS0xNmJ5dA==";
export const SS2022_CLIENT = "Y2xpZW50LWtleS0xNmJ5dA==";
export const HY2_AUTH = "hy2-auth-token";

export interface TransportCase {
  name: string;
  stream: Record<string, unknown>;
  /** Query parameters a vless/trojan/ss link must carry for it. */
  params: Record<string, string>;
  /** vmess JSON fields for it. */
  vmess: Record<string, unknown>;
  /** Understood by Debian's v2ray 4.34. */
  v434: boolean;
}

export const TRANSPORTS: TransportCase[] = [
  {
    name: "tcp",
    stream: { network: "tcp", tcpSettings: { acceptProxyProtocol: false, header: { type: "none" } } },
    params: { type: "tcp" },
    vmess: { net: "tcp", type: "none" },
    v434: true,
  },
  {
    name: "tcp+http",
    stream: {
      network: "tcp",
      tcpSettings: {
        acceptProxyProtocol: false,
        header: {
          type: "http",
          request: { version: "1.1", method: "GET", path: ["/video/a", "/b"], headers: { Host: ["cdn.example.com", "b.example.com"] } },
          response: { version: "1.1", status: "200", reason: "OK", headers: {} },
        },
      },
    },
    params: { type: "tcp", headerType: "http", path: "/video/a", host: "cdn.example.com" },
    vmess: { net: "tcp", type: "http", path: "/video/a", host: "cdn.example.com" },
    v434: true,
  },
  {
    name: "ws (Host header)",
    stream: { network: "ws", wsSettings: { acceptProxyProtocol: false, path: "/ws?ed=2048", host: "", headers: { Host: "ws.example.com" } } },
    params: { type: "ws", path: "/ws?ed=2048", host: "ws.example.com" },
    vmess: { net: "ws", type: "none", path: "/ws?ed=2048", host: "ws.example.com" },
    v434: true,
  },
  {
    name: "ws (host field)",
    stream: { network: "ws", wsSettings: { acceptProxyProtocol: false, path: "/路径 x", host: "wh.example.com", headers: {} } },
    params: { type: "ws", path: "/路径 x", host: "wh.example.com" },
    vmess: { net: "ws", type: "none", path: "/路径 x", host: "wh.example.com" },
    v434: true,
  },
  {
    name: "grpc",
    stream: { network: "grpc", grpcSettings: { serviceName: "grpc-svc", authority: "", multiMode: false } },
    params: { type: "grpc", serviceName: "grpc-svc" },
    vmess: { net: "grpc", type: "none", path: "grpc-svc", authority: "" },
    v434: false,
  },
  {
    name: "grpc multiMode",
    stream: { network: "grpc", grpcSettings: { serviceName: "multi-svc", authority: "grpc.example.com", multiMode: true } },
    params: { type: "grpc", serviceName: "multi-svc", authority: "grpc.example.com", mode: "multi" },
    vmess: { net: "grpc", type: "multi", path: "multi-svc", authority: "grpc.example.com" },
    v434: false,
  },
  {
    name: "httpupgrade",
    stream: { network: "httpupgrade", httpupgradeSettings: { acceptProxyProtocol: false, path: "/hu", host: "hu.example.com", headers: {} } },
    params: { type: "httpupgrade", path: "/hu", host: "hu.example.com" },
    vmess: { net: "httpupgrade", type: "none", path: "/hu", host: "hu.example.com" },
    v434: false,
  },
  {
    name: "xhttp",
    stream: {
      network: "xhttp",
      xhttpSettings: {
        path: "/xh",
        host: "",
        headers: { host: "xh.example.com" },
        scMaxBufferedPosts: 30,
        scMaxEachPostBytes: "1000000",
        noSSEHeader: false,
        xPaddingBytes: "100-1000",
        mode: "packet-up",
      },
    },
    params: { type: "xhttp", path: "/xh", host: "xh.example.com", mode: "packet-up" },
    vmess: { net: "xhttp", type: "none", path: "/xh", host: "xh.example.com", mode: "packet-up" },
    v434: false,
  },
  {
    name: "kcp",
    stream: {
      network: "kcp",
      kcpSettings: { mtu: 1350, tti: 20, uplinkCapacity: 5, downlinkCapacity: 20, congestion: false, readBufferSize: 2, writeBufferSize: 2, header: { type: "wechat-video" }, seed: "kcp-seed" },
    },
    params: { type: "kcp", headerType: "wechat-video", seed: "kcp-seed" },
    vmess: { net: "kcp", type: "wechat-video", path: "kcp-seed" },
    v434: false,
  },
];

export interface SecurityCase {
  name: string;
  stream: Record<string, unknown>;
  params: Record<string, string>;
  vmess: Record<string, unknown>;
  v434: boolean;
}

const tlsSettings = (allowInsecure: boolean) => ({
  serverName: "tls.example.com",
  minVersion: "1.2",
  maxVersion: "1.3",
  cipherSuites: "",
  rejectUnknownSni: false,
  disableSystemRoot: false,
  enableSessionResumption: false,
  alpn: ["h2", "http/1.1"],
  settings: { allowInsecure, fingerprint: "chrome", echConfigList: "" },
});

export const REALITY_PUB = "Vx4WnSrV9eB1Zg3i1aSxZEBTIPjpN0pzH2b7vUs2nyk";

export const SECURITIES: SecurityCase[] = [
  { name: "none", stream: { security: "none" }, params: { security: "none" }, vmess: { tls: "none" }, v434: true },
  {
    name: "tls",
    stream: { security: "tls", tlsSettings: tlsSettings(false) },
    params: { security: "tls", sni: "tls.example.com", alpn: "h2,http/1.1", fp: "chrome" },
    vmess: { tls: "tls", sni: "tls.example.com", alpn: "h2,http/1.1", fp: "chrome" },
    v434: true,
  },
  {
    name: "tls allowInsecure",
    stream: { security: "tls", tlsSettings: tlsSettings(true) },
    params: { security: "tls", sni: "tls.example.com", alpn: "h2,http/1.1", fp: "chrome", allowInsecure: "1" },
    vmess: { tls: "tls", sni: "tls.example.com", alpn: "h2,http/1.1", fp: "chrome" },
    v434: true,
  },
  {
    name: "reality",
    stream: {
      security: "reality",
      realitySettings: {
        show: false,
        xver: 0,
        target: "www.apple.com:443",
        serverNames: ["www.apple.com", "apple.com"],
        maxTimediff: 0,
        shortIds: ["6ba85179e30d4fc2", "a1b2"],
        settings: { publicKey: REALITY_PUB, fingerprint: "firefox", serverName: "", spiderX: "/s", mldsa65Verify: "" },
      },
    },
    params: { security: "reality", sni: "www.apple.com", pbk: REALITY_PUB, sid: "6ba85179e30d4fc2", fp: "firefox", spx: "/s" },
    vmess: { tls: "reality" },
    v434: false,
  },
];

export interface ProtocolCase {
  name: string;
  protocol: string;
  settings: Record<string, unknown>;
  credential: string;
  flow: string;
  /** Has a REALITY link form (3x-ui writes reality for vless and trojan only). */
  reality: boolean;
  v434: boolean;
}

export const PROTOCOLS: ProtocolCase[] = [
  { name: "vless", protocol: "vless", settings: { decryption: "none", encryption: "none", fallbacks: [] }, credential: UUID, flow: "xtls-rprx-vision", reality: true, v434: true },
  { name: "vmess", protocol: "vmess", settings: {}, credential: UUID, flow: "", reality: false, v434: true },
  { name: "trojan", protocol: "trojan", settings: { fallbacks: [] }, credential: TROJAN_PW, flow: "", reality: true, v434: true },
  {
    name: "ss aes-128-gcm",
    protocol: "shadowsocks",
    settings: { method: "aes-128-gcm", password: "c2VydmVyLWtleQ==", network: "tcp,udp", ivCheck: false },
    credential: SS_KEY,
    flow: "",
    reality: false,
    v434: true,
  },
  {
    name: "ss chacha20",
    protocol: "shadowsocks",
    settings: { method: "chacha20-ietf-poly1305", password: "c2VydmVyLWtleQ==", network: "tcp,udp", ivCheck: false },
    credential: SS_KEY,
    flow: "",
    reality: false,
    v434: true,
  },
  {
    name: "ss 2022",
    protocol: "shadowsocks",
    settings: { method: "2022-blake3-aes-128-gcm", password: SS2022_SERVER, network: "tcp,udp", ivCheck: false },
    credential: SS2022_CLIENT,
    flow: "",
    reality: false,
    v434: false,
  },
];

/** An endpoint input for one combination; the vless flow follows provisioning (vision on tcp + tls/reality only). */
export function inputFor(p: ProtocolCase, t: TransportCase, s: SecurityCase, extra: Partial<EndpointInput["inbound"]> = {}): EndpointInput {
  const streamSettings = { ...t.stream, ...s.stream, externalProxy: [] };
  const vision = p.flow && t.stream.network === "tcp" && s.stream.security !== "none";
  return {
    inbound: { protocol: p.protocol, port: 443, listen: "", remark: `${p.name} ${t.name} ${s.name}`, displayName: null, settings: p.settings, streamSettings, ...extra },
    client: { email: "alice@example.com-abcd1234", credential: p.credential, flow: vision ? p.flow : "" },
    nodeHost: "edge.example.com",
    nodeName: "Tokyo 1",
  };
}

/** Every (protocol, transport, security) combination 3x-ui can write a link for. */
export function combinations(): { p: ProtocolCase; t: TransportCase; s: SecurityCase }[] {
  const out: { p: ProtocolCase; t: TransportCase; s: SecurityCase }[] = [];
  for (const p of PROTOCOLS) for (const t of TRANSPORTS) for (const s of SECURITIES) if (s.name !== "reality" || p.reality) out.push({ p, t, s });
  return out;
}
