// Ordering a plan change: a PLAN_CHANGE order of one line (the new plan, the subscription as its
// target, the amount due) plus the plan_changes row that keeps the quote, in one transaction under
// the buyer's row lock (as placeOrder), with the new plan's stock unit taken by conditional update.
// A change with nothing due is settled at once (paid FREE, applied in the same transaction), as a
// free purchase is. One open change per subscription: the same change again brings back its unpaid
// order (as buy now does); a change to another plan is refused until that order is paid or cancelled.
//
// Lock order, the same as the apply step's (order, then change row, then subscription): an open
// change whose order ran out is released first (its order, then its row), then the subscription is
// locked, then the new rows are written.
import { and, count, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireUser } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orderItems, orders, planChanges, users, type Order } from "../../db/schema";
import { conflict, forbidden } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { MAX_PENDING_ORDERS } from "../orders/place-order";
import { releaseOrder, takePlanUnit } from "../orders/release-order";
import { settleOrder } from "../orders/settle-order";
import { newOrderNo } from "../payments/trade-no";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";
import { PlanChangeInput } from "./preview";
import { quotePlanChange } from "./quote";

/** Open changes of the subscription whose order ran out end now; a live one is returned. */
async function settleStaleChanges(tx: Tx, subscriptionId: string, now: Date): Promise<{ order: Order; toPlanId: string } | null> {
  const open = await tx
    .select({ order: orders, toPlanId: planChanges.toPlanId, rowId: planChanges.id })
    .from(planChanges)
    .innerJoin(orders, eq(orders.id, planChanges.orderId))
    .where(and(eq(planChanges.subscriptionId, subscriptionId), eq(planChanges.status, "PENDING")));
  let live: { order: Order; toPlanId: string } | null = null;
  for (const o of open) {
    if (o.order.status === "PENDING" && o.order.expiresAt.getTime() > now.getTime()) live = { order: o.order, toPlanId: o.toPlanId };
    // Past its time but not yet expired by the job: expired here (stock and row released with it).
    else if (o.order.status === "PENDING") await releaseOrder(tx, o.order.id, "EXPIRED", now);
    else await tx.update(planChanges).set({ status: "CLOSED", updatedAt: now }).where(and(eq(planChanges.id, o.rowId), eq(planChanges.status, "PENDING")));
  }
  return live;
}

/** An unpaid renewal or top-up of this subscription: it would extend the old plan after the change. */
async function openExtensionOf(tx: Tx, subscriptionId: string, now: Date): Promise<string | null> {
  const rows = await tx
    .select({ orderNo: orders.orderNo, expiresAt: orders.expiresAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.targetSubscriptionId, subscriptionId), inArray(orderItems.kind, ["RENEWAL", "TRAFFIC_TOPUP"]), eq(orders.status, "PENDING")));
  return rows.find((r) => r.expiresAt.getTime() > now.getTime())?.orderNo ?? null;
}

