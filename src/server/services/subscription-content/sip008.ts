// SIP008, the Shadowsocks online configuration (protocols.md §9.6): `{version: 1, servers: [...]}`
// plus the owner's usage, read by shadowsocks-rust's sslocal and v2rayN. Only plain Shadowsocks
// endpoints fit (no transport, no TLS: SIP008 would need a plugin the server does not run). Each
// server's `id` must stay the same across updates (clients key their per-server state on it), so it
// is derived from the endpoint's address and name instead of drawn at random.
//
// Usage changes without a new render (traffic is patched in the read model), so the cached body
// holds no usage: withSip008Usage adds bytes_used / bytes_remaining per request.
import { createHash } from "node:crypto";
import { carriedBy, shadowsocksKey, unaddressable } from "./endpoints";
import { readStream, unreadableStream } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

export function documentSip008(eps: ProxyEndpoint[]): RenderedContent {
  const { kept, skipped } = carriedBy(eps, refusal);
  const servers = kept.map((ep) => {
    const { method, password } = shadowsocksKey(ep);
    return { id: stableId(ep), remarks: ep.name, server: ep.host, server_port: ep.port, password, method };
  });
  return { body: JSON.stringify({ version: 1, servers }, null, 2), contentType: "application/json; charset=utf-8", extension: "json", skipped, entries: servers.length };
}

function refusal(ep: ProxyEndpoint): string | null {
  if (ep.protocol !== "shadowsocks") return `SIP008 carries Shadowsocks only, not ${ep.protocol}`;
  const address = unaddressable(ep);
  if (address) return address;
  if (!ep.credential || !shadowsocksKey(ep).method) return "the shadowsocks inbound has no method or key";
  const s = readStream(ep);
  const unreadable = unreadableStream(s);
  if (unreadable) return unreadable;
  if (s.network !== "tcp" || s.tcpHttp || s.security !== "none") return `SIP008 has no ${s.network}/${s.security} transport (it would need a plugin)`;
  return null;
}

/** A UUID-shaped id from what identifies the server to its user: the same inputs give the same id. */
function stableId(ep: ProxyEndpoint): string {
  const h = createHash("sha256").update(`sip008|${ep.host}|${ep.port}|${ep.name}`).digest("hex");
  // Version 4 and variant bits set, so strict parsers accept it as a UUID.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The cached body with the owner's usage: `bytes_used`, and `bytes_remaining` only under a limit
 * (SIP008: with no data limit it must be left out, and never without bytes_used).
 */
export function withSip008Usage(body: string, usage: { upload: number; download: number; total: number }): string {
  const used = Math.max(0, Math.floor(usage.upload + usage.download));
  const fields = [`"bytes_used": ${used}`];
  if (usage.total > 0) fields.push(`"bytes_remaining": ${Math.max(0, Math.floor(usage.total) - used)}`);
  const end = body.lastIndexOf("}");
  return `${body.slice(0, end).trimEnd()},\n  ${fields.join(",\n  ")}\n}`;
}
