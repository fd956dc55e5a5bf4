// The catalog area's public face: plans, streaming services, coupons, promotions, and the pure
// price and discount functions the orders service builds on.
export { PlanInput, PlanVisibilityInput, ListPlansInput, TRIAL_MAX_DAYS, MAX_DURATION_DAYS, MAX_PRICE_MINOR, MAX_PLAN_GB, MAX_TOPUP_GB, type PlanInputRaw, type PlanValues } from "./plan-input";
export { StreamingServiceInput, StreamingServiceUpdateInput, CouponInput, ListCouponsInput, PromotionInput, type CouponValues } from "./inputs";
export { createPlan, updatePlan, setPlanVisibility, deletePlan } from "./manage-plans";
export { listPlansAdmin, getPlanAdmin, listPlanChoices, listStorePlans, getStorePlan, type AdminPlan, type AdminPlanRow, type PlanChoices, type StorePlan } from "./plan-queries";
export { quotePlanPrice, startingPriceMinor, type PricedPlan, type PriceQuote, type QuoteKind, type QuoteRequest } from "./pricing";
export {
  createStreamingService,
  updateStreamingService,
  deleteStreamingService,
  listStreamingServices,
  revealStreamingCredentials,
  type PublicStreamingService,
} from "./streaming";
export { createCoupon, updateCoupon, deleteCoupon, listCoupons, listCouponGrants, grantCoupon, revokeCouponGrant, findCouponForUser, normalizeCouponCode, type CouponRow } from "./coupons";
export { createPromotion, updatePromotion, deletePromotion, listPromotions, listActivePromotions } from "./promotions";
export { couponDiscount, checkCouponUsable, couponAppliesToPlan, bestPromotion, type CouponRules, type CouponUse, type PromotionRules } from "./discounts";
export { parseMajorToMinor, formatMinor, MAX_LINE_MINOR } from "./money";
