"use server";
// An admin removes a device registered on a subscription (audited by the verb).
import { runAction } from "@/server/actions/run-action";
import { removeSubscriptionDevice } from "@/server/services/risk/devices";

export async function removeSubscriptionDeviceAction(subscriptionId: string, deviceId: string) {
  return runAction((ctx) => removeSubscriptionDevice(ctx, { subscriptionId, deviceId }), { revalidate: [`/admin/subscriptions/${subscriptionId}`] });
}
