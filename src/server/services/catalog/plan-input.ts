// A plan as the admin form and the CLI's plan file describe it: one zod schema for both, so both
// refuse the same things with the same field codes. Checks that need the database (the node and its
// inbounds, the streaming service) are made by createPlan/updatePlan.
//
// Rules (the field codes in brackets are what `details.fields` carries):
// - PROXY and TRIAL sell traffic + time on one node: nodeId and one or more inboundIds (synced,
//   active inbounds of that node, checked by the service); no streamingServiceId [not_for_kind].
// - STREAMING sells a slot on a streaming service: streamingServiceId; no node or inbounds, FIXED
//   pricing only and no traffic top-up [not_for_kind]; its traffic is 0.
// - FIXED pricing: priceMinor and (proxy kinds) trafficGb >= 1. SLIDER: pricePerGbMinor, minGb and
//   maxGb with minGb <= maxGb [below_min on maxGb].
// - Renewal NONE | FIXED (renewalPriceMinor buys durationDays again) | PER_DAY
//   (renewalPricePerDayMinor per day, 1..3650 days per renewal).
// - Top-up NONE | PER_GB (topupPricePerGbMinor) | FIXED (a pack: topupGb for topupPriceMinor).
// - TRIAL: free [trial_free], FIXED pricing [trial_fixed], no renewal [trial_no_renewal], no top-up
//   [trial_no_topup], at most TRIAL_MAX_DAYS days [too_big]. One trial per user is the orders' rule.
// - Money is integer minor units (fen), 0..MAX_PRICE_MINOR. stockTotal null = unlimited (0 = sold
//   out); perUserLimit null = unlimited.
// Fields that do not apply to the chosen kind and modes are ignored and stored as their defaults
// (0), so switching a mode in the form never leaves a stale price behind.
import { z } from "zod";
import { PLAN_KINDS, PLAN_VISIBILITIES, PRICING_MODES, RENEWAL_MODES, TOPUP_MODES, TRAFFIC_RESET_STRATEGIES, type PlanKind } from "../../db/schema";
import type { FieldCode } from "../../error-reasons";
import { MAX_LINE_MINOR } from "./money";

export const TRIAL_MAX_DAYS = 7;
export const MAX_DURATION_DAYS = 3650;
/** A single price: 1,000,000.00 in major units. */
export const MAX_PRICE_MINOR = 100_000_000;
export const MAX_PLAN_GB = 1_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_PER_USER = 1_000;
export const MAX_PLAN_INBOUNDS = 50;
/** Devices (x-hwid) one subscription may be fetched from; 0 = no limit. */
export const MAX_DEVICE_LIMIT = 1_000;
/** The most GB one per-GB top-up order may add. */
export const MAX_TOPUP_GB = 10_000;

const money = z.number().int().min(0).max(MAX_PRICE_MINOR);
const gb = z.number().int().min(1).max(MAX_PLAN_GB);
const id = z.string().uuid();

const PlanFields = z.strictObject({
  kind: z.enum(PLAN_KINDS),
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(2000).default(""),
  nodeId: id.nullish(),
  inboundIds: z.array(id).max(MAX_PLAN_INBOUNDS).default([]),
  streamingServiceId: id.nullish(),
  pricingMode: z.enum(PRICING_MODES).default("FIXED"),
  priceMinor: money.optional(),
  trafficGb: gb.optional(),
  pricePerGbMinor: money.optional(),
  minGb: gb.optional(),
  maxGb: gb.optional(),
  durationDays: z.number().int().min(1).max(MAX_DURATION_DAYS),
  renewalMode: z.enum(RENEWAL_MODES).default("NONE"),
  renewalPriceMinor: money.optional(),
  renewalPricePerDayMinor: money.optional(),
  topupMode: z.enum(TOPUP_MODES).default("NONE"),
  // When used traffic goes back to zero (behaviour §6 lifecycle): proxy plans only.
  trafficResetStrategy: z.enum(TRAFFIC_RESET_STRATEGIES).default("NEVER"),
  topupPricePerGbMinor: money.optional(),
  topupGb: gb.optional(),
  topupPriceMinor: money.optional(),
  stockTotal: z.number().int().min(0).max(MAX_STOCK).nullable().default(null),
  perUserLimit: z.number().int().min(1).max(MAX_PER_USER).nullable().default(null),
  // Proxy kinds only (a streaming slot has no subscription link to fetch); 0 = no limit.
  deviceLimit: z.number().int().min(0).max(MAX_DEVICE_LIMIT).default(0),
  visibility: z.enum(PLAN_VISIBILITIES).default("PUBLIC"),
  featured: z.boolean().default(false),
  sortOrder: z.number().int().min(-10_000).max(10_000).default(0),
});
type Fields = z.infer<typeof PlanFields>;

const isProxyKind = (k: PlanKind) => k === "PROXY" || k === "TRIAL";

