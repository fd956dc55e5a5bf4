"use server";
// Extending one's own subscription: price it (nothing reserved), order it now, or put it in the cart;
// rotating its access, the aggregate link, and revealing streaming credentials.
import { z } from "zod";
import { args, noArgs, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { addToCart, addTraffic, previewOrder, renewSubscription } from "@/server/services/orders";
import * as subs from "@/server/services/subscriptions";
import * as planChange from "@/server/services/plan-change";

export interface ExtensionInput {
  planId: string;
  subscriptionId: string;
  kind: "RENEWAL" | "TRAFFIC_TOPUP";
  days?: number;
  trafficGb?: number;
  couponCode?: string;
}

// The kind picks the verb; the other fields are the verbs' to check (VALIDATION with the field's name).
const Extension = args(["input", z.looseObject({ kind: z.enum(["RENEWAL", "TRAFFIC_TOPUP"]) })]);
const SubscriptionId = args(["subscriptionId", str]);
const couponOf = (input: Record<string, unknown>) => input.couponCode || undefined;

export async function previewExtensionAction(...a: [input: ExtensionInput]) {
  return runAction(Extension, a, (ctx, [input]) =>
    previewOrder(ctx, {
      lines: [{ planId: input.planId, kind: input.kind, subscriptionId: input.subscriptionId, days: input.days, trafficGb: input.trafficGb }],
      couponCode: couponOf(input),
    }),
  );
}

/** Places the renewal or top-up order; the page then opens its payment page (a free one is already paid). */
export async function orderExtensionAction(...a: [input: ExtensionInput]) {
  return runAction(
    Extension,
    a,
    async (ctx, [input]) => {
      const common = { subscriptionId: input.subscriptionId, couponCode: couponOf(input) };
      const o = input.kind === "RENEWAL" ? await renewSubscription(ctx, { ...common, days: input.days }) : await addTraffic(ctx, { ...common, trafficGb: input.trafficGb });
      return { id: o.id, status: o.status };
    },
    { revalidate: ["/subscriptions", "/orders"] },
  );
}

export async function addExtensionToCartAction(...a: [input: ExtensionInput]) {
  return runAction(Extension, a, (ctx, [input]) => addToCart(ctx, { planId: input.planId, kind: input.kind, subscriptionId: input.subscriptionId, days: input.days ?? 0, trafficGb: input.trafficGb ?? 0 }), {
    revalidate: ["/cart"],
  });
}

/** New download token and panel credentials for one's own proxy subscription; used traffic is kept. Answers the new token. */
export async function rotateSubscriptionAccess(...a: [subscriptionId: string]) {
  return runAction(SubscriptionId, a, (ctx, [subscriptionId]) => subs.rotateSubscriptionAccess(ctx, subscriptionId), {
    revalidate: ([subscriptionId]) => ["/subscriptions", `/subscriptions/${subscriptionId}`],
  });
}

/** A new token for the aggregate (/api/subscription/all) link; the old link stops working. */
export async function rotateAggregateLink(...a: []) {
  return runAction(noArgs, a, (ctx) => subs.rotateAggregateToken(ctx), { revalidate: ["/subscriptions"] });
}

/** The shared account's credentials of one's own active streaming subscription (audited). */
export async function revealStreamingCredentials(...a: [subscriptionId: string]) {
  return runAction(SubscriptionId, a, (ctx, [subscriptionId]) => subs.revealStreamingCredentials(ctx, subscriptionId));
}

// Plan changes (issue 28 item 2): the plans one's own subscription may move to, the arithmetic of a
// move (nothing reserved), and the move's order, which the page then opens on its payment page.
const PlanMove = args(["subscriptionId", str], ["planId", str]);

export async function planChangeOptions(...a: [subscriptionId: string]) {
  return runAction(SubscriptionId, a, (ctx, [subscriptionId]) => planChange.listPlanChangeOptions(ctx, subscriptionId));
}

export async function previewPlanChange(...a: [subscriptionId: string, planId: string]) {
  return runAction(PlanMove, a, (ctx, [subscriptionId, planId]) => planChange.previewPlanChange(ctx, { subscriptionId, planId }));
}

/** Answers the order (a change with nothing due comes back already paid and applied). */
export async function orderPlanChange(...a: [subscriptionId: string, planId: string]) {
  return runAction(
    PlanMove,
    a,
    async (ctx, [subscriptionId, planId]) => {
      const o = await planChange.orderPlanChange(ctx, { subscriptionId, planId });
      return { id: o.id, status: o.status };
    },
    { revalidate: ([subscriptionId]) => ["/subscriptions", `/subscriptions/${subscriptionId}`, "/orders"] },
  );
}
