// quotePlanPrice: what one order line costs, and every request a plan refuses.
import { describe, expect, it } from "vitest";
import type { PricedPlan } from "../../src/server/services/catalog";
import { formatMinor, MAX_LINE_MINOR, parseMajorToMinor, quotePlanPrice, startingPriceMinor } from "../../src/server/services/catalog";

const base: PricedPlan = {
  kind: "PROXY",
  pricingMode: "FIXED",
  priceMinor: 1999,
  trafficGb: 100,
  pricePerGbMinor: 0,
  minGb: 0,
  maxGb: 0,
  durationDays: 30,
  renewalMode: "NONE",
  renewalPriceMinor: 0,
  renewalPricePerDayMinor: 0,
  topupMode: "NONE",
  topupPricePerGbMinor: 0,
  topupGb: 0,
  topupPriceMinor: 0,
};
const plan = (over: Partial<PricedPlan> = {}): PricedPlan => ({ ...base, ...over });
const slider = plan({ pricingMode: "SLIDER", priceMinor: 0, trafficGb: 0, pricePerGbMinor: 50, minGb: 10, maxGb: 500 });

function reasonOf(fn: () => unknown): { code: string; reason: string; details: Record<string, unknown> } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; reason: string; details: Record<string, unknown> };
  }
  throw new Error("expected a throw");
}

describe("quotePlanPrice: new purchases", () => {
  it("a fixed package costs its price and gives its traffic and duration", () => {
    expect(quotePlanPrice(base, { kind: "NEW_PURCHASE" })).toEqual({ amountMinor: 1999, trafficGb: 100, durationDays: 30 });
    // A GB count sent along for a fixed package is ignored.
    expect(quotePlanPrice(base, { kind: "NEW_PURCHASE", trafficGb: 3 })).toEqual({ amountMinor: 1999, trafficGb: 100, durationDays: 30 });
  });

  it("a slider plan costs price per GB times the chosen GB, bounds included", () => {
    expect(quotePlanPrice(slider, { kind: "NEW_PURCHASE", trafficGb: 10 })).toEqual({ amountMinor: 500, trafficGb: 10, durationDays: 30 });
    expect(quotePlanPrice(slider, { kind: "NEW_PURCHASE", trafficGb: 123 })).toEqual({ amountMinor: 6150, trafficGb: 123, durationDays: 30 });
    expect(quotePlanPrice(slider, { kind: "NEW_PURCHASE", trafficGb: 500 })).toEqual({ amountMinor: 25000, trafficGb: 500, durationDays: 30 });
  });

  it.each([9, 501, 0, -5, 10.5, Number.NaN, Number.POSITIVE_INFINITY])("a slider refuses %s GB (outside min..max or not whole)", (gb) => {
    const e = reasonOf(() => quotePlanPrice(slider, { kind: "NEW_PURCHASE", trafficGb: gb }));
    expect(e).toMatchObject({ code: "VALIDATION", reason: "price_traffic_out_of_range", details: { min: 10, max: 500, fields: { trafficGb: "invalid" } } });
  });

  it("a slider needs a GB count", () => {
    expect(reasonOf(() => quotePlanPrice(slider, { kind: "NEW_PURCHASE" }))).toMatchObject({ code: "VALIDATION", reason: "price_traffic_required" });
  });

  it("a streaming slot costs its price and carries no traffic", () => {
    expect(quotePlanPrice(plan({ kind: "STREAMING", trafficGb: 0, priceMinor: 1500 }), { kind: "NEW_PURCHASE" })).toEqual({ amountMinor: 1500, trafficGb: 0, durationDays: 30 });
  });

  it("a trial is free", () => {
    expect(quotePlanPrice(plan({ kind: "TRIAL", priceMinor: 0, trafficGb: 5, durationDays: 3 }), { kind: "NEW_PURCHASE" })).toEqual({ amountMinor: 0, trafficGb: 5, durationDays: 3 });
  });

  it("refuses an amount one order line cannot hold", () => {
    const huge = plan({ pricingMode: "SLIDER", pricePerGbMinor: 100_000_000, minGb: 1, maxGb: 1000 });
    expect(reasonOf(() => quotePlanPrice(huge, { kind: "NEW_PURCHASE", trafficGb: 11 }))).toMatchObject({ reason: "price_too_large" });
    expect(quotePlanPrice(huge, { kind: "NEW_PURCHASE", trafficGb: MAX_LINE_MINOR / 100_000_000 }).amountMinor).toBe(MAX_LINE_MINOR);
  });

  it("the store's 'from' price is the fixed price or the slider's price at its minimum", () => {
    expect(startingPriceMinor(base)).toBe(1999);
    expect(startingPriceMinor(slider)).toBe(500);
  });
});

