// Admin order operations (interface.md "Admin, orders"): confirm by hand, cancel, review, refund, batch.
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orderItems, orders, payments, type Order } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { kickTasks } from "../tasks";
import { releaseOrder, takePlanUnit } from "./release-order";
import { settleOrder } from "./settle-order";
import { retakeForLateConfirmation, retakeLateCredits } from "../wallet/late-order-payment";

const orderId = z.uuid();
const missing = () => new DomainError("NOT_FOUND", "order_not_found");

async function lockOrder(tx: Tx, id: string): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) throw missing();
  return order;
}

/**
 * Marks an order paid by hand and provisions it. A cancelled or expired order that a late payment
 * came in for is reopened first (its stock taken again, which fails if the plan has sold out
 * meanwhile), so the admin can honour money that arrived after the deadline.
 */
export async function confirmOrder(ctx: Ctx, id: string): Promise<Order> {
  requireAdmin(ctx, "orders.write");
  const oid = parseInput(orderId, id);
  const now = ctx.now();
  const order = await ctx.db.transaction(async (tx) => {
    const current = await lockOrder(tx, oid);
    if (current.status === "CANCELLED" || current.status === "EXPIRED") await reopenForLatePayment(tx, current, now, ctx.actor.userId ?? null);
    else if (current.status !== "PENDING") throw conflict("order_not_pending");
    // [wallet] Gateway money already credited to the balance for this pending order is taken back.
    else await retakeLateCredits(tx, current, now, ctx.actor.userId ?? null);
    const settled = await settleOrder(tx, oid, "ADMIN", now);
    if (!settled.settled) throw conflict("order_not_pending");
    await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.orderId, oid), eq(payments.status, "PENDING")));
    if (current.reviewStatus === "FLAGGED") await tx.update(orders).set({ reviewStatus: "RESOLVED" }).where(eq(orders.id, oid));
    await recordAudit(ctx, { action: "order.confirmed", targetType: "order", targetId: oid, metadata: { orderNo: current.orderNo, from: current.status } }, tx);
    return settled.order;
  });
  kickTasks();
  return order;
}

async function reopenForLatePayment(tx: Tx, order: Order, now: Date, actorId: string | null): Promise<void> {
  const [late] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, "PAID")));
  if (!late) throw conflict("order_not_pending");
  // [wallet] The late money went to the buyer's balance (and a split's balance part back to it):
  // taken again here, or insufficient_balance refuses the confirmation.
  await retakeForLateConfirmation(tx, order, now, actorId);
  const lines = await tx.select({ planId: orderItems.planId }).from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.holdsStock, true)));
  for (const line of lines) await takePlanUnit(tx, line.planId, { serviceMustBeEnabled: false });
  await tx.update(orders).set({ status: "PENDING", closedAt: null, updatedAt: now }).where(eq(orders.id, order.id));
}

export async function cancelOrder(ctx: Ctx, id: string): Promise<void> {
  requireAdmin(ctx, "orders.write");
  const oid = parseInput(orderId, id);
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, oid);
    if (!(await releaseOrder(tx, oid, "CANCELLED", ctx.now()))) throw conflict("order_not_pending");
    await recordAudit(ctx, { action: "order.cancelled", targetType: "order", targetId: oid, metadata: { by: "admin" } }, tx);
  });
}

const ReviewInput = z.object({ reviewStatus: z.enum(["NORMAL", "FLAGGED", "RESOLVED"]), reviewNote: z.string().trim().max(2000).optional() });

export async function updateOrderReview(ctx: Ctx, id: string, raw: unknown): Promise<void> {
  requireAdmin(ctx, "orders.write");
  const oid = parseInput(orderId, id);
  const input = parseInput(ReviewInput, raw);
  const done = await ctx.db
    .update(orders)
    .set({ reviewStatus: input.reviewStatus, ...(input.reviewNote !== undefined ? { reviewNote: input.reviewNote || null } : {}), updatedAt: ctx.now() })
    .where(eq(orders.id, oid))
    .returning({ id: orders.id });
  if (done.length === 0) throw missing();
  await recordAudit(ctx, { action: "order.review", targetType: "order", targetId: oid, metadata: { reviewStatus: input.reviewStatus } });
}

/** Refunds moved to services/refunds (issue 23 item 5: balance, gateway or by hand); the verb keeps its home here too. */
export { refundOrder } from "../refunds";

const BatchInput = z.object({ action: z.enum(["confirm", "cancel", "flag", "resolve"]), ids: z.array(z.uuid()).min(1).max(200) });

/** One result per order, so a batch reports which ones did not apply and why. */
export async function batchOrderOperation(ctx: Ctx, raw: unknown): Promise<{ id: string; ok: boolean; reason?: string }[]> {
  requireAdmin(ctx, "orders.write");
  const input = parseInput(BatchInput, raw);
  const results: { id: string; ok: boolean; reason?: string }[] = [];
  for (const id of input.ids) {
    try {
      if (input.action === "confirm") await confirmOrder(ctx, id);
      else if (input.action === "cancel") await cancelOrder(ctx, id);
      else await updateOrderReview(ctx, id, { reviewStatus: input.action === "flag" ? "FLAGGED" : "RESOLVED" });
      results.push({ id, ok: true });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ id, ok: false, reason: err.reason });
    }
  }
  return results;
}

/** Orders holding money that arrived late or twice: the review queue's source. */
export async function ordersWithLatePayments(ctx: Ctx): Promise<string[]> {
  requireAdmin(ctx, "orders.read");
  const rows = await ctx.db.selectDistinct({ id: payments.orderId }).from(payments).where(and(eq(payments.late, true), isNotNull(payments.paidAt), isNotNull(payments.orderId)));
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

