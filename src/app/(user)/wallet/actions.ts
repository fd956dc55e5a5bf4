"use server";
// [wallet] The wallet page's recharge actions under the contract's names (interface.md "User:
// wallet"): create a recharge order, cancel a pending one, and start its gateway payment. Thin
// wrappers; each verb checks the edition (404 in the base edition), the caller and the input.
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { publicBaseUrl } from "@/server/services/payments/base-url";
import * as wallet from "@/server/services/wallet";

/** `{ amount }` in minor units of the site currency. */
export async function createRechargeOrder(...a: [input: { amount: number }]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => wallet.createRechargeOrder(ctx, input), { revalidate: ["/wallet"] });
}

export async function cancelRechargeOrder(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => wallet.cancelRechargeOrder(ctx, id), { revalidate: ["/wallet"] });
}

/**
 * A gateway attempt for the caller's pending recharge (the same method again reuses the open one),
 * the same verb as POST /api/wallet/recharge/payment/create. Gateways call back and send the payer
 * back to the site's configured address, never a request header.
 */
export async function createRechargePaymentAction(...a: [rechargeId: string, provider: string, channel?: string]) {
  return runAction(args(["rechargeId", str], ["provider", str], ["channel", str.optional()]), a, async (ctx, [rechargeId, provider, channel]) => {
    return wallet.createRechargePayment(ctx, { rechargeId, provider, channel }, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
  });
}