/** The rules between fields, as field codes (a custom issue's message is our code). */
function checkRules(v: Fields, ctx: z.RefinementCtx): void {
  const fail = (path: keyof Fields, code: FieldCode) => ctx.addIssue({ code: "custom", path: [path], message: code });
  const need = (...keys: (keyof Fields)[]) => {
    for (const k of keys) if (v[k] === undefined || v[k] === null) fail(k, "required");
  };

  if (isProxyKind(v.kind)) {
    need("nodeId");
    if (v.inboundIds.length === 0) ctx.addIssue({ code: "too_small", origin: "array", minimum: 1, inclusive: true, path: ["inboundIds"], input: v.inboundIds });
    if (v.streamingServiceId) fail("streamingServiceId", "not_for_kind");
  } else {
    need("streamingServiceId");
    if (v.nodeId) fail("nodeId", "not_for_kind");
    if (v.inboundIds.length) fail("inboundIds", "not_for_kind");
    if (v.pricingMode !== "FIXED") fail("pricingMode", "not_for_kind");
    if (v.topupMode !== "NONE") fail("topupMode", "not_for_kind");
    if (v.trafficResetStrategy !== "NEVER") fail("trafficResetStrategy", "not_for_kind");
  }

  if (v.pricingMode === "FIXED") {
    need("priceMinor");
    if (isProxyKind(v.kind)) need("trafficGb");
  } else {
    need("pricePerGbMinor", "minGb", "maxGb");
    if (v.minGb !== undefined && v.maxGb !== undefined && v.maxGb < v.minGb) fail("maxGb", "below_min");
    if (v.pricePerGbMinor !== undefined && v.maxGb !== undefined && v.pricePerGbMinor * v.maxGb > MAX_LINE_MINOR)
      ctx.addIssue({ code: "too_big", origin: "number", maximum: Math.floor(MAX_LINE_MINOR / v.maxGb), inclusive: true, path: ["pricePerGbMinor"], input: v.pricePerGbMinor });
  }

  if (v.renewalMode === "FIXED") need("renewalPriceMinor");
  if (v.renewalMode === "PER_DAY") {
    need("renewalPricePerDayMinor");
    const maxPerDay = Math.floor(MAX_LINE_MINOR / MAX_DURATION_DAYS);
    if (v.renewalPricePerDayMinor !== undefined && v.renewalPricePerDayMinor > maxPerDay)
      ctx.addIssue({ code: "too_big", origin: "number", maximum: maxPerDay, inclusive: true, path: ["renewalPricePerDayMinor"], input: v.renewalPricePerDayMinor });
  }
  if (v.topupMode === "PER_GB") {
    need("topupPricePerGbMinor");
    const maxPerGb = Math.floor(MAX_LINE_MINOR / MAX_TOPUP_GB);
    if (v.topupPricePerGbMinor !== undefined && v.topupPricePerGbMinor > maxPerGb)
      ctx.addIssue({ code: "too_big", origin: "number", maximum: maxPerGb, inclusive: true, path: ["topupPricePerGbMinor"], input: v.topupPricePerGbMinor });
  }
  if (v.topupMode === "FIXED") need("topupGb", "topupPriceMinor");

  if (v.kind === "TRIAL") {
    if (v.pricingMode !== "FIXED") fail("pricingMode", "trial_fixed");
    else if (v.priceMinor !== undefined && v.priceMinor !== 0) fail("priceMinor", "trial_free");
    if (v.renewalMode !== "NONE") fail("renewalMode", "trial_no_renewal");
    if (v.topupMode !== "NONE") fail("topupMode", "trial_no_topup");
    if (v.durationDays > TRIAL_MAX_DAYS) ctx.addIssue({ code: "too_big", origin: "number", maximum: TRIAL_MAX_DAYS, inclusive: true, path: ["durationDays"], input: v.durationDays });
  }
}

/** The stored shape: every column set, the ones that do not apply zeroed. */
function normalize(v: Fields) {
  const proxy = isProxyKind(v.kind);
  const fixed = v.pricingMode === "FIXED";
  return {
    kind: v.kind,
    name: v.name,
    description: v.description,
    nodeId: proxy ? (v.nodeId ?? null) : null,
    inboundIds: proxy ? [...new Set(v.inboundIds)] : [],
    streamingServiceId: proxy ? null : (v.streamingServiceId ?? null),
    pricingMode: v.pricingMode,
    priceMinor: fixed ? (v.priceMinor ?? 0) : 0,
    trafficGb: fixed && proxy ? (v.trafficGb ?? 0) : 0,
    pricePerGbMinor: fixed ? 0 : (v.pricePerGbMinor ?? 0),
    minGb: fixed ? 0 : (v.minGb ?? 0),
    maxGb: fixed ? 0 : (v.maxGb ?? 0),
    durationDays: v.durationDays,
    renewalMode: v.renewalMode,
    renewalPriceMinor: v.renewalMode === "FIXED" ? (v.renewalPriceMinor ?? 0) : 0,
    renewalPricePerDayMinor: v.renewalMode === "PER_DAY" ? (v.renewalPricePerDayMinor ?? 0) : 0,
    topupMode: v.topupMode,
    trafficResetStrategy: proxy ? v.trafficResetStrategy : ("NEVER" as const),
    topupPricePerGbMinor: v.topupMode === "PER_GB" ? (v.topupPricePerGbMinor ?? 0) : 0,
    topupGb: v.topupMode === "FIXED" ? (v.topupGb ?? 0) : 0,
    topupPriceMinor: v.topupMode === "FIXED" ? (v.topupPriceMinor ?? 0) : 0,
    stockTotal: v.stockTotal,
    perUserLimit: v.perUserLimit,
    deviceLimit: proxy ? v.deviceLimit : 0,
    visibility: v.visibility,
    featured: v.featured,
    sortOrder: v.sortOrder,
  };
}

export const PlanInput = PlanFields.superRefine(checkRules).transform(normalize);
/** What a caller sends (the admin form, the CLI file). */
export type PlanInputRaw = z.input<typeof PlanInput>;
/** What the service stores: every column, the ones that do not apply zeroed. */
export type PlanValues = z.output<typeof PlanInput>;

export const PlanVisibilityInput = z.object({ visibility: z.enum(PLAN_VISIBILITIES) });

export const ListPlansInput = z.object({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(PLAN_KINDS).optional(),
  visibility: z.enum(PLAN_VISIBILITIES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
