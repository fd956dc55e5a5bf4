"use server";
// The store's purchases. Each verb checks the session itself (requireUser) and validates the fields.
import { args, fields } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { addToCart, buyNow } from "@/server/services/orders";

const Purchase = args(["input", fields]);
type PurchaseInput = { planId: string; trafficGb?: number };

/** Places the order at once; the page then opens its payment page (a free order is already paid). */
export async function buyNowAction(...a: [input: PurchaseInput]) {
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

export async function addToCartAction(...a: [input: PurchaseInput]) {
  return runAction(Purchase, a, (ctx, [input]) => addToCart(ctx, { planId: input.planId, kind: "NEW_PURCHASE", trafficGb: input.trafficGb }), { revalidate: ["/store", "/cart"] });
}
