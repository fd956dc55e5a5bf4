"use server";
// The buyer's own orders: cancel an unpaid one, start a payment attempt.
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { cancelMyOrder } from "@/server/services/orders";
import { createPayment } from "@/server/services/payments";
import { publicBaseUrl } from "@/server/services/payments/base-url";

export async function cancelOrderAction(...a: [orderId: string]) {
  return runAction(args(["orderId", str]), a, (ctx, [orderId]) => cancelMyOrder(ctx, orderId), { revalidate: ["/orders", "/store"] });
}

/**
 * A payment attempt for the caller's pending order (the same method again reuses the open attempt).
 * Gateways call back and send the buyer back to the site's configured address (never a request header).
 */
export async function createPaymentAction(...a: [orderId: string, provider: string]) {
  return runAction(args(["orderId", str], ["provider", str]), a, async (ctx, [orderId, provider]) => {
    return createPayment(ctx, { orderId, provider }, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
  });
}
