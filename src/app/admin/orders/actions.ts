"use server";
// Admin order operations, under the contract's names (interface.md "Admin, orders"): thin wrappers;
// admins only (the wrapper refuses anyone else before reading the arguments, and every verb checks).
import { args, fields, form, formList, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import * as orders from "@/server/services/orders";

const PAGES = ["/admin/orders", "/admin"];
const OPTS = { revalidate: PAGES, permission: "orders.write" as const };
const OrderId = args(["orderId", str]);
const WithInput = args(["orderId", str], ["input", fields]);

export async function confirmOrder(...a: [orderId: string]) {
  return runAction(OrderId, a, async (ctx, [orderId]) => {
    await orders.confirmOrder(ctx, orderId);
  }, OPTS);
}

export async function cancelOrder(...a: [orderId: string]) {
  return runAction(OrderId, a, (ctx, [orderId]) => orders.cancelOrder(ctx, orderId), OPTS);
}

/** `{ reviewStatus: NORMAL | FLAGGED | RESOLVED, reviewNote }`. */
export async function updateOrderReview(...a: [orderId: string, input: { reviewStatus: string; reviewNote?: string }]) {
  return runAction(WithInput, a, (ctx, [orderId, input]) => orders.updateOrderReview(ctx, orderId, input), OPTS);
}

/**
 * `{ amount, destination: "balance" | "gateway" | "manual", endSubscription, note }` (issue 23): the
 * amount is integer minor units. Answers the refund (DONE, or PENDING while the gateway is asked).
 */
export async function refundOrder(...a: [orderId: string, input: { amount: number; destination: "balance" | "gateway" | "manual"; endSubscription: boolean; note?: string }]) {
  return runAction(WithInput, a, (ctx, [orderId, input]) => orders.refundOrder(ctx, orderId, input), { revalidate: PAGES, permission: "orders.refund" });
}

/** Form fields `action` (confirm | cancel | flag | resolve) and `ids` (repeated). One result per order: `{ id, ok, reason? }`. */
export async function batchOrderOperation(...a: [formData: FormData]) {
  return runAction(args(["form", form]), a, (ctx, [input]) => orders.batchOrderOperation(ctx, { action: input.action, ids: formList(input.ids) }), OPTS);
}

/** The detail drawer's read: lines, payments (trade numbers, late flags), review and refund notes. Admins only: the owner reads their order through the user's own verb. */
export async function orderDetail(...a: [orderId: string]) {
  return runAction(OrderId, a, (ctx, [orderId]) => orders.getOrderDetailAdmin(ctx, orderId), { permission: "orders.read" });
}
