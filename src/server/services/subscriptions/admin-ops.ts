// Admin state changes of a subscription (interface.md "Admin, subscriptions"). Each one is a
// conditional update from the status it expects, so a double click or ten admins at once change it
// once; then the panel clients follow (syncClientsOf: desired state + outbox), and it is audited and
// told to the owner. Panel effects happen after commit, through the outbox.
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { inbounds, nodeClients, plans, subscriptions, type Subscription, type SubscriptionStatus } from "../../db/schema";
import { conflict, DomainError, isDomainError, type ErrorDetails } from "../../errors";
import type { ErrorReason } from "../../error-reasons";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import type { NotificationTextKey } from "../notifications/texts";
import { enqueueClientDelete } from "../provisioning/panel-client-delete";
import { syncClientsOf } from "../provisioning/provision-order";
import { kickTasks } from "../tasks";
import { releaseSubscriptionStock } from "../orders/release-order";
import { eraseAccessLogsOfSubscription } from "../subscription-content/access-log-erase";
import { publishEvent } from "../events/publish";
import { subscriptionEventData } from "../events/subscription-data";

const SubscriptionId = z.uuid();
export const subscriptionMissing = () => new DomainError("NOT_FOUND", "subscription_not_found");

type Op = "suspend" | "activate" | "cancel";

/** Why an expected-status update found nothing: gone, or in a status this operation does not take. */
async function refusal(tx: Tx, id: string, op: Op): Promise<DomainError> {
  const [row] = await tx.select({ status: subscriptions.status, expiresAt: subscriptions.expiresAt }).from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return subscriptionMissing();
  if (row.status === "CANCELLED") return conflict("subscription_is_cancelled");
  if (op === "suspend") return conflict("subscription_not_active");
  if (op === "activate") return conflict(row.status === "EXPIRED" ? "subscription_is_expired" : "subscription_not_suspended");
  return conflict("subscription_is_cancelled");
}

const NOTICE: Record<Op, { key: NotificationTextKey; level: "WARNING" | "SUCCESS" }> = {
  suspend: { key: "subscriptionSuspendedByAdmin", level: "WARNING" },
  activate: { key: "subscriptionActivatedByAdmin", level: "SUCCESS" },
  cancel: { key: "subscriptionCancelledByAdmin", level: "WARNING" },
};

async function tellOwner(tx: Tx, sub: Subscription, op: Op): Promise<void> {
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.planId));
  const { key, level } = NOTICE[op];
  await notify(tx, { userId: sub.userId, type: "SUBSCRIPTION", level, text: { key, params: { plan: plan?.name ?? "" } }, link: `/subscriptions/${sub.id}` });
}

/** The common shape: one conditional update, then clients, audit and the owner's notice in the same transaction. */
async function changeStatus(ctx: Ctx, rawId: string, op: Op, from: SubscriptionStatus[], to: SubscriptionStatus, extra?: (tx: Tx, sub: Subscription) => Promise<void>): Promise<Subscription> {
  // API tokens may suspend and activate (write:subscriptions), never cancel. Support staff too
  // (subscriptions.suspend); cancelling is a write.
  requireAdmin(ctx, op === "cancel" ? "subscriptions.write" : "subscriptions.suspend", op === "cancel" ? undefined : "write:subscriptions");
  const id = parseInput(SubscriptionId, rawId);
  const now = ctx.now();
  const sub = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(subscriptions)
      .set({ status: to, updatedAt: now })
      .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, from)))
      .returning();
    if (!changed) throw await refusal(tx, id, op);
    await extra?.(tx, changed);
    await syncClientsOf(tx, changed, now);
    await recordAudit(ctx, { action: `subscription.${op === "suspend" ? "suspended" : op === "activate" ? "activated" : "cancelled"}`, targetType: "subscription", targetId: id, metadata: { userId: changed.userId, to } }, tx);
    await tellOwner(tx, changed, op);
    if (to === "SUSPENDED") await publishEvent(tx, "subscription.suspended", subscriptionEventData(changed, { suspendedBy: "admin" }));
    return changed;
  });
  kickTasks();
  return sub;
}

