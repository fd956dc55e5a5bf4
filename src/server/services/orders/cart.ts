// The cart: lines a user collects and checks out into one order with one line per item.
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { cartItems, plans, subscriptions, users, type Order } from "../../db/schema";
import { conflict, DomainError, validationError } from "../../errors";
import { parseInput } from "../../validation";
import { placeOrder } from "./place-order";

export const MAX_CART_ITEMS = 20;

const CartAdd = z.object({
  planId: z.uuid(),
  kind: z.enum(["NEW_PURCHASE", "RENEWAL", "TRAFFIC_TOPUP"]).default("NEW_PURCHASE"),
  trafficGb: z.coerce.number().int().min(0).max(100_000).default(0),
  days: z.coerce.number().int().min(0).max(3650).default(0),
  subscriptionId: z.uuid().optional(),
});

export async function addToCart(ctx: Ctx, raw: unknown): Promise<{ id: string }> {
  const { userId } = requireUser(ctx);
  const input = parseInput(CartAdd, raw);
  const [plan] = await ctx.db.select({ id: plans.id, visibility: plans.visibility }).from(plans).where(eq(plans.id, input.planId));
  if (!plan || (input.kind === "NEW_PURCHASE" && plan.visibility !== "PUBLIC")) throw new DomainError("NOT_FOUND", "plan_not_found");
  if (input.kind !== "NEW_PURCHASE") {
    if (!input.subscriptionId) throw validationError("invalid_input", { summary: "subscriptionId", fields: { subscriptionId: "required" } });
    const [sub] = await ctx.db.select({ id: subscriptions.id }).from(subscriptions).where(and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.userId, userId), eq(subscriptions.planId, plan.id)));
    if (!sub) throw new DomainError("NOT_FOUND", "subscription_not_found");
  }
  // Count and insert under the buyer's row lock (the lock checkout takes too), so concurrent adds
  // cannot all see room for one more and pass the cap together.
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [n] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    if ((n?.n ?? 0) >= MAX_CART_ITEMS) throw conflict("cart_full", { limit: MAX_CART_ITEMS });
    const [row] = await tx
      .insert(cartItems)
      .values({ userId, planId: plan.id, kind: input.kind, trafficGb: input.trafficGb, durationDays: input.days, targetSubscriptionId: input.subscriptionId ?? null })
      .returning({ id: cartItems.id });
    return row!;
  });
}

export async function removeFromCart(ctx: Ctx, itemId: string): Promise<void> {
  const { userId } = requireUser(ctx);
  await ctx.db.delete(cartItems).where(and(eq(cartItems.id, parseInput(z.uuid(), itemId)), eq(cartItems.userId, userId)));
}

export async function clearCart(ctx: Ctx): Promise<void> {
  const { userId } = requireUser(ctx);
  await ctx.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export async function listCart(ctx: Ctx) {
  const { userId } = requireUser(ctx);
  return ctx.db
    .select({ id: cartItems.id, planId: cartItems.planId, planName: plans.name, kind: cartItems.kind, trafficGb: cartItems.trafficGb, days: cartItems.durationDays, subscriptionId: cartItems.targetSubscriptionId })
    .from(cartItems)
    .innerJoin(plans, eq(plans.id, cartItems.planId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt));
}

/**
 * One order with one line per cart item; the cart empties in the same transaction. The lines are
 * claimed by `DELETE ... RETURNING` under the buyer's row lock, before anything else is read or
 * reserved: a concurrent checkout (another tab, a double click, another instance) then finds the
 * cart empty, so a line becomes at most one order line. A failed order rolls the claim back.
 */
export async function checkoutCart(ctx: Ctx, raw: unknown): Promise<Order> {
  const { userId } = requireUser(ctx);
  const { couponCode } = parseInput(z.object({ couponCode: z.string().trim().max(64).optional() }), raw ?? {});
  return placeOrder(ctx, userId, async (tx) => {
    const claimed = await tx.delete(cartItems).where(eq(cartItems.userId, userId)).returning();
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    return claimed.map((i) => ({ planId: i.planId, kind: i.kind, trafficGb: i.trafficGb || undefined, days: i.durationDays || undefined, targetSubscriptionId: i.targetSubscriptionId ?? undefined }));
  }, couponCode);
}
