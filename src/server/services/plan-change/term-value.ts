// What the current term of a subscription is worth (issue 28 item 2). The term runs from the
// subscription's start (a purchase, or the last plan change, which starts a new one) to its expiry,
// and its value is what was paid for the lines that built it: the line that opened it (the purchase,
// or the plan change at the new plan's price) and every renewal and top-up paid since.
//
// A line's worth is its share of its order's total (discounts spread over the lines, rounded down),
// less what a refund gave back. Where nothing was paid in money by the subscription's owner (an
// admin's grant, a plan card, a 100 % coupon, a gift or a transfer from someone else), the line is
// worth its list price (the line's price, or the plan's price for it today): that value counts
// against a new plan's price, but it is not money the owner paid, so it never leaves the shop as
// leftover credit (termPaidMinor tracks the money part).
import { and, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderItems, orders, planChanges, plans, type Order, type OrderItem, type Plan, type Subscription } from "../../db/schema";
import { quotePlanPrice } from "../catalog/pricing";
import { MAX_LINE_MINOR } from "../catalog/money";

export interface TermValue {
  valueMinor: number;
  paidMinor: number;
  /** The currencies of the orders that paid for the term (the shop's currency when it changed since, a stale quote). */
  currencies: string[];
}

const NO_MONEY_VIA = new Set(["FREE", "CARD"]);

/** The plan's list price for what the line bought, today; 0 when the plan no longer prices it. */
function listPrice(plan: Plan | undefined, line: OrderItem): number {
  if (!plan || line.kind === "PLAN_CHANGE") return 0;
  try {
    return quotePlanPrice(plan, { kind: line.kind, trafficGb: line.trafficGb || undefined, days: line.durationDays || undefined }).amountMinor;
  } catch {
    return 0;
  }
}

/** One line's worth: [value, money paid by the owner]. */
export function lineWorth(line: OrderItem, order: Order, ownerId: string, plan: Plan | undefined): [number, number] {
  const paidInMoney = order.userId === ownerId && order.totalMinor > 0 && !NO_MONEY_VIA.has(order.paidVia ?? "");
  if (!paidInMoney) {
    const value = line.amountMinor > 0 ? line.amountMinor : listPrice(plan, line);
    return [value, 0];
  }
  const refunded = order.status === "REFUNDED" ? (order.refundAmountMinor ?? order.totalMinor) : 0;
  const kept = Math.max(0, order.totalMinor - refunded);
  const money = order.subtotalMinor > 0 ? Number((BigInt(line.amountMinor) * BigInt(kept)) / BigInt(order.subtotalMinor)) : 0;
  return [money, money];
}

const cap = (n: number) => Math.min(Math.max(0, n), MAX_LINE_MINOR);

/** The current term's value and money part, read in the caller's transaction. */
export async function currentTermValue(db: Db, sub: Subscription): Promise<TermValue> {
  let value = 0;
  let paid = 0;
  const currencies = new Set<string>();
  const planCache = new Map<string, Plan | undefined>();
  const planOf = async (id: string) => {
    if (!planCache.has(id)) planCache.set(id, (await db.select().from(plans).where(eq(plans.id, id)))[0]);
    return planCache.get(id);
  };

  // The change that started this term (applied at the subscription's start), if one did.
  const [change] = await db
    .select({ change: planChanges, currency: orders.currency })
    .from(planChanges)
    .innerJoin(orders, eq(orders.id, planChanges.orderId))
    .where(and(eq(planChanges.subscriptionId, sub.id), eq(planChanges.status, "APPLIED"), isNotNull(planChanges.settledAt), gte(planChanges.settledAt, sub.startsAt)))
    .orderBy(desc(planChanges.settledAt))
    .limit(1);
  if (change) {
    // The order's own refund gives back money of the new term's paid part.
    const [order] = await db.select().from(orders).where(eq(orders.id, change.change.orderId));
    const refunded = order?.status === "REFUNDED" ? (order.refundAmountMinor ?? order.totalMinor) : 0;
    value += change.change.newPriceMinor;
    paid += Math.max(0, change.change.newTermPaidMinor - refunded);
    currencies.add(change.currency);
  } else {
    const [opening] = await db
      .select({ line: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.resultSubscriptionId, sub.id));
    if (opening) {
      const [v, m] = lineWorth(opening.line, opening.order, sub.userId, await planOf(opening.line.planId));
      value += v;
      paid += m;
      currencies.add(opening.order.currency);
    } else {
      // No line opened it (made before orders kept lines, or its order was removed): the plan's price.
      const plan = await planOf(sub.planId);
      value += plan ? listPrice(plan, { kind: "NEW_PURCHASE", trafficGb: Math.round(sub.trafficLimitBytes / 1024 ** 3), durationDays: plan.durationDays, amountMinor: 0 } as OrderItem) : 0;
    }
  }

  // Renewals and top-ups paid since the term started.
  const extensions = await db
    .select({ line: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.targetSubscriptionId, sub.id),
        inArray(orderItems.kind, ["RENEWAL", "TRAFFIC_TOPUP"]),
        inArray(orders.status, ["PAID", "REFUNDED"]),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, sub.startsAt),
      ),
    );
  for (const { line, order } of extensions) {
    const [v, m] = lineWorth(line, order, sub.userId, await planOf(line.planId));
    value += v;
    paid += m;
    currencies.add(order.currency);
  }
  const valueMinor = cap(value);
  return { valueMinor, paidMinor: Math.min(cap(paid), valueMinor), currencies: [...currencies] };
}
