"use server";
// [wallet] The /transfers page's Server Actions (contract: "subscription transfer: initiate push,
// receive, reject, cancel"). Each verb refuses with 404 in the base edition.
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import {
  acceptSubscriptionTransfer as accept,
  cancelSubscriptionTransfer as cancel,
  initiateSubscriptionTransfer as initiate,
  rejectSubscriptionTransfer as reject,
} from "@/server/services/wallet";

// What the page shows changes for both people, and the subscription pages with it.
const PAGES = ["/transfers", "/subscriptions", "/wallet", "/dashboard"];

/** `{ subscriptionId, email }`: push one of the caller's active proxy subscriptions to that account. */
export async function initiateSubscriptionTransfer(...a: [input: { subscriptionId: string; email: string }]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => {
    const t = await initiate(ctx, input);
    return { id: t.id, status: t.status, feeMinor: t.feeMinor, feeBearer: t.feeBearer, expiresAt: t.expiresAt.toISOString() };
  }, { revalidate: PAGES });
}

export async function acceptSubscriptionTransfer(...a: [id: string]) {
  return runAction(args(["id", str]), a, async (ctx, [id]) => ({ id: (await accept(ctx, id)).id, status: "COMPLETED" as const }), { revalidate: PAGES });
}

export async function rejectSubscriptionTransfer(...a: [id: string]) {
  return runAction(args(["id", str]), a, async (ctx, [id]) => ({ id: (await reject(ctx, id)).id, status: "REJECTED" as const }), { revalidate: PAGES });
}

export async function cancelSubscriptionTransfer(...a: [id: string]) {
  return runAction(args(["id", str]), a, async (ctx, [id]) => ({ id: (await cancel(ctx, id)).id, status: "CANCELLED" as const }), { revalidate: PAGES });
}
