"use server";
// The buyer's own orders: cancel an unpaid one, start a payment attempt; [wallet] pay from the balance.
import { z } from "zod";
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { cancelMyOrder } from "@/server/services/orders";
import { createOrderPayment, createPayment } from "@/server/services/payments";
import { publicBaseUrl } from "@/server/services/payments/base-url";
import { requireWalletEdition } from "@/server/services/wallet";

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

/** [wallet] The whole order paid from the balance at once (refused with 404 in the base edition). */
export async function payFromBalanceAction(...a: [orderId: string]) {
  return runAction(args(["orderId", str]), a, async (ctx, [orderId]) => {
    requireWalletEdition();
    return createOrderPayment(ctx, { orderId, provider: "balance" }, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
  }, { revalidate: ["/orders", "/wallet"] });
}

/** [wallet] A split payment: `balanceMinor` held from the balance, the rest through the gateway. */
export async function createSplitPaymentAction(...a: [orderId: string, provider: string, balanceMinor: number]) {
  return runAction(args(["orderId", str], ["provider", str], ["balanceMinor", z.number()]), a, async (ctx, [orderId, provider, balanceMinor]) => {
    requireWalletEdition();
    return createPayment(ctx, { orderId, provider, balanceMinor }, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
  });
}
