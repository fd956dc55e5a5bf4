import type { Subscription } from "../../db/schema";
import type { EventData } from "./types";

/** What every subscription.* event says about the subscription (no token, no URL). */
export function subscriptionEventData(sub: Subscription, extra: EventData = {}): EventData {
  return {
    subscriptionId: sub.id,
    userId: sub.userId,
    planId: sub.planId,
    kind: sub.kind,
    status: sub.status,
    expiresAt: sub.expiresAt.toISOString(),
    ...extra,
  };
}
