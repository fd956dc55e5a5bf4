// A plan change as its order's pages show it (the pay page, the owner's order page, the admin's
// drawer): the quote that was accepted and what became of it. Db-level helpers: the order reads that
// call them have checked their caller (the owner's order, or an admin) already.
import { and, eq, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { isWallet } from "../../env";
import { coupons, planChanges, plans, type PlanChangeCreditDestination, type PlanChangeMeasure, type PlanChangeStatus } from "../../db/schema";

export interface PlanChangeView {
  status: PlanChangeStatus;
  subscriptionId: string;
  currency: string;
  fromPlanName: string;
  toPlanName: string;
  basis: string;
  measure: PlanChangeMeasure;
  termStart: string;
  termEnd: string;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  unusedNumerator: number;
  unusedDenominator: number;
  termValueMinor: number;
  termPaidMinor: number;
  creditMinor: number;
  newPriceMinor: number;
  newTrafficGb: number;
  newDurationDays: number;
  dueMinor: number;
  leftoverMinor: number;
  /** Money given back when it settled (the leftover, or what was paid for a change that did not apply). */
  creditedMinor: number;
  creditedTo: PlanChangeCreditDestination | null;
  /** The personal coupon it was given as (base edition): shown to its owner on the order's pages. */
  couponCode: string | null;
  outcomeReason: string | null;
  /** When it was quoted (the order's placing): time left is counted from here. */
  quotedAt: string;
  settledAt: string | null;
  /** Where a leftover goes (or went): the balance in the wallet edition, a coupon in the base edition. */
  leftoverTo: PlanChangeCreditDestination;
}

const fromPlans = alias(plans, "from_plans");
const toPlans = alias(plans, "to_plans");

/** The change an order carries, or null for any other order. */
export async function planChangeOfOrder(db: Db, orderId: string): Promise<PlanChangeView | null> {
  const [r] = await db
    .select({ c: planChanges, fromName: fromPlans.name, toName: toPlans.name, couponCode: coupons.code })
    .from(planChanges)
    .innerJoin(fromPlans, eq(fromPlans.id, planChanges.fromPlanId))
    .innerJoin(toPlans, eq(toPlans.id, planChanges.toPlanId))
    .leftJoin(coupons, eq(coupons.id, planChanges.creditCouponId))
    .where(eq(planChanges.orderId, orderId));
  if (!r) return null;
  const c = r.c;
  return {
    status: c.status,
    subscriptionId: c.subscriptionId,
    currency: c.currency,
    fromPlanName: r.fromName,
    toPlanName: r.toName,
    basis: c.basis,
    measure: c.measure,
    termStart: c.termStart.toISOString(),
    termEnd: c.termEnd.toISOString(),
    trafficLimitBytes: c.trafficLimitBytes,
    trafficUsedBytes: c.trafficUsedBytes,
    unusedNumerator: c.unusedNumerator,
    unusedDenominator: c.unusedDenominator,
    termValueMinor: c.termValueMinor,
    termPaidMinor: c.termPaidMinor,
    creditMinor: c.creditMinor,
    newPriceMinor: c.newPriceMinor,
    newTrafficGb: c.newTrafficGb,
    newDurationDays: c.newDurationDays,
    dueMinor: c.dueMinor,
    leftoverMinor: c.leftoverMinor,
    creditedMinor: c.creditedMinor,
    creditedTo: c.creditedTo,
    couponCode: r.couponCode,
    outcomeReason: c.outcomeReason,
    quotedAt: c.createdAt.toISOString(),
    settledAt: c.settledAt?.toISOString() ?? null,
    leftoverTo: c.creditedTo ?? (isWallet() ? "BALANCE" : "COUPON"),
  };
}

/**
 * What a paid change that did not apply already gave back (balance or coupon): a refund of its order
 * may give back only the rest, or the money would go back twice.
 */
export async function givenBackForOrder(db: Db, orderId: string): Promise<number> {
  const [r] = await db
    .select({ total: sum(planChanges.creditedMinor) })
    .from(planChanges)
    .where(and(eq(planChanges.orderId, orderId), eq(planChanges.status, "NOT_APPLIED")));
  return Number(r?.total ?? 0);
}
