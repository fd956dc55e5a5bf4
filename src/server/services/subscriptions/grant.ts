// `subscription grant`: a gift, provisioned like a paid order. It is an order for the plan at amount
// 0 that an admin marks paid, through the same settleOrder -> provisionOrder path a payment takes,
// so stock, slot and the per-user limit are held and checked as for a purchase, and the
// subscription, its panel clients and their outbox tasks appear in one transaction.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orderItems, orders, plans, users, type Plan } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { MAX_DURATION_DAYS, MAX_PLAN_GB, quotePlanPrice } from "../catalog";
import { settleOrder } from "../orders";
import { heldElsewhere } from "../orders/place-order";
import { takePlanUnit } from "../orders/release-order";
import { newOrderNo } from "../payments/trade-no";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";

export const GrantInput = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  planId: z.uuid(),
  /** Overrides the plan's duration. */
  days: z.coerce.number().int().min(1).max(MAX_DURATION_DAYS).optional(),
  /** For a slider plan: the traffic given (default the plan's minimum). */
  trafficGb: z.coerce.number().int().min(1).max(MAX_PLAN_GB).optional(),
});

/** Returns the new subscription's id. */
export async function grantSubscription(ctx: Ctx, raw: unknown): Promise<string> {
  requireAdmin(ctx, "subscriptions.write", "write:subscriptions");
  const input = parseInput(GrantInput, raw);
  const now = ctx.now();
  const settings = await getSettingsWithSecrets(ctx.db);
  const subscriptionId = await ctx.db.transaction(async (tx) => {
    // The recipient's row lock serializes their purchases and gifts, as placeOrder does for buyers.
    const [user] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, input.email)).for("update");
    if (!user) throw new DomainError("NOT_FOUND", "user_not_found");
    if (user.status !== "ACTIVE") throw conflict("grant_account_inactive");
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (!plan) throw new DomainError("NOT_FOUND", "plan_not_found");
    // Hidden plans may be given (a gift is often an off-menu plan); the price terms give traffic and days.
    const quote = quotePlanPrice(plan, { kind: "NEW_PURCHASE", trafficGb: input.trafficGb ?? (plan.pricingMode === "SLIDER" ? plan.minGb : undefined) });
    const durationDays = input.days ?? quote.durationDays;
    await takePlanUnit(tx, plan.id, { serviceMustBeEnabled: false });
    await checkUserLimit(tx, user.id, plan);
    const [order] = await tx
      .insert(orders)
      .values({ orderNo: newOrderNo(now), userId: user.id, kind: "NEW_PURCHASE", currency: settings.currency, subtotalMinor: 0, totalMinor: 0, expiresAt: now, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(orderItems).values({ orderId: order!.id, planId: plan.id, kind: "NEW_PURCHASE", trafficGb: quote.trafficGb, durationDays, amountMinor: 0, holdsStock: true });
    const settled = await settleOrder(tx, order!.id, "ADMIN", now);
    if (!settled.settled) throw new Error(`gift order ${order!.id} did not settle`);
    const created = settled.provisioned.created[0]!;
    await recordAudit(ctx, { action: "subscription.granted", targetType: "subscription", targetId: created, metadata: { email: input.email, planId: plan.id, days: durationDays, trafficGb: quote.trafficGb, orderId: order!.id } }, tx);
    return created;
  });
  kickTasks();
  return subscriptionId;
}

/** The plan's per-user limit, counted as placeOrder counts it: live holding subscriptions plus pending order lines. */
async function checkUserLimit(tx: Tx, userId: string, plan: Plan): Promise<void> {
  if (plan.perUserLimit === null) return;
  if ((await heldElsewhere(tx, userId, plan.id)) + 1 > plan.perUserLimit) throw conflict("grant_user_limit", { limit: plan.perUserLimit });
}