/** ACTIVE -> SUSPENDED: the panel clients are switched off. */
export function suspendSubscription(ctx: Ctx, id: string): Promise<Subscription> {
  return changeStatus(ctx, id, "suspend", ["ACTIVE"], "SUSPENDED");
}

/**
 * SUSPENDED -> ACTIVE: the clients come back on (unless traffic is used up or risk control still
 * restricts it: the one rule in desired-state.ts decides). A suspended subscription whose time ran
 * out meanwhile is refused as expired: it comes back by renewal, not by activation.
 */
export function activateSubscription(ctx: Ctx, id: string): Promise<Subscription> {
  return changeStatus(ctx, id, "activate", ["SUSPENDED"], "ACTIVE", async (tx, sub) => {
    if (sub.expiresAt.getTime() <= ctx.now().getTime()) throw conflict("subscription_is_expired");
  });
}

/** ACTIVE | SUSPENDED | EXPIRED -> CANCELLED: clients off, the plan's stock (and a streaming slot) back once. */
export function cancelSubscription(ctx: Ctx, id: string): Promise<Subscription> {
  return changeStatus(ctx, id, "cancel", ["ACTIVE", "SUSPENDED", "EXPIRED"], "CANCELLED", async (tx, sub) => {
    await releaseSubscriptionStock(tx, sub.id);
  });
}

/**
 * Removes the subscription and everything hanging off it (clients, access logs, traffic rows: the
 * foreign keys cascade) in one transaction that also gives its stock back and queues one
 * panel.client.delete per panel client. A panel that is down leaves retrying tasks, never silence.
 */
export async function deleteSubscriptionPermanently(ctx: Ctx, rawId: string): Promise<{ id: string; panelDeletes: number }> {
  requireAdmin(ctx, "subscriptions.write");
  const id = parseInput(SubscriptionId, rawId);
  const result = await ctx.db.transaction(async (tx) => {
    // The row lock makes a concurrent delete wait and then find nothing.
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    if (!sub) throw subscriptionMissing();
    await releaseSubscriptionStock(tx, id);
    const clients = await tx
      .select({ nodeId: nodeClients.nodeId, email: nodeClients.email, panelInboundId: inbounds.panelInboundId })
      .from(nodeClients)
      .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
      .where(eq(nodeClients.subscriptionId, id));
    for (const c of clients) await enqueueClientDelete(tx, c);
    await eraseAccessLogsOfSubscription(tx, id);
    await tx.delete(subscriptions).where(eq(subscriptions.id, id));
    await recordAudit(ctx, { action: "subscription.deleted", targetType: "subscription", targetId: id, metadata: { userId: sub.userId, planId: sub.planId, status: sub.status, panelClients: clients.length } }, tx);
    return { id, panelDeletes: clients.length };
  });
  kickTasks();
  return result;
}

const MAX_BATCH = 500;
const BatchInput = z.object({
  op: z.enum(["suspend", "activate", "cancel", "delete"]),
  // A form sends one id as a string and several as an array.
  ids: z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(z.uuid()).min(1).max(MAX_BATCH)),
});

export interface BatchResult { done: string[]; failed: { id: string; reason: ErrorReason; details?: ErrorDetails }[] }

/** Each id in its own transaction, so one refusal does not undo the others; the answer says which failed and why. */
export async function batchSubscriptionOperation(ctx: Ctx, raw: unknown): Promise<BatchResult> {
  // The least any operation needs first (before the input is read), then what this one needs.
  requireAdmin(ctx, "subscriptions.suspend");
  const { op, ids } = parseInput(BatchInput, raw);
  if (op === "cancel" || op === "delete") requireAdmin(ctx, "subscriptions.write");
  const run = { suspend: suspendSubscription, activate: activateSubscription, cancel: cancelSubscription, delete: deleteSubscriptionPermanently }[op];
  const result: BatchResult = { done: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await run(ctx, id);
      result.done.push(id);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      const { reason: _reason, ...details } = err.details;
      result.failed.push({ id, reason: err.reason, ...(Object.keys(details).length ? { details } : {}) });
    }
  }
  return result;
}
