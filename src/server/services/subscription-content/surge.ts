// Surge and Surfboard profiles (protocols.md §9.1-9.2): `[General]`, `[Proxy]` lines, a select group
// and a url-test group, rules ending in FINAL. Surfboard reads a subset of Surge's syntax, so one
// renderer serves both with per-dialect refusals. What the conservative set leaves out (VLESS needs
// Surge iOS 6.0.0 / Mac 6.12.0; Surfboard has none) is counted in a comment after the managed line.
//
// The `#!MANAGED-CONFIG` line holds the URL the client fetched (with its token), which the cached
// document must not: withManagedConfig puts it on line 1 per request.
import { carriedBy, shadowsocksKey, unaddressable } from "./endpoints";
import { PRIVATE_RULES, TEST_URL } from "./clash";
import { AEAD_METHODS, groupNameOf, hopPorts, inseparable, lineNames, ssMethodName } from "./line-format";
import { readStream, unreadableStream, type StreamView } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

export type SurgeDialect = "surge" | "surfboard";

const CLIENT: Record<SurgeDialect, string> = { surge: "Surge", surfboard: "Surfboard" };
const AUTO_GROUP = "Auto";
const BUILT_INS = ["DIRECT", "REJECT", "REJECT-TINYGIF", "REJECT-DROP", "CELLULAR", "CELLULAR-ONLY", "HYBRID", "NO-HYBRID"];
/** Shadowsocks ciphers both read: the AEAD ones and the two AES 2022 ones (neither lists 2022 chacha20). */
const SS_METHODS = new Set([...AEAD_METHODS, "2022-blake3-aes-128-gcm", "2022-blake3-aes-256-gcm"]);

type Line = { line: string } | { skip: string };

export function documentSurge(eps: ProxyEndpoint[], opts: { dialect: SurgeDialect; title: string }): RenderedContent {
  const built = new Map(eps.map((ep) => [ep, proxyLine(ep, opts.dialect)]));
  const { kept, skipped } = carriedBy(eps, (ep) => {
    const b = built.get(ep)!;
    return "skip" in b ? b.skip : null;
  });
  const group = groupNameOf(opts.title, [AUTO_GROUP, ...BUILT_INS]);
  const names = lineNames(kept.map((ep) => ep.name), [group, AUTO_GROUP, ...BUILT_INS]);
  const proxies = kept.map((ep, i) => `${names[i]} = ${(built.get(ep) as { line: string }).line}`);
  // Surfboard's url-test takes its own test URL; Surge (Mac 4.0.5 on) only the global one.
  const autoTail = opts.dialect === "surfboard" ? `, url=${TEST_URL}, interval=600, tolerance=100` : ", interval=600, tolerance=100";
  const groups = names.length ? [`${group} = select, ${AUTO_GROUP}, ${names.join(", ")}`, `${AUTO_GROUP} = url-test, ${names.join(", ")}${autoTail}`] : [`${group} = select, DIRECT`];
  const note = skipped.length ? [`# ${skipped.length} of ${eps.length} servers left out: ${CLIENT[opts.dialect]} cannot carry them.`] : [];
  const body = [
    ...note,
    "[General]",
    "loglevel = notify",
    "dns-server = system",
    "skip-proxy = 127.0.0.1, 192.168.0.0/16, 10.0.0.0/8, 172.16.0.0/12, 100.64.0.0/10, localhost, *.local",
    `proxy-test-url = ${TEST_URL}`,
    "",
    "[Proxy]",
    ...proxies,
    "",
    "[Proxy Group]",
    ...groups,
    "",
    "[Rule]",
    ...PRIVATE_RULES,
    "DOMAIN-SUFFIX,local,DIRECT",
    `FINAL,${group}`,
    "",
  ].join("\n");
  return { body, contentType: "text/plain; charset=utf-8", extension: "conf", skipped, entries: proxies.length };
}

/**
 * The managed-profile line (line 1, as both clients require) with the fetched URL; the interval in
 * seconds (Surfboard's minimum is 900). strict=false: a failed update never locks the user out.
 */
