"use server";
// Admin subscription operations, under the contract's names (interface.md "Admin, subscriptions"):
// thin wrappers; admins only (the wrapper and every verb check).
import { args, form, formList, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import * as subs from "@/server/services/subscriptions";

const LIST = ["/admin/subscriptions"];
const pages = ([id]: readonly [string, ...unknown[]]) => [...LIST, `/admin/subscriptions/${id}`];
const Id = args(["id", str]);

export async function suspendSubscription(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => {
    await subs.suspendSubscription(ctx, id);
  }, { revalidate: pages, permission: "subscriptions.suspend" });
}

export async function activateSubscription(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => {
    await subs.activateSubscription(ctx, id);
  }, { revalidate: pages, permission: "subscriptions.suspend" });
}

export async function cancelSubscription(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => {
    await subs.cancelSubscription(ctx, id);
  }, { revalidate: pages, permission: "subscriptions.write" });
}

/** Removes it with its data; panel client deletion is queued (a failing panel leaves a retrying task). */
export async function deleteSubscriptionPermanently(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => subs.deleteSubscriptionPermanently(ctx, id), { revalidate: LIST, permission: "subscriptions.write" });
}

export async function reassignStreamingSlot(...a: [subscriptionId: string, serviceId: string]) {
  return runAction(args(["subscriptionId", str], ["serviceId", str]), a, (ctx, [subscriptionId, serviceId]) => subs.reassignStreamingSlot(ctx, { subscriptionId, serviceId }), {
    revalidate: (p) => [...pages(p), "/admin/streaming"],
    permission: "subscriptions.write",
  });
}

/** Form fields `op` (suspend | activate | cancel | delete) and `ids` (repeated, at most 500). Answers `{ done: id[], failed: [{ id, reason }] }`. */
export async function batchSubscriptionOperation(...a: [formData: FormData]) {
  return runAction(args(["form", form]), a, (ctx, [input]) => subs.batchSubscriptionOperation(ctx, { op: input.op, ids: formList(input.ids) }), { revalidate: LIST, permission: "subscriptions.suspend" });
}
