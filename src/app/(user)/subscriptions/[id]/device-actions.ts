"use server";
// The owner removes a device from their subscription, freeing a place under the plan's device limit.
import { runAction } from "@/server/actions/run-action";
import { removeMyDevice } from "@/server/services/risk/devices";

export async function removeMyDeviceAction(subscriptionId: string, deviceId: string) {
  return runAction((ctx) => removeMyDevice(ctx, { subscriptionId, deviceId }), { revalidate: [`/subscriptions/${subscriptionId}`] });
}
