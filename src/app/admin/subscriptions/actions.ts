"use server";
// Admin subscription operations, under the contract's names (interface.md "Admin, subscriptions"):
// thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import * as subs from "@/server/services/subscriptions";

const pages = (id?: string) => ["/admin/subscriptions", ...(id ? [`/admin/subscriptions/${id}`] : [])];

export async function suspendSubscription(id: string) {
  return runAction(async (ctx) => {
    await subs.suspendSubscription(ctx, id);
  }, { revalidate: pages(id) });
}

export async function activateSubscription(id: string) {
  return runAction(async (ctx) => {
    await subs.activateSubscription(ctx, id);
  }, { revalidate: pages(id) });
}

export async function cancelSubscription(id: string) {
  return runAction(async (ctx) => {
    await subs.cancelSubscription(ctx, id);
  }, { revalidate: pages(id) });
}

/** Removes it with its data; panel client deletion is queued (a failing panel leaves a retrying task). */
export async function deleteSubscriptionPermanently(id: string) {
  return runAction((ctx) => subs.deleteSubscriptionPermanently(ctx, id), { revalidate: pages() });
}

export async function reassignStreamingSlot(subscriptionId: string, serviceId: string) {
  return runAction((ctx) => subs.reassignStreamingSlot(ctx, { subscriptionId, serviceId }), { revalidate: [...pages(subscriptionId), "/admin/streaming"] });
}

/** Form fields `op` (suspend | activate | cancel | delete) and `ids` (repeated, at most 500). Answers `{ done: id[], failed: [{ id, reason }] }`. */
export async function batchSubscriptionOperation(formData: FormData) {
  return runAction((ctx) => subs.batchSubscriptionOperation(ctx, { op: formData.get("op"), ids: formData.getAll("ids") }), { revalidate: pages() });
}
