// Quantumult X server lines (protocols.md §9.3): `type=host:port, key=value, ..., tag=<name>`, one
// per line, sent as plain text (the vendor's own `[server_local]` syntax; peers base64 it, which the
// vendor never documents). QX has no Hysteria, gRPC, HTTPUpgrade, XHTTP or mKCP, and one name for a
// WebSocket-over-TLS server's SNI and Host: an inbound that needs two different names is left out.
import { carriedBy, shadowsocksKey, unaddressable } from "./endpoints";
import { AEAD_METHODS, inseparable, lineNames, ssMethodName } from "./line-format";
import { urlHost } from "./share-links";
import { readStream, unreadableStream, type StreamView } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

type Fields = { fields: string[] } | { skip: string };

export function documentQuantumultX(eps: ProxyEndpoint[]): RenderedContent {
  const built = new Map(eps.map((ep) => [ep, serverFields(ep)]));
  const { kept, skipped } = carriedBy(eps, (ep) => {
    const b = built.get(ep)!;
    return "skip" in b ? b.skip : null;
  });
  const names = lineNames(kept.map((ep) => ep.name), []);
  const lines = kept.map((ep, i) => [...(built.get(ep) as { fields: string[] }).fields, `tag=${names[i]}`].join(", "));
  return { body: lines.join("\n"), contentType: "text/plain; charset=utf-8", extension: "txt", skipped, entries: lines.length };
}

/** The fields before `tag=`, or why Quantumult X cannot carry the endpoint. */
export function serverFields(ep: ProxyEndpoint): Fields {
  const s = readStream(ep);
  const unusable = unaddressable(ep) ?? unreadableStream(s);
  if (unusable) return { skip: unusable };
  if (s.security === "reality" && !s.reality.publicKey) return { skip: "REALITY public key missing" };
  const at = `${urlHost(ep.host)}:${ep.port}`;
  let out: Fields;
  switch (ep.protocol) {
    case "hysteria2":
      return { skip: "Quantumult X has no Hysteria 2" };
    case "shadowsocks": {
      const { method, password } = shadowsocksKey(ep);
      const name = ssMethodName(method);
      // 2022 ciphers: no vendor sample shows them, so they are not in the set we know QX reads.
      if (!AEAD_METHODS.has(name)) return { skip: `Quantumult X has no ${method || "empty"} cipher we can confirm` };
      if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return { skip: `Quantumult X shadowsocks has no ${s.network}/${s.security} transport here` };
      out = { fields: [`shadowsocks=${at}`, `method=${name}`, `password=${password}`, "fast-open=false", "udp-relay=true"] };
      break;
    }
    case "vmess":
      if (s.security === "reality") return { skip: "Quantumult X has no VMess REALITY" };
      out = v2Transport([`vmess=${at}`, "method=chacha20-poly1305", `password=${ep.credential}`], s, false);
      break;
    case "vless": {
      const encryption = String(ep.settings.encryption ?? "none");
      if (encryption !== "none" && encryption !== "") return { skip: "Quantumult X has no VLESS encryption" };
      out = v2Transport([`vless=${at}`, "method=none", `password=${ep.credential}`], s, true);
      if ("fields" in out) {
        if (s.security === "reality") out.fields.push(`reality-base64-pubkey=${s.reality.publicKey}`, ...(s.reality.shortId ? [`reality-hex-shortid=${s.reality.shortId}`] : []));
        // Vision only on raw TCP under TLS or REALITY, the one flow QX reads.
        if (ep.flow === "xtls-rprx-vision" && s.network === "tcp" && s.security !== "none") out.fields.push("vless-flow=xtls-rprx-vision");
        out.fields.push("udp-relay=true");
      }
      break;
    }
    case "trojan":
      if (s.security !== "tls") return { skip: s.security === "reality" ? "Quantumult X trojan REALITY is not documented" : "Quantumult X trojan always uses TLS; this inbound has none" };
      if (s.network === "tcp" && !s.tcpHttp) out = { fields: [`trojan=${at}`, `password=${ep.credential}`, "over-tls=true", ...(s.sni ? [`tls-host=${s.sni}`] : []), `tls-verification=${!s.allowInsecure}`] };
      else out = v2Transport([`trojan=${at}`, `password=${ep.credential}`], s, false);
      break;
  }
  if ("skip" in out) return out;
  if (inseparable(out.fields) !== null) return { skip: "a value holds a comma or quote, which Quantumult X lines cannot carry" };
  return out;
}

/** vmess/vless/trojan over plain TCP, TLS, WebSocket or WebSocket over TLS, as `obfs=` says them. */
function v2Transport(head: string[], s: StreamView, allowReality: boolean): Fields {
  if (s.security === "reality" && !allowReality) return { skip: "Quantumult X has REALITY for VLESS only" };
  const secure = s.security !== "none";
  if (s.network === "tcp" && !s.tcpHttp) {
    if (!secure) return { fields: [...head, "fast-open=false"] };
    return { fields: [...head, "obfs=over-tls", ...(s.sni ? [`obfs-host=${s.sni}`] : []), ...verification(s), "fast-open=false"] };
  }
  if (s.network !== "ws") return { skip: `Quantumult X has no ${s.tcpHttp ? "TCP HTTP header" : s.network} transport` };
  if (s.security === "reality") return { skip: "Quantumult X has no REALITY over WebSocket" };
  // With wss one obfs-host is both the TLS SNI and the HTTP Host.
  if (secure && s.sni && s.host && s.sni !== s.host) return { skip: "Quantumult X uses one name for the TLS SNI and the WebSocket Host; this inbound has two" };
  const host = s.host || s.sni;
  return { fields: [...head, `obfs=${secure ? "wss" : "ws"}`, ...(host ? [`obfs-host=${host}`] : []), `obfs-uri=${s.path || "/"}`, ...verification(s), "fast-open=false"] };
}

const verification = (s: StreamView) => (s.allowInsecure ? ["tls-verification=false"] : []);
