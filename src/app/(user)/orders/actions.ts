"use server";
// The buyer's own orders: cancel an unpaid one, start a payment attempt.
import { runAction } from "@/server/actions/run-action";
import { cancelMyOrder } from "@/server/services/orders";
import { createPayment } from "@/server/services/payments";
import { publicBaseUrl } from "@/server/services/payments/base-url";

export async function cancelOrderAction(orderId: string) {
  return runAction((ctx) => cancelMyOrder(ctx, orderId), { revalidate: ["/orders", "/store"] });
}

/**
 * A payment attempt for the caller's pending order (the same method again reuses the open attempt).
 * Gateways call back and send the buyer back to the site's configured address (never a request header).
 */
export async function createPaymentAction(orderId: string, provider: string) {
  return runAction(async (ctx) => {
    return createPayment(ctx, { orderId, provider }, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
  });
}
