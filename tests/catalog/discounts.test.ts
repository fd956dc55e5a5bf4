// Coupon and promotion arithmetic: the pure functions checkout builds on.
import { describe, expect, it } from "vitest";
import type { CouponRules, PromotionRules } from "../../src/server/services/catalog";
import { bestPromotion, checkCouponUsable, couponAppliesToPlan, couponDiscount } from "../../src/server/services/catalog";

const NOW = new Date("2030-06-15T12:00:00Z");
const before = new Date("2030-06-01T00:00:00Z");
const after = new Date("2030-07-01T00:00:00Z");
const PLAN_A = "11111111-1111-4111-8111-111111111111";
const PLAN_B = "22222222-2222-4222-8222-222222222222";

const coupon = (over: Partial<CouponRules> = {}): CouponRules => ({
  kind: "AMOUNT",
  amountOffMinor: 500,
  percentOff: 0,
  maxDiscountMinor: null,
  minSpendMinor: 0,
  startsAt: null,
  endsAt: null,
  enabled: true,
  audience: "PUBLIC",
  planIds: [],
  ...over,
});
const percent = (p: number, over: Partial<CouponRules> = {}) => coupon({ kind: "PERCENT", amountOffMinor: 0, percentOff: p, ...over });

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    return e as { code: string; reason: string; details: Record<string, unknown> };
  }
  throw new Error("expected a throw");
}

describe("couponDiscount", () => {
  it("an amount coupon takes its amount, never more than the subtotal", () => {
    expect(couponDiscount(coupon(), 2000, NOW)).toBe(500);
    expect(couponDiscount(coupon(), 300, NOW)).toBe(300);
    expect(couponDiscount(coupon(), 0, NOW)).toBe(0);
  });

  it("a percent coupon rounds down", () => {
    expect(couponDiscount(percent(15), 1999, NOW)).toBe(299); // 299.85
    expect(couponDiscount(percent(33), 1, NOW)).toBe(0);
    expect(couponDiscount(percent(100), 1999, NOW)).toBe(1999);
    expect(couponDiscount(percent(10), 2_000_000_000, NOW)).toBe(200_000_000);
  });

  it("a percent coupon's cap limits it", () => {
    expect(couponDiscount(percent(50, { maxDiscountMinor: 800 }), 1999, NOW)).toBe(800);
    expect(couponDiscount(percent(50, { maxDiscountMinor: 800 }), 1000, NOW)).toBe(500);
  });

  it("is 0 when the coupon cannot apply: disabled, outside its window, below its minimum spend", () => {
    expect(couponDiscount(coupon({ enabled: false }), 2000, NOW)).toBe(0);
    expect(couponDiscount(coupon({ startsAt: after }), 2000, NOW)).toBe(0);
    expect(couponDiscount(coupon({ endsAt: before }), 2000, NOW)).toBe(0);
    expect(couponDiscount(coupon({ minSpendMinor: 2001 }), 2000, NOW)).toBe(0);
    expect(couponDiscount(coupon({ minSpendMinor: 2000 }), 2000, NOW)).toBe(500);
  });

  it("the window is [startsAt, endsAt)", () => {
    expect(couponDiscount(coupon({ startsAt: NOW }), 2000, NOW)).toBe(500);
    expect(couponDiscount(coupon({ endsAt: NOW }), 2000, NOW)).toBe(0);
    expect(couponDiscount(coupon({ startsAt: before, endsAt: after }), 2000, NOW)).toBe(500);
  });
});

describe("checkCouponUsable", () => {
  const use = { subtotalMinor: 2000, planIds: [PLAN_A], now: NOW };

  it("returns the discount of a usable coupon", () => {
    expect(checkCouponUsable(coupon(), use)).toBe(500);
    expect(checkCouponUsable(percent(10, { planIds: [PLAN_A] }), use)).toBe(200);
  });

  it.each([
    // A code a buyer could be guessing gets one answer, whatever the cause (issue 21, item 6).
    ["no coupon", null, "coupon_unusable"],
    ["disabled", coupon({ enabled: false }), "coupon_unusable"],
    ["not started", coupon({ startsAt: after }), "coupon_unusable"],
    ["expired", coupon({ endsAt: before }), "coupon_unusable"],
    ["ended exactly now", coupon({ endsAt: NOW }), "coupon_unusable"],
    ["granted, not to this buyer", coupon({ audience: "GRANTED" }), "coupon_unusable"],
    ["for other plans", coupon({ planIds: [PLAN_B] }), "coupon_not_for_plan"],
  ] as const)("%s: %s", (_, c, reason) => {
    expect(thrown(() => checkCouponUsable(c, use))).toMatchObject({ code: "VALIDATION", reason, details: { fields: { couponCode: "invalid" } } });
  });

  it("names the minimum spend in major units", () => {
    expect(thrown(() => checkCouponUsable(coupon({ minSpendMinor: 5000 }), use))).toMatchObject({ reason: "coupon_min_spend", details: { minSpend: "50.00" } });
  });

  it("a granted coupon works for a buyer it was granted to", () => {
    expect(checkCouponUsable(coupon({ audience: "GRANTED" }), { ...use, grantedToUser: true })).toBe(500);
  });

  it("a plan restriction is met when any line's plan is on the list", () => {
    expect(checkCouponUsable(coupon({ planIds: [PLAN_B] }), { ...use, planIds: [PLAN_A, PLAN_B] })).toBe(500);
    expect(couponAppliesToPlan(coupon({ planIds: [PLAN_B] }), PLAN_A)).toBe(false);
    expect(couponAppliesToPlan(coupon(), PLAN_A)).toBe(true);
  });
});

describe("bestPromotion", () => {
  let n = 0;
  const promo = (thresholdMinor: number, discountMinor: number, over: Partial<PromotionRules> = {}): PromotionRules => ({
    id: `0000000${n++}-0000-4000-8000-000000000000`,
    thresholdMinor,
    discountMinor,
    startsAt: null,
    endsAt: null,
    enabled: true,
    ...over,
  });

  it("picks the largest discount among those whose threshold is reached", () => {
    const small = promo(1000, 100);
    const mid = promo(5000, 800);
    const big = promo(10000, 2000);
    expect(bestPromotion([small, mid, big], 6000, NOW)).toEqual({ promotion: mid, discountMinor: 800 });
    expect(bestPromotion([small, mid, big], 10000, NOW)).toEqual({ promotion: big, discountMinor: 2000 });
    expect(bestPromotion([small, mid, big], 999, NOW)).toBeNull();
  });

  it("skips disabled ones and ones outside their window", () => {
    const off = promo(0, 900, { enabled: false });
    const later = promo(0, 800, { startsAt: after });
    const over = promo(0, 700, { endsAt: NOW });
    const live = promo(0, 100, { startsAt: before, endsAt: after });
    expect(bestPromotion([off, later, over, live], 5000, NOW)).toEqual({ promotion: live, discountMinor: 100 });
  });

  it("never takes off more than the subtotal", () => {
    const p = promo(0, 5000);
    expect(bestPromotion([p], 1200, NOW)).toEqual({ promotion: p, discountMinor: 1200 });
    expect(bestPromotion([p], 0, NOW)).toBeNull();
  });

  it("breaks ties by the higher threshold, so the choice is stable", () => {
    const low = promo(100, 500);
    const high = promo(1000, 500);
    expect(bestPromotion([low, high], 3000, NOW)!.promotion).toBe(high);
    expect(bestPromotion([high, low], 3000, NOW)!.promotion).toBe(high);
  });

  it("an empty list has no best", () => {
    expect(bestPromotion([], 1000, NOW)).toBeNull();
  });
});
