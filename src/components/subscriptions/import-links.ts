// One-tap import deep links for client apps, built from the operator's client catalogue (the
// `subscriptionClients` setting). Pure, for the browser and the server alike: from a subscription's
// content URL and a profile name, each entry's template filled with the content URL of the format
// that app reads, encoded the way that app decodes it.
import type { ClientEntry, ClientPlatform, TemplatePlaceholder } from "@/server/services/settings/client-catalogue-types";
import type { ServedFormat } from "@/server/services/subscription-content/types";

export interface ImportLink {
  /** A stable key for the entry (its link scheme: `clash`, `sing-box`...), used in test ids. */
  client: string;
  /** The app's name as the catalogue gives it (not translated). */
  label: string;
  /** The format of the content URL inside the link. */
  format: ServedFormat;
  platforms: ClientPlatform[];
  downloadUrl: string;
  href: string;
  /** The app's set-up guide in the help center (/kb/<slug>), when the page found one the reader can open. */
  guideSlug?: string;
}

/** The content URL asking for one format explicitly (`format=` set or replaced), so the app gets what it parses whatever its User-Agent. */
export function withFormat(contentUrl: string, format: ServedFormat): string {
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

/** Every placeholder's value for one content URL (format already set) and profile name. */
function placeholderValues(url: string, name: string): Record<TemplatePlaceholder, string> {
  return {
    url,
    urlEncoded: enc(url),
    urlBase64: base64(url),
    // Quantumult X's add-resource takes a JSON list of "<url>, tag=<name>" lines (protocols.md §9.3);
    // a comma in the name would start another option, so it becomes a space.
    qxResource: enc(JSON.stringify({ server_remote: [`${url}, tag=${name.replace(/,/g, " ")}`] })),
    name,
    nameEncoded: enc(name),
  };
}

/** A template with its placeholders filled in one pass (a value is never searched for placeholders again). */
export function fillTemplate(template: string, url: string, name: string): string {
  const values = placeholderValues(url, name);
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key as TemplatePlaceholder] : whole));
}

/** The entry's key: the scheme of its template, made unique among the catalogue's entries. */
function keysOf(entries: readonly ClientEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const scheme = (/^([a-z][a-z0-9+.-]*):/i.exec(e.importUrlTemplate)?.[1] ?? "app").toLowerCase();
    const n = (seen.get(scheme) ?? 0) + 1;
    seen.set(scheme, n);
    return n === 1 ? scheme : `${scheme}-${n}`;
  });
}

/** Every catalogue entry's import link for this content URL (any `format=` on it is replaced per entry). */
export function importLinks(catalogue: readonly ClientEntry[], contentUrl: string, name: string): ImportLink[] {
  const keys = keysOf(catalogue);
  return catalogue.map((e, i) => ({
    client: keys[i]!,
    label: e.name,
    format: e.format,
    platforms: e.platforms,
    downloadUrl: e.downloadUrl,
    href: fillTemplate(e.importUrlTemplate, withFormat(contentUrl, e.format), name),
    ...(e.guideSlug ? { guideSlug: e.guideSlug } : {}),
  }));
}
