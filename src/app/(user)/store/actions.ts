"use server";
// The store's purchases. Each verb checks the session itself (requireUser) and validates the fields.
import { args, fields } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { addToCart, buyNow, previewOrder } from "@/server/services/orders";

const Purchase = args(["input", fields]);
type PurchaseInput = { planId: string; trafficGb?: number };
/** Buy now's choices: the plan, the traffic of a slider plan, and a coupon code (optional). */
type BuyInput = PurchaseInput & { couponCode?: string };
/** Issue 28: buy now may be a gift for someone's email (`giftEmail`); the recipient claims it at /gift/<code>. */
type BuyNowInput = BuyInput & { giftEmail?: string };

/**
 * Places the order at once; the page then opens its payment page (a free order is already paid).
 * The same choices again, while that order is unpaid, answer the same order (no second one).
 */
export async function buyNowAction(...a: [input: BuyNowInput]) {
  return runAction(
    Purchase,
    a,
    async (ctx, [input]) => {
      const o = await buyNow(ctx, input);
      return { id: o.id, status: o.status, totalMinor: o.totalMinor };
    },
    { revalidate: ["/store", "/orders"] },
  );
}

/** The price buy now would charge for these choices (coupon and best promotion applied); reserves nothing. */
export async function previewBuyNowAction(...a: [input: BuyInput]) {
  return runAction(Purchase, a, (ctx, [input]) =>
    previewOrder(ctx, { lines: [{ planId: input.planId, kind: "NEW_PURCHASE", trafficGb: input.trafficGb }], couponCode: input.couponCode || undefined }),
  );
}

export async function addToCartAction(...a: [input: PurchaseInput]) {
  return runAction(Purchase, a, (ctx, [input]) => addToCart(ctx, { planId: input.planId, kind: "NEW_PURCHASE", trafficGb: input.trafficGb }), { revalidate: ["/store", "/cart"] });
}
