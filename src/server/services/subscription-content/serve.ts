// The content endpoint's whole pipeline, transport-free: the custom server's lean handler and the
// Next route both call serveContent and write what it returns. Order (behaviour §7): format check,
// gate (per-IP limit, token, per-subscription limit, owner, status, expiry), access log, render.
import type { Db } from "../../db/client";
import type { AccessOutcome } from "../../db/schema";
import { localizeError, type Locale } from "../../i18n/error-text";
import { errorBody } from "../../http/error-body";
import { lookupPlace, type Place } from "../../integrations/geoip";
import { countSubscriptionFetch } from "../../metrics/count";
import { parseDeviceHeaders, type RawDeviceHeaders } from "../risk/device-headers";
import { admitDevice } from "../risk/devices";
import { assessContentFetch } from "../risk/fetch-risk";
import { openContent, type ContentSubject, type GateResult } from "./access";
import { recordAccess } from "./access-log";
import { contentSettings } from "./content-settings";
import { contentHeaders } from "./headers";
import { DEFAULT_FORMAT, pickFormat } from "./pick-format";
import { matchRule, refusalsOnly, type ResponseRule } from "./response-rules";
import { limitsOf } from "./client-capabilities";
import { cacheKey, renderCached } from "./render";
import { SERVED_FORMATS, type ServedFormat } from "./types";
import { withShadowrocketStatus } from "./shadowrocket";
import { withSip008Usage } from "./sip008";
import { withManagedConfig } from "./surge";
import { aggregateContentUrl, subscriptionContentUrl } from "./urls";
import { subscriptionViewUrl } from "./view-token";

export interface ContentRequest {
  /** The path segment: a subscription id or "all". */
  id: string;
  token: string | null;
  format: string | null;
  userAgent: string;
  ip: string;
  locale: Locale;
  /** x-hwid, x-device-os, x-ver-os, x-device-model as sent (protocols §8.5); absent = none. */
  device?: RawDeviceHeaders;
  /** Any request header by lower-case name, for the response rules; absent = only the User-Agent. */
  header?: (name: string) => string | null;
  /** The Host the request came to (checked against the delivery domains); absent = not over HTTP. */
  host?: string;
}

export interface ContentResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * A rule's answer the transport carries out: `page` shows the browser page for this URL (the
   * custom server rewrites to it, with the same query); `drop` closes the connection unanswered.
   */
  action?: "page" | "drop";
}

/** profile-update-interval: how often clients re-fetch, in hours (behaviour §7). */
const UPDATE_INTERVAL_HOURS = 12;
const STATUS_CODE: Record<number, string> = { 400: "VALIDATION", 401: "UNAUTHENTICATED", 403: "FORBIDDEN", 404: "NOT_FOUND", 406: "NOT_ACCEPTABLE", 429: "RATE_LIMITED" };

function refusal(status: number, reason: string, locale: Locale, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): ContentResponse {
  const e = localizeError({ code: STATUS_CODE[status] ?? "FORBIDDEN", message: reason, details: { reason, ...extra } }, locale);
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
    body: JSON.stringify(errorBody(e.code, e.message, e.details)),
  };
}

// Rows worth keeping: a refusal tied to a subscription or an owner (a wrong token for a real id, a
// suspended one...). Floods (rate limited, no token, unknown id) are not written: they would let
// anyone fill the table at the speed of the limiter.
const LOGGED_REFUSALS = new Set<AccessOutcome>(["token_invalid", "owner_disabled", "suspended", "restricted", "expired", "cancelled"]);

const placeColumns = (p: Place | null) => ({ country: p?.country ?? "", region: p?.region ?? "", city: p?.city ?? "" });

/**
 * The access-log row of a gate result (the content endpoint and the browser view both call it), with
 * the address's place; returns that place (null when private or unknown) for the risk check.
 */
export function logGateOutcome(db: Db, gate: GateResult, req: { ip: string; userAgent: string; format: string }, now: Date): Place | null {
  if (!gate.ok) {
    if (LOGGED_REFUSALS.has(gate.outcome) && (gate.subscriptionId || gate.userId)) {
      const place = lookupPlace(req.ip);
      recordAccess(db, { subscriptionId: gate.subscriptionId ?? null, userId: gate.userId ?? null, outcome: gate.outcome, ip: req.ip, userAgent: req.userAgent, format: "", createdAt: now, ...placeColumns(place) });
      return place;
    }
    return null;
  }
  const place = lookupPlace(req.ip);
  logAdmitted(db, gate.subject, req, place, now, "OK");
  return place;
}

