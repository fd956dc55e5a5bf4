"use server";
// The payment page's success screen asks what the paid order gave (read only; owner only).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { myOrderResult } from "@/server/services/orders/order-result";

export async function orderResultAction(...a: [orderId: string]) {
  return runAction(args(["orderId", str]), a, (ctx, [orderId]) => myOrderResult(ctx, orderId), { allowWhileRestricted: true });
}
