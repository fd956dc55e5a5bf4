// Helpers the review verbs share: an event's scope as the effects module takes it, and the lock
// that makes one user's risk decisions take turns.
import { eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { users, type SubscriptionRiskEvent } from "../../db/schema";
import type { RiskScope } from "./scope";

/** An event names a subscription, or none for the owner's aggregate link. */
export const eventScope = (e: Pick<SubscriptionRiskEvent, "userId" | "subscriptionId">): RiskScope =>
  e.subscriptionId ? { kind: "sub", subscriptionId: e.subscriptionId, userId: e.userId } : { kind: "user", userId: e.userId };

/**
 * Locks the owner's row. restoreAfterRisk lifts the account restriction when no *other* event holds
 * one; two releases of two events of one user, each seeing the other still active, would both leave
 * it on. Taking the owner's row first serialises them.
 */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
