// What risk control does to subscriptions and to the owner's account, in the caller's transaction.
// Every change is a conditional update (a second suspension, or a release racing an admin, changes
// nothing twice), and panel clients follow through the outbox (syncClientsOf) after commit.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { subscriptions, subscriptionRiskEvents, users, type Subscription } from "../../db/schema";
import { syncClientsOf } from "../provisioning/provision-order";
import type { RiskScope } from "./scope";
import { publishEvent } from "../events/publish";
import { subscriptionEventData } from "../events/subscription-data";

/** The ACTIVE proxy subscriptions a scope covers (the one subscription, or all of the user's). */
function scopeFilter(scope: RiskScope) {
  return scope.kind === "sub"
    ? and(eq(subscriptions.id, scope.subscriptionId), eq(subscriptions.userId, scope.userId))
    : and(eq(subscriptions.userId, scope.userId), eq(subscriptions.kind, "PROXY"));
}

/** Auto-suspend: ACTIVE -> SUSPENDED, marked as suspended by risk control; returns what changed. */
export async function suspendForRisk(tx: Tx, scope: RiskScope, now: Date): Promise<Subscription[]> {
  const changed = await tx
    .update(subscriptions)
    .set({ status: "SUSPENDED", riskSuspendedAt: now, updatedAt: now })
    .where(and(scopeFilter(scope), eq(subscriptions.status, "ACTIVE")))
    .returning();
  for (const sub of changed) {
    await syncClientsOf(tx, sub, now);
    await publishEvent(tx, "subscription.suspended", subscriptionEventData(sub, { suspendedBy: "risk" }));
  }
  return changed;
}

/** Send report: the scope's subscriptions stop being served (riskRestricted) and the owner is restricted. */
export async function restrictForRisk(tx: Tx, scope: RiskScope, now: Date): Promise<Subscription[]> {
  await tx.update(users).set({ riskRestrictedAt: now, updatedAt: now }).where(and(eq(users.id, scope.userId), isNull(users.riskRestrictedAt)));
  const changed = await tx
    .update(subscriptions)
    .set({ riskRestricted: true, updatedAt: now })
    .where(and(scopeFilter(scope), eq(subscriptions.riskRestricted, false)))
    .returning();
  for (const sub of changed) await syncClientsOf(tx, sub, now);
  return changed;
}

/**
 * Release: lift the restriction and bring back what risk control suspended, when it can come back
 * (not cancelled, not past expiry; an admin's own suspension is left alone). The owner's account
 * restriction ends only when no other event of theirs still holds one.
 */
export async function restoreAfterRisk(tx: Tx, scope: RiskScope, now: Date): Promise<Subscription[]> {
  // Two releases of two events of one user must take turns, or each sees the other's restriction
  // still on and neither lifts the account's (callers may hold this lock already: it is re-entrant).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, scope.userId)).for("update");
  const lifted = await tx
    .update(subscriptions)
    .set({ riskRestricted: false, updatedAt: now })
    .where(and(scopeFilter(scope), eq(subscriptions.riskRestricted, true)))
    .returning({ id: subscriptions.id });
  const revived = await tx
    .update(subscriptions)
    .set({ status: "ACTIVE", riskSuspendedAt: null, updatedAt: now })
    .where(and(scopeFilter(scope), eq(subscriptions.status, "SUSPENDED"), isNotNull(subscriptions.riskSuspendedAt), sql`${subscriptions.expiresAt} > ${now}`))
    .returning({ id: subscriptions.id });
  const ids = [...new Set([...lifted, ...revived].map((r) => r.id))];
  const subs = ids.length ? await tx.select().from(subscriptions).where(inArray(subscriptions.id, ids)) : [];
  for (const sub of subs) await syncClientsOf(tx, sub, now);
  const [still] = await tx
    .select({ id: subscriptionRiskEvents.id })
    .from(subscriptionRiskEvents)
    .where(and(eq(subscriptionRiskEvents.userId, scope.userId), eq(subscriptionRiskEvents.restrictionActive, true)))
    .limit(1);
  if (!still) await tx.update(users).set({ riskRestrictedAt: null, updatedAt: now }).where(eq(users.id, scope.userId));
  return subs;
}
