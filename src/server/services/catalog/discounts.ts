// Coupon and promotion arithmetic. Pure: the orders service reads the rows inside its transaction
// and calls these; the total and per-user coupon limits are enforced there, atomically (uses_held
// and coupon_redemptions), not here.
//
// Windows are [startsAt, endsAt): usable from startsAt on, no longer at endsAt; a null end is open.
import type { Coupon, Promotion } from "../../db/schema";
import { validationError } from "../../errors";
import { formatMinor } from "./money";

export type CouponRules = Pick<Coupon, "kind" | "amountOffMinor" | "percentOff" | "maxDiscountMinor" | "minSpendMinor" | "startsAt" | "endsAt" | "enabled" | "audience" | "planIds">;
export type PromotionRules = Pick<Promotion, "id" | "thresholdMinor" | "discountMinor" | "startsAt" | "endsAt" | "enabled">;

const started = (startsAt: Date | null, now: Date) => !startsAt || startsAt.getTime() <= now.getTime();
const ended = (endsAt: Date | null, now: Date) => Boolean(endsAt) && endsAt!.getTime() <= now.getTime();
const inWindow = (w: { startsAt: Date | null; endsAt: Date | null }, now: Date) => started(w.startsAt, now) && !ended(w.endsAt, now);
const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** Whether the coupon's plan restriction lets it apply to this plan (an empty list = every plan). */
export const couponAppliesToPlan = (coupon: Pick<Coupon, "planIds">, planId: string): boolean => coupon.planIds.length === 0 || coupon.planIds.includes(planId);

/**
 * The coupon's discount on `subtotalMinor` at `now`, in minor units: AMOUNT takes amountOffMinor,
 * PERCENT takes percentOff % rounded down, then its maxDiscountMinor cap; never more than the
 * subtotal. 0 when the coupon cannot apply (disabled, outside its window, below its minimum spend).
 * With a plan restriction, pass the subtotal of the lines it applies to (couponAppliesToPlan).
 */
export function couponDiscount(coupon: CouponRules, subtotalMinor: number, now: Date): number {
  const subtotal = whole(subtotalMinor);
  if (!coupon.enabled || !inWindow(coupon, now) || subtotal < coupon.minSpendMinor || subtotal === 0) return 0;
  let off: number;
  if (coupon.kind === "AMOUNT") off = coupon.amountOffMinor;
  else {
    // Integer arithmetic: subtotal (< 2^31) * percent (<= 100) stays exact.
    off = Math.floor((subtotal * coupon.percentOff) / 100);
    if (coupon.maxDiscountMinor !== null && coupon.maxDiscountMinor !== undefined) off = Math.min(off, coupon.maxDiscountMinor);
  }
  return Math.min(whole(off), subtotal);
}

export interface CouponUse {
  subtotalMinor: number;
  /** The plans of the order's lines: at least one must be in the coupon's list (when it has one). */
  planIds: string[];
  now: Date;
  /** For GRANTED coupons: whether the coupon was granted to the buyer. Not granted reads like an unknown code. */
  grantedToUser?: boolean;
}

/** Whether the coupon is one this buyer may use at `now` (granted if GRANTED, enabled, in its window). */
const couponOpenTo = (coupon: CouponRules, use: Pick<CouponUse, "now" | "grantedToUser">): boolean =>
  (coupon.audience !== "GRANTED" || use.grantedToUser === true) && coupon.enabled && inWindow(coupon, use.now);

/**
 * Throws why the coupon cannot be used on this order, or returns its discount. A code a buyer could
 * be guessing gets one answer, coupon_unusable, whatever the cause (no coupon, a GRANTED one not
 * granted to this buyer, disabled, not started, expired): telling them apart would confirm that a
 * guessed code exists. Only for a code that names a coupon this buyer may use now do the reasons
 * that follow say more (coupon_not_for_plan, coupon_min_spend with minSpend in major units): they
 * reveal nothing to someone who already holds a working code, and the buyer needs them to fix the
 * order. All are VALIDATION errors on the field `couponCode`.
 */
export function checkCouponUsable(coupon: CouponRules | null | undefined, use: CouponUse): number {
  const fail = (reason: Parameters<typeof validationError>[0], extra: Record<string, unknown> = {}) => validationError(reason, { ...extra, fields: { couponCode: "invalid" } });
  if (!coupon || !couponOpenTo(coupon, use)) throw fail("coupon_unusable");
  if (coupon.planIds.length && !use.planIds.some((p) => coupon.planIds.includes(p))) throw fail("coupon_not_for_plan");
  if (whole(use.subtotalMinor) < coupon.minSpendMinor) throw fail("coupon_min_spend", { minSpend: formatMinor(coupon.minSpendMinor) });
  return couponDiscount(coupon, use.subtotalMinor, use.now);
}

/**
 * The promotion that takes the most off `subtotalMinor` at `now`: enabled, in its window, threshold
 * reached. The discount is never more than the subtotal. Ties go to the higher threshold, then the
 * lower id, so the choice is stable. null when none applies.
 */
export function bestPromotion<P extends PromotionRules>(promotions: readonly P[], subtotalMinor: number, now: Date): { promotion: P; discountMinor: number } | null {
  const subtotal = whole(subtotalMinor);
  let best: { promotion: P; discountMinor: number } | null = null;
  for (const p of promotions) {
    if (!p.enabled || !inWindow(p, now) || subtotal < p.thresholdMinor) continue;
    const discountMinor = Math.min(whole(p.discountMinor), subtotal);
    if (discountMinor <= 0) continue;
    const better =
      !best ||
      discountMinor > best.discountMinor ||
      (discountMinor === best.discountMinor && (p.thresholdMinor > best.promotion.thresholdMinor || (p.thresholdMinor === best.promotion.thresholdMinor && p.id < best.promotion.id)));
    if (better) best = { promotion: p, discountMinor };
  }
  return best;
}
