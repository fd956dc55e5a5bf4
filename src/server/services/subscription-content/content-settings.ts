// The settings the content endpoint needs, read at most every few seconds per instance: it is the
// busiest endpoint, and a settings row read per request would cost more than the rest of the lookup.
// An admin's change (limits, subscription domain, site name) reaches every instance within TTL_MS.
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../settings";
import { supportContactLink } from "../settings/support-contact";
import { contentBaseUrl } from "./urls";

export interface ContentSettings {
  siteName: string;
  baseUrl: string;
  supportUrl: string;
  limits: { perIpPerHour: number; perSubscriptionPerHour: number };
}

const TTL_MS = 5_000;
let cached: { at: number; value: Promise<ContentSettings> } | null = null;

export function contentSettings(db: Db, now = Date.now()): Promise<ContentSettings> {
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = getSettingsWithSecrets(db).then((s) => ({
    siteName: s.siteName,
    baseUrl: contentBaseUrl(s),
    supportUrl: supportContactLink(s.supportContact)?.href ?? "",
    limits: { perIpPerHour: s.subscriptionIpRateLimitPerHour, perSubscriptionPerHour: s.subscriptionRateLimitPerHour },
  }));
  cached = { at: now, value };
  // A failed read is not cached: the next request asks again rather than serving an error for 5 s.
  value.catch(() => {
    if (cached?.value === value) cached = null;
  });
  return value;
}

/** Tests change settings and expect the next request to see them. */
export function forgetContentSettings(): void {
  cached = null;
}
