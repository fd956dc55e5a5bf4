// The settings the content endpoint needs, held per instance: it is the busiest endpoint, and a
// settings read per request would cost more than the rest of the lookup. An admin's change (rules,
// limits, subscription domain, site name) reaches every instance at its next request through the
// gate's change feed, or within TTL_MS while the feed is not current.
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../settings";
import { supportContactLink } from "../settings/support-contact";
import { gateModel } from "./read-model/gate-model";
import { effectiveRules, type CompiledRules } from "./response-rules";
import { deliveryFor } from "./urls";

export interface ContentSettings {
  siteName: string;
  /** The primary delivery base (no path): the browser page's address. */
  baseUrl: string;
  /** `<primary base><path prefix>`: content URLs (links, QR codes, managed profiles) start with it. */
  contentRoot: string;
  /** The same on the other usable delivery domains, in order. */
  fallbackRoots: string[];
  /** Hosts content is served on (lower case, with any port); null = any. */
  hosts: Set<string> | null;
  pathPrefix: string;
  supportUrl: string;
  limits: { perIpPerHour: number; perSubscriptionPerHour: number };
  /** The response rules in force, compiled once per read. */
  rules: CompiledRules;
}

/** Without a current change feed (none configured, or it is down), settings are read at most this often. */
const TTL_MS = 1_000;
let cached: { at: number; epoch: number | null; value: Promise<ContentSettings> } | null = null;

export function contentSettings(db: Db, now = Date.now()): Promise<ContentSettings> {
  // With the change feed current, a read stays good until a settings message arrives (migration
  // 0022): the epoch is taken before the read, so a change committed during it is read again.
  const epoch = gateModel(db)?.currentSettingsEpoch() ?? null;
  const fresh = epoch !== null ? cached?.epoch === epoch : cached !== null && now - cached.at < TTL_MS;
  if (cached && fresh) return cached.value;
  const value = getSettingsWithSecrets(db).then((s) => {
    const d = deliveryFor(s);
    knownPathPrefix = d.prefix;
    return {
    siteName: s.siteName,
    baseUrl: d.primary,
    contentRoot: `${d.primary}${d.prefix}`,
    fallbackRoots: d.fallbacks.map((f) => `${f}${d.prefix}`),
    hosts: d.hosts,
    pathPrefix: d.prefix,
    supportUrl: supportContactLink(s.supportContact)?.href ?? "",
    limits: { perIpPerHour: s.subscriptionIpRateLimitPerHour, perSubscriptionPerHour: s.subscriptionRateLimitPerHour },
    rules: effectiveRules(s.subscriptionResponseRules),
    };
  });
  cached = { at: now, epoch, value };
  // A failed read is not cached: the next request asks again rather than serving an error until the next change.
  value.catch(() => {
    if (cached?.value === value) cached = null;
  });
  return value;
}

let knownPathPrefix = "";
/** The configured path prefix as last read (the custom server routes on it synchronously); "" before the first read. */
export const lastKnownPathPrefix = () => knownPathPrefix;

/** A settings write on this instance (and tests) makes the next request read them again. */
export function forgetContentSettings(): void {
  cached = null;
}
