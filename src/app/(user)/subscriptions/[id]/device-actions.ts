"use server";
// The owner removes a device from their subscription, freeing a place under the plan's device limit.
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { removeMyDevice } from "@/server/services/risk/devices";

export async function removeMyDeviceAction(...a: [subscriptionId: string, deviceId: string]) {
  return runAction(args(["subscriptionId", str], ["deviceId", str]), a, (ctx, [subscriptionId, deviceId]) => removeMyDevice(ctx, { subscriptionId, deviceId }), {
    revalidate: ([subscriptionId]) => [`/subscriptions/${subscriptionId}`],
  });
}
