// Whether a subscription's panel clients should be switched on: one rule for provisioning, admin
// operations and the lifecycle jobs, so they never disagree about what "desired" means.
import type { Subscription } from "../../db/schema";

export type ClientGate = Pick<Subscription, "status" | "riskRestricted" | "expiresAt" | "trafficLimitBytes" | "trafficUsedBytes">;

/** Active, not restricted by risk control, not past expiry, and (when limited) traffic left. */
export function clientShouldBeEnabled(sub: ClientGate, now: Date = new Date()): boolean {
  if (sub.status !== "ACTIVE" || sub.riskRestricted) return false;
  if (sub.expiresAt.getTime() <= now.getTime()) return false;
  return sub.trafficLimitBytes === 0 || sub.trafficUsedBytes < sub.trafficLimitBytes;
}

/** Traffic used up on a limited plan: the client is off and the owner is told why. */
export const trafficExhausted = (sub: Pick<Subscription, "trafficLimitBytes" | "trafficUsedBytes">): boolean =>
  sub.trafficLimitBytes > 0 && sub.trafficUsedBytes >= sub.trafficLimitBytes;
