// Shadowrocket (protocols.md §9.5): base64 of newline-joined share links, as for v2rayN, with its own
// extras: a first `STATUS=` line (usage and expiry, which Shadowrocket shows as the subscription's
// status; other link parsers skip a line that is not a URI) and the query keys it reads besides the
// standard ones (`peer` for the TLS name, `mport` for Hysteria 2 port hopping).
//
// Usage changes without a new render, so the cached body is the plain link list and
// withShadowrocketStatus adds the STATUS line and encodes per request.
import { formatBytes, SITE_TIME_ZONE } from "../../../i18n/format";
import { hopPorts } from "./line-format";
import { shareLink, unusableReason } from "./share-links";
import { carriedBy } from "./endpoints";
import { readStream } from "./stream";
import type { ProxyEndpoint, RenderedContent } from "./types";

export function documentShadowrocket(eps: ProxyEndpoint[]): RenderedContent {
  const { kept, skipped } = carriedBy(eps, unusableReason);
  const links = kept.map(shadowrocketLink);
  return { body: links.join("\n"), contentType: "text/plain; charset=utf-8", extension: "txt", skipped, entries: links.length };
}

/** The standard link with the keys Shadowrocket reads in its own spelling added before the name. */
export function shadowrocketLink(ep: ProxyEndpoint): string {
  const link = shareLink(ep);
  if (ep.protocol !== "trojan" && ep.protocol !== "hysteria2") return link;
  const s = readStream(ep);
  const extra = new URLSearchParams();
  if (s.sni) extra.set("peer", s.sni);
  if (ep.protocol === "hysteria2") {
    const ports = hopPorts(s.hysteria.ports).replaceAll(";", ",");
    if (ports) extra.set("mport", ports);
  }
  if (extra.size === 0) return link;
  const hash = link.indexOf("#");
  const [head, name] = hash < 0 ? [link, ""] : [link.slice(0, hash), link.slice(hash)];
  return `${head}${head.includes("?") ? "&" : "?"}${extra.toString()}${name}`;
}

/** The served body: base64 of a STATUS line with the owner's usage, then the cached links. */
export function withShadowrocketStatus(links: string, usage: { upload: number; download: number; total: number; expireAt: Date | null }): string {
  const total = usage.total > 0 ? formatBytes(usage.total) : "∞";
  // The day in the site's time zone, as the pages show it (en-CA writes YYYY-MM-DD).
  const expires = usage.expireAt ? new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE }).format(usage.expireAt) : "-";
  const status = `STATUS=🚀↑:${formatBytes(usage.upload)},↓:${formatBytes(usage.download)},TOT:${total}💡Expires:${expires}`;
  return Buffer.from(`${status}\n${links}`, "utf8").toString("base64");
}