describe("quotePlanPrice: renewals", () => {
  it("a fixed renewal buys the plan's duration again for the renewal price, no traffic", () => {
    expect(quotePlanPrice(plan({ renewalMode: "FIXED", renewalPriceMinor: 1800 }), { kind: "RENEWAL" })).toEqual({ amountMinor: 1800, trafficGb: 0, durationDays: 30 });
  });

  it("a per-day renewal costs days times the daily price", () => {
    const p = plan({ renewalMode: "PER_DAY", renewalPricePerDayMinor: 70 });
    expect(quotePlanPrice(p, { kind: "RENEWAL", days: 1 })).toEqual({ amountMinor: 70, trafficGb: 0, durationDays: 1 });
    expect(quotePlanPrice(p, { kind: "RENEWAL", days: 45 })).toEqual({ amountMinor: 3150, trafficGb: 0, durationDays: 45 });
    expect(quotePlanPrice(p, { kind: "RENEWAL", days: 3650 })).toEqual({ amountMinor: 255500, trafficGb: 0, durationDays: 3650 });
  });

  it.each([0, 3651, -1, 2.5, undefined])("a per-day renewal refuses %s days", (days) => {
    const e = reasonOf(() => quotePlanPrice(plan({ renewalMode: "PER_DAY", renewalPricePerDayMinor: 70 }), { kind: "RENEWAL", days }));
    expect(e).toMatchObject({ code: "VALIDATION", reason: "price_days_out_of_range", details: { min: 1, max: 3650 } });
  });

  it("a plan without renewal, and any trial, cannot be renewed", () => {
    expect(reasonOf(() => quotePlanPrice(base, { kind: "RENEWAL" }))).toMatchObject({ code: "VALIDATION", reason: "price_renewal_not_allowed" });
    expect(reasonOf(() => quotePlanPrice(plan({ kind: "TRIAL", renewalMode: "FIXED" }), { kind: "RENEWAL" }))).toMatchObject({ reason: "price_renewal_not_allowed" });
  });

  it("a streaming slot may be renewed", () => {
    expect(quotePlanPrice(plan({ kind: "STREAMING", renewalMode: "FIXED", renewalPriceMinor: 1400 }), { kind: "RENEWAL" })).toEqual({ amountMinor: 1400, trafficGb: 0, durationDays: 30 });
  });
});

describe("quotePlanPrice: traffic top-ups", () => {
  it("per GB: GB times the price, no time", () => {
    expect(quotePlanPrice(plan({ topupMode: "PER_GB", topupPricePerGbMinor: 30 }), { kind: "TRAFFIC_TOPUP", trafficGb: 25 })).toEqual({ amountMinor: 750, trafficGb: 25, durationDays: 0 });
  });

  it("per GB refuses 0, fractions, more than 10000 GB, or no GB", () => {
    const p = plan({ topupMode: "PER_GB", topupPricePerGbMinor: 30 });
    for (const gb of [0, 1.5, 10_001]) expect(reasonOf(() => quotePlanPrice(p, { kind: "TRAFFIC_TOPUP", trafficGb: gb }))).toMatchObject({ reason: "price_traffic_out_of_range", details: { min: 1, max: 10_000 } });
    expect(reasonOf(() => quotePlanPrice(p, { kind: "TRAFFIC_TOPUP" }))).toMatchObject({ reason: "price_traffic_required" });
  });

  it("a fixed pack gives its GB for its price, whatever GB was asked", () => {
    expect(quotePlanPrice(plan({ topupMode: "FIXED", topupGb: 50, topupPriceMinor: 999 }), { kind: "TRAFFIC_TOPUP", trafficGb: 7 })).toEqual({ amountMinor: 999, trafficGb: 50, durationDays: 0 });
  });

  it("plans without top-ups, trials and streaming slots take none", () => {
    expect(reasonOf(() => quotePlanPrice(base, { kind: "TRAFFIC_TOPUP", trafficGb: 1 }))).toMatchObject({ code: "VALIDATION", reason: "price_topup_not_allowed" });
    expect(reasonOf(() => quotePlanPrice(plan({ kind: "TRIAL", topupMode: "PER_GB", topupPricePerGbMinor: 1 }), { kind: "TRAFFIC_TOPUP", trafficGb: 1 }))).toMatchObject({ reason: "price_topup_not_allowed" });
    expect(reasonOf(() => quotePlanPrice(plan({ kind: "STREAMING", topupMode: "FIXED", topupGb: 1 }), { kind: "TRAFFIC_TOPUP" }))).toMatchObject({ reason: "price_topup_not_allowed" });
  });

  it("an unknown request kind is a validation error", () => {
    expect(reasonOf(() => quotePlanPrice(base, { kind: "GIFT" as never }))).toMatchObject({ code: "VALIDATION" });
  });
});

describe("money text", () => {
  it.each([
    ["19.99", 1999],
    ["0.05", 5],
    ["12", 1200],
    ["12.5", 1250],
    [" 1,234.10 ", 123410],
    ["0", 0],
    ["0.1", 10],
    ["1.", 100],
  ])("%s yuan is %i fen, exactly", (text, minor) => expect(parseMajorToMinor(text)).toBe(minor));

  it.each(["", "-1", "1.999", "1e3", "abc", "1.2.3", "0x10", ".5"])("%j is not an amount", (text) => expect(parseMajorToMinor(text)).toBeNull());

  it("has no float error where a float multiplication would (0.29 * 100 = 28.999...)", () => {
    expect(0.29 * 100).not.toBe(29);
    expect(parseMajorToMinor("0.29")).toBe(29);
    expect(parseMajorToMinor("1.15")).toBe(115);
  });

  it("formats minor units with two decimals", () => {
    expect([formatMinor(1999), formatMinor(5), formatMinor(0), formatMinor(100000), formatMinor(-150)]).toEqual(["19.99", "0.05", "0.00", "1000.00", "-1.50"]);
  });
});