export function withManagedConfig(body: string, url: string, intervalSeconds: number, fallbacks: string[] = []): string {
  // Surge updates from one URL only; the other delivery domains are named for the person who has to
  // re-import when the primary one is blocked (marking it blocked moves the next render anyway).
  const spare = fallbacks.map((f) => `# If that address is unreachable: ${f}\n`).join("");
  return `#!MANAGED-CONFIG ${url} interval=${Math.max(900, Math.round(intervalSeconds))} strict=false\n${spare}${body}`;
}

/** The `[Proxy]` line after `Name = `, or why this dialect cannot carry the endpoint. */
export function proxyLine(ep: ProxyEndpoint, dialect: SurgeDialect): Line {
  const s = readStream(ep);
  const unusable = unaddressable(ep) ?? unreadableStream(s);
  if (unusable) return { skip: unusable };
  const client = CLIENT[dialect];
  if (ep.protocol === "vless") return { skip: dialect === "surge" ? "Surge carries VLESS only from iOS 6.0.0 / Mac 6.12.0 (not in the set every Surge reads)" : "Surfboard has no VLESS" };
  if (s.security === "reality") return { skip: `${client} has REALITY for VLESS only` };
  let fields: string[];
  switch (ep.protocol) {
    case "shadowsocks": {
      const { method, password } = shadowsocksKey(ep);
      const name = ssMethodName(method);
      if (!SS_METHODS.has(name)) return { skip: `${client} has no ${method || "empty"} cipher` };
      if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return { skip: `${client} shadowsocks has no ${s.network}/${s.security} transport` };
      fields = ["ss", ep.host, String(ep.port), `encrypt-method=${name}`, `password=${password}`, "udp-relay=true"];
      break;
    }
    case "hysteria2": {
      fields = ["hysteria2", ep.host, String(ep.port), `password=${ep.credential}`, ...tlsFields(s)];
      if (s.hysteria.obfsPassword) fields.push(`salamander-password=${s.hysteria.obfsPassword}`);
      const hop = hopPorts(s.hysteria.ports);
      if (hop) fields.push(`port-hopping="${hop}"`);
      break;
    }
    case "vmess":
      // vmess-aead: Xray servers speak AEAD only; Surge's default is off.
      fields = ["vmess", ep.host, String(ep.port), `username=${ep.credential}`, "vmess-aead=true", ...(s.security === "tls" ? ["tls=true", ...tlsFields(s)] : [])];
      break;
    case "trojan":
      if (s.security !== "tls") return { skip: `${client} trojan always uses TLS; this inbound has none` };
      fields = ["trojan", ep.host, String(ep.port), `password=${ep.credential}`, ...tlsFields(s)];
      break;
  }
  if (ep.protocol === "vmess" || ep.protocol === "trojan") {
    const transport = wsFields(s, client);
    if ("skip" in transport) return transport;
    fields.push(...transport.fields);
  }
  // The port-hopping value is quoted on purpose (Surge's own form); everything else must be bare.
  if (inseparable(fields.slice(1).filter((f) => !f.startsWith("port-hopping="))) !== null) return { skip: `a value holds a comma or quote, which ${client} lines cannot carry` };
  return { line: fields.join(", ") };
}

function tlsFields(s: StreamView): string[] {
  const out: string[] = [];
  if (s.sni) out.push(`sni=${s.sni}`);
  if (s.allowInsecure) out.push("skip-cert-verify=true");
  return out;
}

/** Plain TCP or WebSocket: the only transports Surge and Surfboard have for VMess and Trojan. */
function wsFields(s: StreamView, client: string): { fields: string[] } | { skip: string } {
  if (s.network === "tcp" && !s.tcpHttp) return { fields: [] };
  if (s.network !== "ws") return { skip: `${client} has no ${s.tcpHttp ? "TCP HTTP header" : s.network} transport` };
  const fields = ["ws=true", `ws-path=${s.path || "/"}`];
  if (s.host) fields.push(`ws-headers=Host:${s.host}`);
  return { fields };
}
