"use server";
// Extending one's own subscription: price it (nothing reserved), order it now, or put it in the cart.
import { runAction } from "@/server/actions/run-action";
import { addToCart, addTraffic, previewOrder, renewSubscription } from "@/server/services/orders";

export interface ExtensionInput {
  planId: string;
  subscriptionId: string;
  kind: "RENEWAL" | "TRAFFIC_TOPUP";
  days?: number;
  trafficGb?: number;
  couponCode?: string;
}

export async function previewExtensionAction(input: ExtensionInput) {
  return runAction((ctx) =>
    previewOrder(ctx, {
      lines: [{ planId: input.planId, kind: input.kind, subscriptionId: input.subscriptionId, days: input.days, trafficGb: input.trafficGb }],
      couponCode: input.couponCode || undefined,
    }),
  );
}

/** Places the renewal or top-up order; the page then opens its payment page (a free one is already paid). */
export async function orderExtensionAction(input: ExtensionInput) {
  return runAction(
    async (ctx) => {
      const common = { subscriptionId: input.subscriptionId, couponCode: input.couponCode || undefined };
      const o = input.kind === "RENEWAL" ? await renewSubscription(ctx, { ...common, days: input.days }) : await addTraffic(ctx, { ...common, trafficGb: input.trafficGb });
      return { id: o.id, status: o.status };
    },
    { revalidate: ["/subscriptions", "/orders"] },
  );
}

export async function addExtensionToCartAction(input: ExtensionInput) {
  return runAction((ctx) => addToCart(ctx, { planId: input.planId, kind: input.kind, subscriptionId: input.subscriptionId, days: input.days ?? 0, trafficGb: input.trafficGb ?? 0 }), {
    revalidate: ["/cart"],
  });
}
