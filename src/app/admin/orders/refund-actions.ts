"use server";
// The refund dialog's and the order drawer's read (issue 23 item 5): each destination with its
// maximum or the reason it is not offered, and the order's refund. Admins only (the wrapper refuses
// anyone else before reading the argument, and the verb checks again).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { getRefundOptions } from "@/server/services/refunds";

export async function refundOptions(...a: [orderId: string]) {
  return runAction(args(["orderId", str]), a, (ctx, [orderId]) => getRefundOptions(ctx, orderId), { permission: "orders.refund" });
}
