"use server";
// Extending one's own subscription: price it (nothing reserved), order it now, or put it in the cart;
// rotating its access, the aggregate link, and revealing streaming credentials.
import { runAction } from "@/server/actions/run-action";
import { addToCart, addTraffic, previewOrder, renewSubscription } from "@/server/services/orders";
import * as subs from "@/server/services/subscriptions";

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

/** New download token and panel credentials for one's own proxy subscription; used traffic is kept. Answers the new token. */
export async function rotateSubscriptionAccess(subscriptionId: string) {
  return runAction((ctx) => subs.rotateSubscriptionAccess(ctx, subscriptionId), { revalidate: ["/subscriptions", `/subscriptions/${subscriptionId}`] });
}

/** A new token for the aggregate (/api/subscription/all) link; the old link stops working. */
export async function rotateAggregateLink() {
  return runAction((ctx) => subs.rotateAggregateToken(ctx), { revalidate: ["/subscriptions"] });
}

/** The shared account's credentials of one's own active streaming subscription (audited). */
export async function revealStreamingCredentials(subscriptionId: string) {
  return runAction((ctx) => subs.revealStreamingCredentials(ctx, subscriptionId));
}
