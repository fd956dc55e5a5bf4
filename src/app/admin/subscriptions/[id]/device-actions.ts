"use server";
// An admin removes a device registered on a subscription (audited by the verb; admins only).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { removeSubscriptionDevice } from "@/server/services/risk/devices";

export async function removeSubscriptionDeviceAction(...a: [subscriptionId: string, deviceId: string]) {
  return runAction(args(["subscriptionId", str], ["deviceId", str]), a, (ctx, [subscriptionId, deviceId]) => removeSubscriptionDevice(ctx, { subscriptionId, deviceId }), {
    revalidate: ([subscriptionId]) => [`/admin/subscriptions/${subscriptionId}`],
    permission: "subscriptions.write",
  });
}
