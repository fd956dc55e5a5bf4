// What one order line for a plan costs. Pure: the orders service calls it with the plan row it read
// (inside its own transaction) and stores the answer on the line; no discount is applied here.
import type { Plan } from "../../db/schema";
import { validationError } from "../../errors";
import { MAX_DURATION_DAYS, MAX_TOPUP_GB } from "./plan-input";
import { MAX_LINE_MINOR } from "./money";

/** The plan columns a price depends on (a full Plan row, or a store view of one, will do). */
export type PricedPlan = Pick<
  Plan,
  | "kind"
  | "pricingMode"
  | "priceMinor"
  | "trafficGb"
  | "pricePerGbMinor"
  | "minGb"
  | "maxGb"
  | "durationDays"
  | "renewalMode"
  | "renewalPriceMinor"
  | "renewalPricePerDayMinor"
  | "topupMode"
  | "topupPricePerGbMinor"
  | "topupGb"
  | "topupPriceMinor"
>;

export type QuoteKind = "NEW_PURCHASE" | "RENEWAL" | "TRAFFIC_TOPUP";

export interface QuoteRequest {
  kind: QuoteKind;
  /** SLIDER purchases and PER_GB top-ups: how many GB (a whole number). Ignored otherwise. */
  trafficGb?: number;
  /** PER_DAY renewals: how many days, 1..3650. Ignored otherwise. */
  days?: number;
}

/**
 * amountMinor: the line's price in minor units. trafficGb: the traffic the line adds (0 for a
 * renewal, which extends time only, and for streaming). durationDays: the time the line adds (0 for
 * a top-up, which adds traffic to the current period).
 */
export interface PriceQuote {
  amountMinor: number;
  trafficGb: number;
  durationDays: number;
}

const wholeIn = (v: number | undefined, min: number, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

function gbOrThrow(v: number | undefined, min: number, max: number): number {
  if (v === undefined || v === null) throw validationError("price_traffic_required", { fields: { trafficGb: "required" } });
  if (!wholeIn(v, min, max)) throw validationError("price_traffic_out_of_range", { min, max, fields: { trafficGb: "invalid" } });
  return v;
}

function checked(q: PriceQuote): PriceQuote {
  if (!Number.isSafeInteger(q.amountMinor) || q.amountMinor < 0 || q.amountMinor > MAX_LINE_MINOR) throw validationError("price_too_large");
  return q;
}

/**
 * The price of a new purchase, a renewal or a traffic top-up of `plan`. Throws a VALIDATION
 * DomainError when the request does not fit the plan: slider GB outside minGb..maxGb
 * (price_traffic_out_of_range), renewal of a plan without renewal or of a trial
 * (price_renewal_not_allowed), top-up of a plan without top-ups, a trial or a streaming plan
 * (price_topup_not_allowed), per-day renewal days outside 1..3650 (price_days_out_of_range).
 */
export function quotePlanPrice(plan: PricedPlan, req: QuoteRequest): PriceQuote {
  switch (req.kind) {
    case "NEW_PURCHASE": {
      if (plan.pricingMode === "SLIDER" && plan.kind !== "STREAMING") {
        const gb = gbOrThrow(req.trafficGb, plan.minGb, plan.maxGb);
        return checked({ amountMinor: plan.pricePerGbMinor * gb, trafficGb: gb, durationDays: plan.durationDays });
      }
      return checked({ amountMinor: plan.priceMinor, trafficGb: plan.kind === "STREAMING" ? 0 : plan.trafficGb, durationDays: plan.durationDays });
    }
    case "RENEWAL": {
      if (plan.kind === "TRIAL" || plan.renewalMode === "NONE") throw validationError("price_renewal_not_allowed");
      if (plan.renewalMode === "FIXED") return checked({ amountMinor: plan.renewalPriceMinor, trafficGb: 0, durationDays: plan.durationDays });
      if (req.days === undefined || req.days === null) throw validationError("price_days_out_of_range", { min: 1, max: MAX_DURATION_DAYS, fields: { days: "required" } });
      if (!wholeIn(req.days, 1, MAX_DURATION_DAYS)) throw validationError("price_days_out_of_range", { min: 1, max: MAX_DURATION_DAYS, fields: { days: "invalid" } });
      return checked({ amountMinor: plan.renewalPricePerDayMinor * req.days, trafficGb: 0, durationDays: req.days });
    }
    case "TRAFFIC_TOPUP": {
      if (plan.kind !== "PROXY" || plan.topupMode === "NONE") throw validationError("price_topup_not_allowed");
      if (plan.topupMode === "FIXED") return checked({ amountMinor: plan.topupPriceMinor, trafficGb: plan.topupGb, durationDays: 0 });
      const gb = gbOrThrow(req.trafficGb, 1, MAX_TOPUP_GB);
      return checked({ amountMinor: plan.topupPricePerGbMinor * gb, trafficGb: gb, durationDays: 0 });
    }
    default:
      throw validationError("invalid_input", { fields: { kind: "invalid_choice" } });
  }
}

/** The lowest price a new purchase of the plan can have (the store's "from" price). */
export function startingPriceMinor(plan: PricedPlan): number {
  return plan.pricingMode === "SLIDER" && plan.kind !== "STREAMING" ? plan.pricePerGbMinor * plan.minGb : plan.priceMinor;
}