/** The access-log row of a fetch the gate let through, with the outcome of the steps after it. */
function logAdmitted(db: Db, subject: ContentSubject, req: { ip: string; userAgent: string; format: string }, place: Place | null, now: Date, outcome: AccessOutcome): void {
  const one = subject.kind === "one" ? subject.subscriptions[0]! : null;
  recordAccess(db, { subscriptionId: one?.id ?? null, userId: subject.owner.id, outcome, ip: req.ip, userAgent: req.userAgent, format: outcome === "OK" ? req.format : "", createdAt: now, ...placeColumns(place) });
}

export async function serveContent(db: Db, req: ContentRequest, now: Date = new Date()): Promise<ContentResponse> {
  const asked = (req.format ?? "").trim();
  const named = asked ? pickFormat({ format: asked }) : null;
  if (named !== null && typeof named !== "string") {
    countSubscriptionFetch("unknown", "format_unknown");
    return refusal(400, "subscription_format_unknown", req.locale, { formats: SERVED_FORMATS.join(", ") });
  }
  const settings = await contentSettings(db);
  // With delivery domains configured, content is served on those (blocked ones too) and the site's
  // own addresses only: any other Host is answered as an unknown subscription.
  if (settings.hosts && req.host !== undefined && !settings.hosts.has(hostKey(req.host))) {
    countSubscriptionFetch("none", "domain_unknown");
    return refusal(404, "subscription_not_found", req.locale);
  }
  // The operator's response rules (first match wins); an asked format skips format and page answers.
  const rule = matchRule(settings.rules, requestHeader(req), named ? refusalsOnly : undefined);
  const answered = rule ? ruleAnswer(rule, req) : null;
  if (answered) return answered;
  const picked: ServedFormat = named ?? (rule && "format" in rule.then ? rule.then.format : DEFAULT_FORMAT);
  const ruleHeaders = rule?.headers ?? {};
  const gate: GateResult = await openContent(db, { id: req.id, token: req.token, ip: req.ip, now, limits: settings.limits });
  const meta = { ip: req.ip, userAgent: req.userAgent, format: picked };
  // A fetch the gate let through is logged once the risk and device steps decided its outcome.
  const place = gate.ok ? lookupPlace(req.ip) : logGateOutcome(db, gate, meta, now);
  if (!gate.ok) {
    countSubscriptionFetch(picked, gate.outcome);
    const retry = gate.retryAfterSeconds;
    return refusal(gate.status, gate.reason, req.locale, retry ? { retryAfterSeconds: retry } : {}, retry ? { "retry-after": String(retry) } : {});
  }
  let { subject } = gate;
  // Geo risk (behaviour §8): a fetch that just got its scope suspended is refused like a suspended one.
  const risk = await assessContentFetch(db, { subject, ip: req.ip, place, now });
  if (!risk.allowed) {
    logAdmitted(db, subject, meta, place, now, "suspended");
    countSubscriptionFetch(picked, "suspended");
    return refusal(403, "subscription_suspended", req.locale);
  }
  // Devices (x-hwid): a new device over the plan's limit is refused; the aggregate link leaves out
  // the subscriptions that refused it and is refused only when all did.
  const device = await admitDevice(db, { subscriptions: subject.subscriptions, device: parseDeviceHeaders(req.device, req.userAgent), ip: req.ip, place, now });
  logAdmitted(db, subject, meta, place, now, device.allowed ? "OK" : "device_limit");
  if (!device.allowed) {
    countSubscriptionFetch(picked, "device_limit");
    return refusal(403, "subscription_device_limit", req.locale, { limit: device.limit }, device.headers);
  }
  subject = { ...subject, subscriptions: device.subscriptions };
  const one = subject.kind === "one" ? subject.subscriptions[0]! : null;
  const title = one ? `${settings.siteName} · ${one.planName}` : settings.siteName;
  // The title is in the body too (Clash group, sing-box selector): a renamed plan or site re-renders.
  const scope = `${one ? one.id : `all:${subject.owner.id}`}|${title}`;
  // What this client's version cannot use is left out (README "Version gating").
  const content = await renderCached(db, cacheKey(scope, picked, subject.subscriptions), picked, subject.subscriptions, title, limitsOf(req.userAgent));
  if (content.entries === 0 && content.skipped.length > 0) {
    // Every server left out: an empty profile would replace the client's working one with nothing.
    countSubscriptionFetch(picked, "format_empty");
    const reasons = [...new Set(content.skipped.map((s) => s.reason))].slice(0, 5).join("; ");
    return refusal(406, "subscription_format_empty", req.locale, { format: picked, count: content.skipped.length, reasons });
  }
  countSubscriptionFetch(picked, "ok");
  // The page the client app may show or log: opened by a view-only token, never the download token.
  const webPageUrl = subscriptionViewUrl(settings.baseUrl, one ? one.id : "all", subject.viewToken);
  return {
    status: 200,
    headers: {
      ...contentHeaders({
        title,
        filenameBase: title,
        extension: content.extension,
        ...usage(subject),
        updateIntervalHours: UPDATE_INTERVAL_HOURS,
        webPageUrl,
        supportUrl: settings.supportUrl,
      }),
      ...device.headers,
      ...ruleHeaders,
      "content-type": content.contentType,
    },
    body: perRequestBody(picked, content.body, { usage: usage(subject), fetchedUrl: (root) => fetchedUrl(root, one ? one.id : "all", req.token ?? "", picked), roots: [settings.contentRoot, ...settings.fallbackRoots] }),
  };
}

