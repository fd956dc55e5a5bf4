// One-tap import deep links for client apps (protocols.md §8.6). Pure, for the browser and the
// server alike: from a subscription's content URL and a profile name, each client's link with the
// content URL of the format that client reads, encoded the way that client decodes it.
import type { ContentFormat } from "@/server/services/subscription-content/types";

export const IMPORT_CLIENTS = ["clash", "clashmeta", "stash", "sing-box", "hiddify", "v2rayng", "shadowrocket", "happ", "streisand", "v2box"] as const;
export type ImportClient = (typeof IMPORT_CLIENTS)[number];

export interface ImportLink {
  client: ImportClient;
  /** The app's name as people know it (not translated). */
  label: string;
  /** The format of the content URL inside the link. */
  format: ContentFormat;
  href: string;
}

/** The content URL asking for one format explicitly (`format=` set or replaced), so the app gets what it parses whatever its User-Agent. */
export function withFormat(contentUrl: string, format: ContentFormat): string {
  const u = new URL(contentUrl);
  u.searchParams.set("format", format);
  return u.toString();
}

const enc = encodeURIComponent;

/** Standard base64 of a string's UTF-8 bytes, without Buffer (this module also runs in the browser). */
function base64(text: string): string {
  let bin = "";
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

interface ClientSpec {
  label: string;
  format: ContentFormat;
  link: (url: string, name: string) => string;
}

const CLIENTS: Record<ImportClient, ClientSpec> = {
  // Clash Verge Rev reads everything after `url=` to the end of the query, so `name` goes first;
  // FlClash reads only `url`.
  clash: { label: "Clash Verge / FlClash", format: "clash", link: (u, n) => `clash://install-config?name=${enc(n)}&url=${enc(u)}` },
  clashmeta: { label: "Clash Meta for Android", format: "clash", link: (u, n) => `clashmeta://install-config?name=${enc(n)}&url=${enc(u)}` },
  stash: { label: "Stash", format: "stash", link: (u) => `stash://install-config?url=${enc(u)}` },
  "sing-box": { label: "sing-box", format: "sing-box", link: (u, n) => `sing-box://import-remote-profile?url=${enc(u)}#${enc(n)}` },
  // Hiddify takes the raw URL after `import/` (up to the fragment, which is the name).
  hiddify: { label: "Hiddify", format: "sing-box", link: (u, n) => `hiddify://import/${u}#${enc(n)}` },
  // v2rayNG URL-decodes `url` once and takes the remark from the fragment (it ignores `name=`).
  v2rayng: { label: "v2rayNG", format: "base64", link: (u, n) => `v2rayng://install-config?url=${enc(u)}#${enc(n)}` },
  shadowrocket: { label: "Shadowrocket", format: "base64", link: (u, n) => `shadowrocket://add/sub://${base64(u)}?remark=${enc(n)}` },
  // Happ and Streisand take the URL as it is after the prefix (Remnawave's subscription page).
  happ: { label: "Happ", format: "base64", link: (u) => `happ://add/${u}` },
  streisand: { label: "Streisand", format: "base64", link: (u) => `streisand://import/${u}` },
  v2box: { label: "V2Box", format: "base64", link: (u, n) => `v2box://install-sub?url=${enc(u)}&name=${enc(n)}` },
};

/** Every client's import link for this content URL (any `format=` on it is replaced per client). */
export function importLinks(contentUrl: string, name: string): ImportLink[] {
  return IMPORT_CLIENTS.map((client) => {
    const spec = CLIENTS[client];
    return { client, label: spec.label, format: spec.format, href: spec.link(withFormat(contentUrl, spec.format), name) };
  });
}
