"use server";
// The store's purchases. Each verb checks the session itself (requireUser).
import { runAction } from "@/server/actions/run-action";
import { addToCart, buyNow } from "@/server/services/orders";

/** Places the order at once; the page then opens its payment page (a free order is already paid). */
export async function buyNowAction(input: { planId: string; trafficGb?: number }) {
  return runAction(
    async (ctx) => {
      const o = await buyNow(ctx, input);
      return { id: o.id, status: o.status, totalMinor: o.totalMinor };
    },
    { revalidate: ["/store", "/orders"] },
  );
}

export async function addToCartAction(input: { planId: string; trafficGb?: number }) {
  return runAction((ctx) => addToCart(ctx, { planId: input.planId, kind: "NEW_PURCHASE", trafficGb: input.trafficGb }), { revalidate: ["/store", "/cart"] });
}
