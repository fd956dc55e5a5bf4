// The user's purchase verbs: buy now, renew, add traffic, query stock, and cancel an unpaid order.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { orders, plans, subscriptions, type Order } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { EmailInput } from "../accounts/inputs";
import { checkGiftPurchase } from "../gifts/purchase-check";
import { placeOrder } from "./place-order";
import { releaseOrder } from "./release-order";

const id = z.uuid();
const gb = z.coerce.number().int().min(1).max(100_000).optional();
const couponCode = z.string().trim().max(64).optional();

// giftEmail (issue 28): bought for someone else, who claims it from the mailed link.
const BuyInput = z.object({ planId: id, trafficGb: gb, couponCode, giftEmail: EmailInput.optional() });
const RenewInput = z.object({ subscriptionId: id, days: z.coerce.number().int().min(1).max(3650).optional(), couponCode });
const TopupInput = z.object({ subscriptionId: id, trafficGb: gb, couponCode });

export async function buyNow(ctx: Ctx, raw: unknown): Promise<Order> {
  const { userId } = requireUser(ctx);
  const input = parseInput(BuyInput, raw);
  const giftEmail = input.giftEmail ? await checkGiftPurchase(ctx, userId, input.planId, input.giftEmail) : undefined;
  // Clicking "Buy now" again for the same choices brings back the unpaid order (issue 24 item 2);
  // a gift's recipient is one of the choices, so a gift never reuses a plain order or another recipient's.
  return placeOrder(ctx, userId, [{ planId: input.planId, kind: "NEW_PURCHASE", trafficGb: input.trafficGb, giftEmail }], input.couponCode, { reuseOpen: true });
}

async function planOfOwnSubscription(ctx: Ctx, userId: string, subscriptionId: string): Promise<string> {
  const [sub] = await ctx.db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  if (!sub) throw new DomainError("NOT_FOUND", "subscription_not_found");
  return sub.planId;
}

export async function renewSubscription(ctx: Ctx, raw: unknown): Promise<Order> {
  const { userId } = requireUser(ctx);
  const input = parseInput(RenewInput, raw);
  const planId = await planOfOwnSubscription(ctx, userId, input.subscriptionId);
  return placeOrder(ctx, userId, [{ planId, kind: "RENEWAL", days: input.days, targetSubscriptionId: input.subscriptionId }], input.couponCode);
}

export async function addTraffic(ctx: Ctx, raw: unknown): Promise<Order> {
  const { userId } = requireUser(ctx);
  const input = parseInput(TopupInput, raw);
  const planId = await planOfOwnSubscription(ctx, userId, input.subscriptionId);
  return placeOrder(ctx, userId, [{ planId, kind: "TRAFFIC_TOPUP", trafficGb: input.trafficGb, targetSubscriptionId: input.subscriptionId }], input.couponCode);
}

/** Remaining units of a plan (null = unlimited). A read, so it may be stale by the time of purchase. */
export async function queryStock(ctx: Ctx, planId: string): Promise<{ planId: string; remaining: number | null }> {
  requireUser(ctx);
  const [plan] = await ctx.db
    .select({ total: plans.stockTotal, held: plans.stockHeld, visibility: plans.visibility })
    .from(plans)
    .where(eq(plans.id, parseInput(id, planId)));
  if (!plan || plan.visibility !== "PUBLIC") throw new DomainError("NOT_FOUND", "plan_not_found");
  return { planId, remaining: plan.total === null ? null : Math.max(plan.total - plan.held, 0) };
}

/** The owner cancels their unpaid order; anyone else's order is "not found". */
export async function cancelMyOrder(ctx: Ctx, orderId: string): Promise<void> {
  const { userId } = requireUser(ctx);
  const oid = parseInput(id, orderId);
  await ctx.db.transaction(async (tx) => {
    const [own] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, oid), eq(orders.userId, userId)));
    if (!own) throw new DomainError("NOT_FOUND", "order_not_found");
    const released = await releaseOrder(tx, oid, "CANCELLED", ctx.now());
    if (!released) throw new DomainError("CONFLICT", "order_not_pending");
    await recordAudit(ctx, { action: "order.cancelled", targetType: "order", targetId: oid, metadata: { by: "owner" } }, tx);
  });
}
