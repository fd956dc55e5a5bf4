// previewOrder: the price of an order before it is placed (subtotal, coupon, best promotion), the
// same numbers placeOrder then charges, and nothing reserved by asking.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, plans } from "../../src/server/db/schema";
import { createCoupon, createPromotion } from "../../src/server/services/catalog";
import { buyNow, listMyOrderLines, previewOrder } from "../../src/server/services/orders";
import { anonCtx } from "../helpers/actors";
import { domainErrorOf } from "../panel/helpers";
import { buyer, openShop, proxyPlan } from "./fixtures";

const shop = openShop();
let codeSeq = 0;
const code = (tag: string) => `${tag}${Date.now().toString(36)}${codeSeq++}`.toUpperCase();

describe("previewOrder", () => {
  it("prices fixed and slider lines, applies a coupon, and reserves nothing", async () => {
    const fixed = await proxyPlan(shop, { stockTotal: 1 });
    const slider = await proxyPlan(shop, { pricingMode: "SLIDER", pricePerGbMinor: 150, minGb: 10, maxGb: 100 });
    const coupon = await createCoupon(shop.admin.ctx, { code: code("AMT"), kind: "AMOUNT", amountOffMinor: 300, totalLimit: 1 });
    const u = await buyer(shop);

    const p = await previewOrder(u.ctx, { lines: [{ planId: fixed.id }, { planId: slider.id, trafficGb: 20 }], couponCode: ` ${coupon.code.toLowerCase()} ` });
    expect(p).toMatchObject({ currency: "CNY", subtotalMinor: 1000 + 3000, couponCode: coupon.code, couponDiscountMinor: 300, promotionDiscountMinor: 0, totalMinor: 3700 });
    expect(p.lines).toEqual([
      { planId: fixed.id, planName: fixed.name, kind: "NEW_PURCHASE", amountMinor: 1000, trafficGb: 10, durationDays: 30 },
      { planId: slider.id, planName: slider.name, kind: "NEW_PURCHASE", amountMinor: 3000, trafficGb: 20, durationDays: 30 },
    ]);
    // Asking twice takes no stock and no coupon use (stock 1, coupon limit 1).
    await previewOrder(u.ctx, { lines: [{ planId: fixed.id }], couponCode: coupon.code });
    expect((await shop.db.select().from(plans).where(eq(plans.id, fixed.id)))[0]!.stockHeld).toBe(0);
    expect((await shop.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usesHeld).toBe(0);
  });

  it("answers what placing the order then charges", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 2500 });
    const coupon = await createCoupon(shop.admin.ctx, { code: code("PCT"), kind: "PERCENT", percentOff: 20, maxDiscountMinor: 400 });
    const u = await buyer(shop);
    const p = await previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: coupon.code });
    const order = await buyNow(u.ctx, { planId: plan.id, couponCode: coupon.code });
    expect(p).toMatchObject({ subtotalMinor: order.subtotalMinor, couponDiscountMinor: order.couponDiscountMinor, promotionDiscountMinor: order.promotionDiscountMinor, totalMinor: order.totalMinor });
    expect(p.couponDiscountMinor).toBe(400);
  });

  it("refuses a coupon with the reason placing the order would give, on the field couponCode", async () => {
    const plan = await proxyPlan(shop);
    const other = await proxyPlan(shop);
    const u = await buyer(shop);
    const unknown = await domainErrorOf(() => previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: "NO-SUCH-COUPON" }));
    expect(unknown).toMatchObject({ code: "VALIDATION", reason: "coupon_unusable" });
    expect(unknown.details.fields).toEqual({ couponCode: "invalid" });

    const restricted = await createCoupon(shop.admin.ctx, { code: code("ONLY"), kind: "AMOUNT", amountOffMinor: 100, planIds: [other.id] });
    expect((await domainErrorOf(() => previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: restricted.code }))).reason).toBe("coupon_not_for_plan");
    // A restricted coupon discounts only its plans' lines.
    const mixed = await previewOrder(u.ctx, { lines: [{ planId: plan.id }, { planId: other.id }], couponCode: restricted.code });
    expect(mixed).toMatchObject({ subtotalMinor: 2000, couponDiscountMinor: 100, totalMinor: 1900 });

    const minSpend = await createCoupon(shop.admin.ctx, { code: code("MIN"), kind: "AMOUNT", amountOffMinor: 100, minSpendMinor: 5000 });
    expect((await domainErrorOf(() => previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: minSpend.code }))).reason).toBe("coupon_min_spend");

    const once = await createCoupon(shop.admin.ctx, { code: code("ONCE"), kind: "AMOUNT", amountOffMinor: 100, totalLimit: 1 });
    await buyNow(u.ctx, { planId: plan.id, couponCode: once.code });
    const late = await buyer(shop);
    expect((await domainErrorOf(() => previewOrder(late.ctx, { lines: [{ planId: plan.id }], couponCode: once.code }))).reason).toBe("coupon_exhausted");
  });

  it("checks the lines like placing the order: slider range, unknown plan, a caller is needed", async () => {
    const slider = await proxyPlan(shop, { pricingMode: "SLIDER", pricePerGbMinor: 100, minGb: 5, maxGb: 50 });
    const u = await buyer(shop);
    expect((await domainErrorOf(() => previewOrder(u.ctx, { lines: [{ planId: slider.id, trafficGb: 51 }] }))).reason).toBe("price_traffic_out_of_range");
    expect((await domainErrorOf(() => previewOrder(u.ctx, { lines: [{ planId: "00000000-0000-4000-8000-000000000000" }] }))).reason).toBe("plan_not_found");
    expect((await domainErrorOf(() => previewOrder(u.ctx, { lines: [] }))).code).toBe("VALIDATION");
    expect((await domainErrorOf(() => previewOrder(anonCtx(shop.db), { lines: [{ planId: slider.id, trafficGb: 10 }] }))).code).toBe("UNAUTHENTICATED");
  });

  // Last: a promotion applies to every later order of this file's shop.
  it("adds the best promotion after the coupon, never below zero", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 3000 });
    await createPromotion(shop.admin.ctx, { name: "small", thresholdMinor: 2000, discountMinor: 200 });
    await createPromotion(shop.admin.ctx, { name: "big", thresholdMinor: 3000, discountMinor: 600 });
    const coupon = await createCoupon(shop.admin.ctx, { code: code("BIG"), kind: "AMOUNT", amountOffMinor: 2800 });
    const u = await buyer(shop);
    expect(await previewOrder(u.ctx, { lines: [{ planId: plan.id }] })).toMatchObject({ subtotalMinor: 3000, promotionDiscountMinor: 600, totalMinor: 2400 });
    const both = await previewOrder(u.ctx, { lines: [{ planId: plan.id }], couponCode: coupon.code });
    expect(both).toMatchObject({ couponDiscountMinor: 2800, promotionDiscountMinor: 200, totalMinor: 0 });
    const order = await buyNow(u.ctx, { planId: plan.id, couponCode: coupon.code });
    expect(order).toMatchObject({ couponDiscountMinor: 2800, promotionDiscountMinor: 200, totalMinor: 0 });
  });
});

describe("listMyOrderLines", () => {
  it("answers the lines of the caller's own orders only", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const other = await buyer(shop);
    const mine = await buyNow(u.ctx, { planId: plan.id });
    const theirs = await buyNow(other.ctx, { planId: plan.id });
    expect(await listMyOrderLines(u.ctx, [mine.id, theirs.id])).toEqual([{ orderId: mine.id, planName: plan.name, kind: "NEW_PURCHASE" }]);
    expect(await listMyOrderLines(u.ctx, [])).toEqual([]);
    expect((await domainErrorOf(() => listMyOrderLines(anonCtx(shop.db), [mine.id]))).code).toBe("UNAUTHENTICATED");
  });
});
