"use server";
// Admin order operations, under the contract's names (interface.md "Admin, orders"): thin wrappers;
// every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import * as orders from "@/server/services/orders";

const PAGES = ["/admin/orders", "/admin"];

export async function confirmOrder(orderId: string) {
  return runAction(async (ctx) => {
    await orders.confirmOrder(ctx, orderId);
  }, { revalidate: PAGES });
}

export async function cancelOrder(orderId: string) {
  return runAction((ctx) => orders.cancelOrder(ctx, orderId), { revalidate: PAGES });
}

/** `{ reviewStatus: NORMAL | FLAGGED | RESOLVED, reviewNote }`. */
export async function updateOrderReview(orderId: string, input: { reviewStatus: string; reviewNote?: string }) {
  return runAction((ctx) => orders.updateOrderReview(ctx, orderId, input), { revalidate: PAGES });
}

/** `{ amountMinor, note, endSubscription }`: the amount is already integer minor units. */
export async function refundOrder(orderId: string, input: { amountMinor: number; note: string; endSubscription: boolean }) {
  return runAction((ctx) => orders.refundOrder(ctx, orderId, input), { revalidate: PAGES });
}

/** Form fields `action` (confirm | cancel | flag | resolve) and `ids` (repeated). One result per order: `{ id, ok, reason? }`. */
export async function batchOrderOperation(formData: FormData) {
  return runAction((ctx) => orders.batchOrderOperation(ctx, { action: formData.get("action"), ids: formData.getAll("ids") }), { revalidate: PAGES });
}

/** The detail drawer's read: lines, payments (trade numbers, late flags), notes. */
export async function orderDetail(orderId: string) {
  return runAction((ctx) => orders.getOrderDetail(ctx, orderId));
}