/**
 * The cached body with what belongs to this request: the owner's usage (SIP008, Shadowrocket's
 * STATUS line), or the URL to update from (Surge and Surfboard managed profiles).
 */
function perRequestBody(format: ServedFormat, body: string, req: { usage: ReturnType<typeof usage>; fetchedUrl: (root: string) => string; roots: string[] }): string {
  switch (format) {
    case "sip008":
      return withSip008Usage(body, req.usage);
    case "shadowrocket":
      return withShadowrocketStatus(body, req.usage);
    case "surge":
    case "surfboard":
      return withManagedConfig(body, req.fetchedUrl(req.roots[0]!), UPDATE_INTERVAL_HOURS * 3600, req.roots.slice(1).map(req.fetchedUrl));
    default:
      return body;
  }
}

/** The URL this document is fetched from (on a delivery root), with its format named so an update never changes it. */
function fetchedUrl(base: string, id: string, token: string, format: ServedFormat): string {
  return id === "all" ? aggregateContentUrl(base, token, format) : subscriptionContentUrl(base, id, token, format);
}

/** subscription-userinfo figures: one subscription's, or the sums of an aggregate (earliest expiry). */
function usage(subject: ContentSubject): { upload: number; download: number; total: number; expireAt: Date | null } {
  const subs = subject.subscriptions;
  if (subs.length === 0) return { upload: 0, download: 0, total: 0, expireAt: null };
  const unlimited = subs.some((s) => s.trafficLimitBytes === 0);
  return {
    upload: subs.reduce((n, s) => n + s.trafficUpBytes, 0),
    download: subs.reduce((n, s) => n + s.trafficDownBytes, 0),
    total: unlimited ? 0 : subs.reduce((n, s) => n + s.trafficLimitBytes, 0),
    expireAt: new Date(Math.min(...subs.map((s) => s.expiresAt.getTime()))),
  };
}


/** The request's headers as the rules read them; without a header source only the User-Agent is known. */
export function requestHeader(req: Pick<ContentRequest, "header" | "userAgent">): (name: string) => string | null {
  return req.header ?? ((name) => (name === "user-agent" ? req.userAgent : null));
}

/**
 * What a matched rule answers without the gate, or null when it names a format (served after the
 * gate). A 404 is the gate's own "no such subscription", so a blocked client learns nothing more.
 */
function ruleAnswer(rule: ResponseRule, req: ContentRequest): ContentResponse | null {
  const then = rule.then;
  if ("format" in then) return null;
  const extra = rule.headers ?? {};
  if ("page" in then) {
    countSubscriptionFetch("page", "rule_page");
    return { status: 200, headers: extra, body: "", action: "page" };
  }
  if ("drop" in then) {
    countSubscriptionFetch("none", "rule_drop");
    return { status: 444, headers: {}, body: "", action: "drop" };
  }
  countSubscriptionFetch("none", `rule_${then.status}`);
  if (then.status === 404) {
    const r = refusal(404, "subscription_not_found", req.locale);
    return { ...r, headers: { ...r.headers, ...extra } };
  }
  // The operator's message as written (it is theirs, in their users' language), else ours in the caller's.
  const message = then.message || localizeError({ code: "FORBIDDEN", message: "subscription_rule_refused", details: { reason: "subscription_rule_refused" } }, req.locale).message;
  return {
    status: 451,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...extra },
    body: JSON.stringify(errorBody("UNAVAILABLE_FOR_LEGAL_REASONS", message, { reason: "subscription_rule_refused", rule: rule.name })),
  };
}

/** A Host header as the delivery-domain list holds it: lower case, without a default port (a client may send `:443`). */
export const hostKey = (host: string) => host.trim().toLowerCase().replace(/:(?:80|443)$/, "");
