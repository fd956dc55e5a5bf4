// Loon node lines (protocols.md §9.4): `Name = Type,host,port,<positional credentials>,key=value...`,
// plain text, one node per line, as Loon reads a node subscription. Transports are tcp, ws and the
// TCP HTTP header (`transport=http`); REALITY is documented for VLESS only; no gRPC, HTTPUpgrade,
// XHTTP or mKCP. Secrets are written in double quotes as the vendor's examples do; `sni=` is the
// current vendor key (the older `tls-name=` is not written).
import { carriedBy, shadowsocksKey, unaddressable } from "./endpoints";
import { AEAD_METHODS, inseparable, lineNames, ssMethodName } from "./line-format";
import { readStream, unreadableStream, type StreamView } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

type Fields = { fields: string[] } | { skip: string };
/** Loon reads the AES 2022 ciphers; 2022 chacha20 is not in its list. */
const SS_METHODS = new Set([...AEAD_METHODS, "2022-blake3-aes-128-gcm", "2022-blake3-aes-256-gcm"]);

export function documentLoon(eps: ProxyEndpoint[]): RenderedContent {
  const built = new Map(eps.map((ep) => [ep, nodeFields(ep)]));
  const { kept, skipped } = carriedBy(eps, (ep) => {
    const b = built.get(ep)!;
    return "skip" in b ? b.skip : null;
  });
  const names = lineNames(kept.map((ep) => ep.name), ["DIRECT", "REJECT"]);
  const lines = kept.map((ep, i) => `${names[i]} = ${(built.get(ep) as { fields: string[] }).fields.join(",")}`);
  return { body: lines.join("\n"), contentType: "text/plain; charset=utf-8", extension: "txt", skipped, entries: lines.length };
}

/** The fields after `Name = `, or why Loon cannot carry the endpoint. */
export function nodeFields(ep: ProxyEndpoint): Fields {
  const s = readStream(ep);
  const unusable = unaddressable(ep) ?? unreadableStream(s);
  if (unusable) return { skip: unusable };
  if (s.security === "reality" && !s.reality.publicKey) return { skip: "REALITY public key missing" };
  const secret = (v: string) => `"${v}"`;
  const at = [ep.host, String(ep.port)];
  let out: Fields;
  switch (ep.protocol) {
    case "shadowsocks": {
      const { method, password } = shadowsocksKey(ep);
      const name = ssMethodName(method);
      if (!SS_METHODS.has(name)) return { skip: `Loon has no ${method || "empty"} cipher` };
      if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return { skip: `Loon shadowsocks has no ${s.network}/${s.security} transport here` };
      out = { fields: ["Shadowsocks", ...at, name, secret(password), "fast-open=false", "udp=true"] };
      break;
    }
    case "hysteria2":
      out = { fields: ["Hysteria2", ...at, secret(ep.credential), ...tls(s, false), ...(s.hysteria.obfsPassword ? [`salamander-password=${secret(s.hysteria.obfsPassword)}`] : []), "udp=true"] };
      break;
    case "vmess":
      if (s.security === "reality") return { skip: "Loon has REALITY for VLESS only" };
      // alterId=0 is AEAD, the only VMess an Xray server speaks.
      out = withTransport(["vmess", ...at, "aes-128-gcm", secret(ep.credential)], s, ["alterId=0"]);
      break;
    case "vless": {
      const encryption = String(ep.settings.encryption ?? "none");
      if (encryption !== "none" && encryption !== "") return { skip: "Loon has no VLESS encryption" };
      // Vision only on raw TCP under TLS or REALITY.
      const flow = ep.flow === "xtls-rprx-vision" && s.network === "tcp" && !s.tcpHttp && s.security !== "none" ? ["flow=xtls-rprx-vision"] : [];
      out = withTransport(["VLESS", ...at, secret(ep.credential)], s, flow);
      break;
    }
    case "trojan":
      if (s.security !== "tls") return { skip: s.security === "reality" ? "Loon has REALITY for VLESS only" : "Loon trojan always uses TLS; this inbound has none" };
      out = withTransport(["trojan", ...at, secret(ep.credential)], s, []);
      break;
  }
  if ("skip" in out) return out;
  // The quotes around secrets are ours; what is inside them, and every other value, must be bare.
  if (inseparable(out.fields.map((f) => f.replace(/^([\w-]+=)?"([^"]*)"$/, "$1$2"))) !== null) return { skip: "a value holds a comma or quote, which Loon lines cannot carry" };
  return out;
}

function withTransport(head: string[], s: StreamView, extra: string[]): Fields {
  if (s.security === "reality" && (s.network !== "tcp" || s.tcpHttp)) return { skip: "Loon has REALITY on plain TCP only" };
  const fields = [...head];
  if (s.network === "tcp" && !s.tcpHttp) fields.push("transport=tcp");
  else if (s.network === "tcp" && s.tcpHttp) {
    if (head[0] === "trojan") return { skip: "Loon trojan has no TCP HTTP header transport" };
    fields.push("transport=http", `path=${s.tcpHttp.paths[0] ?? "/"}`, ...(s.tcpHttp.hosts[0] ? [`host=${s.tcpHttp.hosts[0]}`] : []));
  } else if (s.network === "ws") fields.push("transport=ws", `path=${s.path || "/"}`, ...(s.host ? [`host=${s.host}`] : []));
  else return { skip: `Loon has no ${s.network} transport` };
  fields.push(...extra);
  if (s.security !== "none") fields.push(...tls(s, head[0] !== "trojan"));
  fields.push("udp=true");
  return { fields };
}

/** over-tls (not for trojan and Hysteria 2, which are TLS anyway), sni, REALITY keys, verification. */
function tls(s: StreamView, overTls: boolean): string[] {
  const out = overTls ? ["over-tls=true"] : [];
  if (s.sni) out.push(`sni=${s.sni}`);
  if (s.security === "reality") {
    out.push(`public-key="${s.reality.publicKey}"`);
    if (s.reality.shortId) out.push(`short-id=${s.reality.shortId}`);
  } else if (s.allowInsecure) out.push("skip-cert-verify=true");
  return out;
}