/** Places the change's order (or brings back the open one for the same plan); a zero-due change comes back paid. */
export async function orderPlanChange(ctx: Ctx, raw: unknown): Promise<Order> {
  const { userId } = requireUser(ctx);
  const input = parseInput(PlanChangeInput, raw);
  const settings = await getSettingsWithSecrets(ctx.db);
  if (!settings.planChangeEnabled) throw conflict("plan_change_disabled");
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    // The buyer's row lock serializes this user's orders (pending count, per-user limits, open changes).
    const [buyer] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId)).for("update");
    if (!buyer || buyer.status !== "ACTIVE") throw forbidden("account_inactive");
    const live = await settleStaleChanges(tx, input.subscriptionId, now);
    // Before the quote: the open order may hold the new plan's last unit itself.
    if (live) {
      if (live.toPlanId === input.planId && live.order.userId === userId) return { order: live.order, settled: false };
      throw conflict("plan_change_pending", { orderNo: live.order.orderNo });
    }
    const quote = await quotePlanChange(tx, { userId, subscriptionId: input.subscriptionId, planId: input.planId, settings, now, lock: true });
    const extension = await openExtensionOf(tx, input.subscriptionId, now);
    if (extension) throw conflict("plan_change_extension_pending", { orderNo: extension });
    const [pending] = await tx.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), eq(orders.status, "PENDING")));
    if ((pending?.n ?? 0) >= MAX_PENDING_ORDERS) throw conflict("too_many_pending_orders", { limit: MAX_PENDING_ORDERS });

    // The new plan's unit, held by the line until the change applies (then the subscription's) or the order ends.
    await takePlanUnit(tx, quote.to.planId, { serviceMustBeEnabled: true });
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        kind: "PLAN_CHANGE",
        currency: quote.currency,
        subtotalMinor: quote.dueMinor,
        totalMinor: quote.dueMinor,
        expiresAt: new Date(now.getTime() + settings.orderExpiryMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [line] = await tx
      .insert(orderItems)
      .values({
        orderId: order!.id,
        planId: quote.to.planId,
        kind: "PLAN_CHANGE",
        trafficGb: quote.to.trafficGb,
        durationDays: quote.to.durationDays,
        amountMinor: quote.dueMinor,
        holdsStock: true,
        targetSubscriptionId: quote.subscriptionId,
        createdAt: now,
      })
      .returning();
    const [row] = await tx
      .insert(planChanges)
      .values({
        orderId: order!.id,
        orderItemId: line!.id,
        userId,
        subscriptionId: quote.subscriptionId,
        fromPlanId: quote.from.planId,
        toPlanId: quote.to.planId,
        currency: quote.currency,
        basis: quote.basis,
        measure: quote.measure,
        termStart: new Date(quote.termStart),
        termEnd: new Date(quote.termEnd),
        trafficLimitBytes: quote.trafficLimitBytes,
        trafficUsedBytes: quote.trafficUsedBytes,
        termValueMinor: quote.termValueMinor,
        termPaidMinor: quote.termPaidMinor,
        unusedNumerator: quote.unusedNumerator,
        unusedDenominator: quote.unusedDenominator,
        creditMinor: quote.creditMinor,
        creditPaidMinor: quote.creditPaidMinor,
        newPriceMinor: quote.newPriceMinor,
        newTrafficGb: quote.to.trafficGb,
        newDurationDays: quote.to.durationDays,
        dueMinor: quote.dueMinor,
        leftoverMinor: quote.leftoverMinor,
        newTermPaidMinor: quote.newTermPaidMinor,
        createdAt: now,
        updatedAt: now,
      })
      // The partial unique index: one open change per subscription, whatever else slipped past.
      .onConflictDoNothing()
      .returning({ id: planChanges.id });
    if (!row) throw conflict("plan_change_pending", { orderNo: "" });
    const figures = { subscriptionId: quote.subscriptionId, fromPlanId: quote.from.planId, toPlanId: quote.to.planId, basis: quote.basis, measure: quote.measure, creditMinor: quote.creditMinor, newPriceMinor: quote.newPriceMinor, dueMinor: quote.dueMinor, leftoverMinor: quote.leftoverMinor };
    await recordAudit(ctx, { action: "order.created", targetType: "order", targetId: order!.id, metadata: { orderNo: order!.orderNo, totalMinor: quote.dueMinor, lines: 1, kind: "PLAN_CHANGE" } }, tx);
    await recordAudit(ctx, { action: "plan_change.ordered", targetType: "subscription", targetId: quote.subscriptionId, metadata: { orderId: order!.id, orderNo: order!.orderNo, ...figures } }, tx);
    // Nothing to pay: confirmed now, without a gateway (the credit covers the new price).
    if (quote.dueMinor === 0) {
      const settled = await settleOrder(tx, order!.id, "FREE", now);
      return { order: settled.order!, settled: true };
    }
    return { order: order!, settled: false };
  });
  if (result.settled) kickTasks();
  return result.order;
}
