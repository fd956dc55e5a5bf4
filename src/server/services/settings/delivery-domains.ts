// The subscription delivery settings (issue 26 item 5): several base URLs (the first usable one is
// primary), the ones the operator marked blocked, and the path content is served under. A list is
// stored as a JSON array; a form or a CLI assignment may type it as JSON text or one URL per line.
import { z } from "zod";

export const MAX_BASE_URLS = 10;
export const DEFAULT_PATH_PREFIX = "/api/subscription";

/**
 * First path segments the app itself routes (src/app, Next's assets): a prefix may not take one,
 * or content would shadow pages. tests/settings/delivery-domains.test.ts checks this against src/app.
 */
export const RESERVED_FIRST_SEGMENTS = [
  "_next", "api", "admin", "subscription-view", "account", "cart", "dashboard", "lines", "notifications", "orders", "store",
  "subscriptions", "tickets", "transfers", "wallet", "forgot-password", "login", "register", "reset-password", "support", "verify-email",
  "intl-messages", "icon.svg", "favicon.ico", "robots.txt",
  "kb", "referral", "gift", "staff-invite",
];

const baseUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((u) => {
    if (!URL.canParse(u)) return true; // the url check above already said so
    const p = new URL(u);
    return !p.search && !p.hash && !p.username && !p.password;
  }, "a base URL has no query, fragment or credentials")
  .transform((u) => u.replace(/\/+$/, ""));

/** A list typed as text: a JSON array, or URLs separated by lines, spaces or commas. */
function listFromText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t.startsWith("[")) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return v; // not a list: the array schema reports it
    }
  }
  return t ? t.split(/[\s,]+/).filter(Boolean) : [];
}

export const BaseUrlListSetting = z.preprocess(
  listFromText,
  z
    .array(baseUrl)
    .max(MAX_BASE_URLS)
    .refine((l) => new Set(l).size === l.length, "each base URL once"),
);

export const PathPrefixSetting = z
  .string()
  .trim()
  .max(64)
  .regex(/^(?:\/[A-Za-z0-9._~-]+)+$/, "a path such as /sub or /api/subscription")
  .refine((p) => p === DEFAULT_PATH_PREFIX || !RESERVED_FIRST_SEGMENTS.includes((p.split("/")[1] ?? "").toLowerCase()), "this path belongs to the site's own pages");

export interface Delivery {
  /** Where links, QR codes and managed profiles point: the first configured base not blocked. */
  primary: string;
  /** The other usable bases, in order (named in managed profiles as fallbacks). */
  fallbacks: string[];
  prefix: string;
  /** Hosts (host[:port], lower case) content may be fetched on; null = any (no list configured). */
  hosts: Set<string> | null;
}

/**
 * From the settings: with no base URL list, the single subscription URL, else the site URL, else
 * APP_URL, as before. With every listed base blocked, that same fallback serves as primary.
 */
export function deliveryOf(
  s: { subscriptionBaseUrls: string[]; subscriptionBlockedBaseUrls: string[]; subscriptionPathPrefix: string; subscriptionUrl: string; siteUrl: string },
  appUrl: string,
): Delivery {
  const trim = (u: string) => u.replace(/\/+$/, "");
  const legacy = trim(s.subscriptionUrl || s.siteUrl || appUrl);
  const blocked = new Set(s.subscriptionBlockedBaseUrls.map(trim));
  const usable = s.subscriptionBaseUrls.map(trim).filter((u) => !blocked.has(u));
  const hostOf = (u: string) => {
    try {
      return new URL(u).host.toLowerCase();
    } catch {
      return "";
    }
  };
  const hosts = s.subscriptionBaseUrls.length ? new Set([...s.subscriptionBaseUrls, ...blocked, s.subscriptionUrl, s.siteUrl, appUrl].filter(Boolean).map(hostOf).filter(Boolean)) : null;
  return { primary: usable[0] ?? legacy, fallbacks: usable.slice(1), prefix: s.subscriptionPathPrefix || DEFAULT_PATH_PREFIX, hosts };
}
