"use server";
// Admin order operations: thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { batchOrderOperation, cancelOrder, confirmOrder, getOrderDetail, refundOrder, updateOrderReview } from "@/server/services/orders";

const PAGES = ["/admin/orders", "/admin"];

export async function confirmOrderAction(id: string) {
  return runAction(async (ctx) => {
    await confirmOrder(ctx, id);
  }, { revalidate: PAGES });
}

export async function cancelOrderAction(id: string) {
  return runAction((ctx) => cancelOrder(ctx, id), { revalidate: PAGES });
}

/** `{ reviewStatus: NORMAL | FLAGGED | RESOLVED, reviewNote }`. */
export async function reviewOrderAction(id: string, input: { reviewStatus: string; reviewNote?: string }) {
  return runAction((ctx) => updateOrderReview(ctx, id, input), { revalidate: PAGES });
}

/** `{ amountMinor, note, endSubscription }`: the amount is already integer minor units. */
export async function refundOrderAction(id: string, input: { amountMinor: number; note: string; endSubscription: boolean }) {
  return runAction((ctx) => refundOrder(ctx, id, input), { revalidate: PAGES });
}

/** One result per order: `{ id, ok, reason? }`. */
export async function batchOrdersAction(input: { action: string; ids: string[] }) {
  return runAction((ctx) => batchOrderOperation(ctx, input), { revalidate: PAGES });
}

/** The detail drawer's read: lines, payments (trade numbers, late flags), notes. */
export async function orderDetailAction(id: string) {
  return runAction((ctx) => getOrderDetail(ctx, id));
}
