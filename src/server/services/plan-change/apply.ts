// Applying a paid plan change to its subscription (issue 28 item 2). Called by provisionOrder for a
// PLAN_CHANGE line inside the transaction that marked the order paid, so it runs once per order
// (settleOrder's door); its own door is the change row's status (PENDING or CLOSED -> APPLIED or
// NOT_APPLIED, under the row's lock), and the subscription moves only while it is still as quoted
// (same owner, same plan, ACTIVE, same expiry and traffic limit), under its row lock. Two changes of
// one subscription paid at once therefore move it once: the second finds it on another plan.
//
// Applied: the subscription takes the new plan's node, limits and a new term from now (the quote
// credited the old term's unused value; traffic used starts again at zero), the old plan's stock
// unit goes back and the line's unit passes to it, the panel clients converge (panel-converge.ts),
// and a leftover credit goes to the balance or a coupon. Not applied (it expired, was suspended,
// renewed or already changed meanwhile; or the shop's currency changed): the money paid goes back
// the same way, the line's unit is released and the order says so. Money is never kept for nothing.
import { and, eq, inArray } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { orders, planChanges, subscriptions, type Order, type OrderItem, type Plan, type PlanChange, type Subscription } from "../../db/schema";
import type { ErrorReason } from "../../error-reasons";
import { makeCtx } from "../../context";
import { recordAudit } from "../audit";
import { releasePlanUnit, releaseSubscriptionStock } from "../orders/release-order";
import { getSettingsWithSecrets } from "../settings/queries";
import { giveBack, type GivenBack } from "./give-back";
import { tellPlanChange } from "./notice";
import { convergePanelClients } from "./panel-converge";

const GIB = 1024 ** 3;
const DAY_MS = 86_400_000;
const OPEN = ["PENDING", "CLOSED"] as const;

/** Why a paid change can no longer move the subscription, or null when it still can. */
function staleReason(row: PlanChange, sub: Subscription | undefined, currency: string, now: Date): ErrorReason | null {
  if (row.currency !== currency) return "plan_change_currency_changed";
  if (!sub) return "plan_change_no_longer_applies";
  const asQuoted =
    sub.userId === row.userId &&
    sub.planId === row.fromPlanId &&
    sub.status === "ACTIVE" &&
    sub.expiresAt.getTime() > now.getTime() &&
    sub.expiresAt.getTime() === row.termEnd.getTime() &&
    sub.trafficLimitBytes === row.trafficLimitBytes;
  return asQuoted ? null : "plan_change_no_longer_applies";
}

/** Moves the line's target subscription to the line's plan; returns the subscription id. */
export async function applyPlanChange(tx: Tx, order: Order, item: OrderItem, plan: Plan, now: Date): Promise<string> {
  const [row] = await tx.select().from(planChanges).where(eq(planChanges.orderItemId, item.id)).for("update");
  if (!row) throw new Error(`plan change order line ${item.id} has no plan change`);
  // Settled already (a second settlement cannot happen through settleOrder; this keeps it harmless anyway).
  if (row.status === "APPLIED" || row.status === "NOT_APPLIED") return row.subscriptionId;
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId)).for("update");
  const settings = await getSettingsWithSecrets(tx);
  const stale = staleReason(row, sub, settings.currency, now);
  if (stale) await notApplied(tx, order, item, row, stale, now);
  else await applied(tx, order, item, plan, row, sub!, now);
  return row.subscriptionId;
}

async function applied(tx: Tx, order: Order, item: OrderItem, plan: Plan, row: PlanChange, sub: Subscription, now: Date): Promise<void> {
  // The old plan's unit goes back (once: holds_stock flips), then the line's unit becomes the subscription's.
  if (sub.holdsStock) await releaseSubscriptionStock(tx, sub.id);
  const [moved] = await tx
    .update(subscriptions)
    .set({
      planId: plan.id,
      nodeId: plan.nodeId,
      startsAt: now,
      expiresAt: new Date(now.getTime() + row.newDurationDays * DAY_MS),
      trafficLimitBytes: row.newTrafficGb * GIB,
      trafficUsedBytes: 0,
      trafficUpBytes: 0,
      trafficDownBytes: 0,
      lastTrafficResetAt: null,
      holdsStock: item.holdsStock,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.planId, row.fromPlanId), eq(subscriptions.status, "ACTIVE")))
    .returning();
  if (!moved) throw new Error(`subscription ${sub.id} changed under its row lock`);
  const clients = await convergePanelClients(tx, moved, plan, now);
  const given = row.leftoverMinor > 0 ? await giveBack(tx, { userId: row.userId, amountMinor: row.leftoverMinor, changeId: row.id, purpose: "leftover", note: `order ${order.orderNo}`, now }) : null;
  await settle(tx, row, "APPLIED", null, given, now);
  await recordAudit(
    makeCtx(tx, { kind: "system" }),
    {
      action: "plan_change.applied",
      targetType: "subscription",
      targetId: sub.id,
      metadata: { orderId: order.id, orderNo: order.orderNo, fromPlanId: row.fromPlanId, toPlanId: plan.id, creditMinor: row.creditMinor, dueMinor: row.dueMinor, leftoverMinor: row.leftoverMinor, leftoverTo: given?.to ?? null, ...clients },
    },
    tx,
  );
  await tellPlanChange(tx, { row, order, outcome: "applied", toPlanName: plan.name, given });
}

async function notApplied(tx: Tx, order: Order, item: OrderItem, row: PlanChange, reason: ErrorReason, now: Date): Promise<void> {
  if (item.holdsStock) await releasePlanUnit(tx, item.planId);
  // What was paid in money comes back; a currency change keeps it for an admin instead (an amount in
  // the old currency cannot go into a balance or a coupon kept in the new one).
  const paid = order.paidVia === "FREE" || order.paidVia === "CARD" ? 0 : order.totalMinor;
  const given = paid > 0 && reason !== "plan_change_currency_changed" ? await giveBack(tx, { userId: row.userId, amountMinor: paid, changeId: row.id, purpose: "refund", note: `order ${order.orderNo}`, now }) : null;
  await settle(tx, row, "NOT_APPLIED", reason, given, now);
  // Flagged for an admin, whose drawer shows why (the change's outcome) and who refunds it.
  if (reason === "plan_change_currency_changed" && paid > 0) await tx.update(orders).set({ reviewStatus: "FLAGGED", updatedAt: now }).where(eq(orders.id, order.id));
  await recordAudit(
    makeCtx(tx, { kind: "system" }),
    { action: "plan_change.not_applied", targetType: "subscription", targetId: row.subscriptionId, metadata: { orderId: order.id, orderNo: order.orderNo, reason, paidMinor: paid, givenBackTo: given?.to ?? null } },
    tx,
  );
  await tellPlanChange(tx, { row, order, outcome: "notApplied", toPlanName: null, given, paidMinor: paid, reason });
}

/** The row's door: open -> the outcome, once. */
async function settle(tx: Tx, row: PlanChange, status: "APPLIED" | "NOT_APPLIED", reason: ErrorReason | null, given: GivenBack | null, now: Date): Promise<void> {
  const [done] = await tx
    .update(planChanges)
    .set({ status, outcomeReason: reason, creditedMinor: given?.amountMinor ?? 0, creditedTo: given?.to ?? null, creditCouponId: given?.couponId ?? null, settledAt: now, updatedAt: now })
    .where(and(eq(planChanges.id, row.id), inArray(planChanges.status, [...OPEN])))
    .returning({ id: planChanges.id });
  if (!done) throw new Error(`plan change ${row.id} settled twice`);
}
