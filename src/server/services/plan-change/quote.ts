// The quote of one plan change: which subscription may change to which plan, and the arithmetic
// (proration.ts) over the current term's value (term-value.ts). One function for the preview (nothing
// reserved) and the order (inside its transaction, after the subscription's row lock), so both refuse
// the same things with the same reasons and show the same figures.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inbounds, nodes, planInbounds, plans, subscriptions, type Plan, type Subscription } from "../../db/schema";
import type { PlanChangeCreditDestination, PlanChangeMeasure } from "../../db/schema/plan-changes";
import { isWallet } from "../../env";
import { conflict, DomainError } from "../../errors";
import { quotePlanPrice } from "../catalog/pricing";
import { heldElsewhere } from "../orders/place-order";
import type { Settings } from "../settings/schema";
import { prorate, trafficLeft, unusedShare, type CreditBasis, type TermState } from "./proration";
import { currentTermValue } from "./term-value";


export interface QuotedPlan {
  planId: string;
  planName: string;
  nodeName: string | null;
}

/** Everything the preview shows and the order records; plain values (dates as ISO text) for the browser. */
export interface PlanChangeQuote {
  subscriptionId: string;
  currency: string;
  from: QuotedPlan;
  to: QuotedPlan & { trafficGb: number; durationDays: number };
  basis: CreditBasis;
  measure: PlanChangeMeasure;
  termStart: string;
  termEnd: string;
  /** Time left and the term's length (ms), and the traffic left and limit (bytes; limit 0 = unlimited). */
  msLeft: number;
  termMs: number;
  trafficLeftBytes: number;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  /** Whether traffic measures the term (a limited plan that never resets); else the credit is by time. */
  trafficMeasures: boolean;
  unusedNumerator: number;
  unusedDenominator: number;
  termValueMinor: number;
  termPaidMinor: number;
  creditMinor: number;
  creditPaidMinor: number;
  newPriceMinor: number;
  dueMinor: number;
  leftoverMinor: number;
  /** Credit beyond the new price that was not paid in money (a gift's, a grant's): not paid out. */
  forfeitedMinor: number;
  /** Where a leftover goes: the balance (wallet edition) or a personal coupon (base edition). */
  leftoverTo: PlanChangeCreditDestination;
  newTermPaidMinor: number;
}

export interface QuoteInput {
  userId: string;
  subscriptionId: string;
  planId: string;
  settings: Pick<Settings, "planChangeCreditBasis" | "currency">;
  now: Date;
  /** Inside the order's transaction: the subscription is read with a row lock. */
  lock?: boolean;
}

const subscriptionMissing = () => new DomainError("NOT_FOUND", "subscription_not_found");
const planMissing = () => new DomainError("NOT_FOUND", "plan_not_found");

/** The caller's own subscription, if it may change plans at all (else the reason it may not). */
export async function changeableSubscription(db: Db, userId: string, subscriptionId: string, now: Date, lock = false): Promise<{ sub: Subscription; plan: Plan }> {
  const q = db.select().from(subscriptions).where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  const [sub] = lock ? await q.for("update") : await q;
  // Someone else's subscription is "not found": ids are not confirmed to strangers.
  if (!sub) throw subscriptionMissing();
  const [plan] = await db.select().from(plans).where(eq(plans.id, sub.planId));
  // Streaming slots are not changed between plans (a slot is not a proxy period); a trial is one free look, not a term with value.
  if (sub.kind !== "PROXY" || !plan || plan.kind === "STREAMING") throw conflict("plan_change_proxy_only");
  if (sub.trial || plan.kind === "TRIAL") throw conflict("plan_change_trial");
  if (sub.status !== "ACTIVE" || sub.expiresAt.getTime() <= now.getTime() || sub.riskRestricted) throw conflict("plan_change_not_active");
  return { sub, plan };
}

/** The target plan, if the store sells it now: a public proxy plan on a visible node with an active inbound bound. */
async function targetPlan(db: Db, userId: string, planId: string, current: Plan): Promise<{ plan: Plan; nodeName: string | null }> {
  const [row] = await db.select({ plan: plans, nodeName: nodes.name, nodeVisibility: nodes.visibility }).from(plans).leftJoin(nodes, eq(nodes.id, plans.nodeId)).where(eq(plans.id, planId));
  if (!row || row.plan.visibility !== "PUBLIC") throw planMissing();
  const plan = row.plan;
  if (plan.kind !== "PROXY") throw conflict("plan_change_proxy_only");
  if (plan.id === current.id) throw conflict("plan_change_same_plan");
  if (row.nodeVisibility !== "VISIBLE") throw conflict("plan_not_for_sale");
  const [bound] = await db
    .select({ one: sql<number>`1` })
    .from(planInbounds)
    .innerJoin(inbounds, eq(inbounds.id, planInbounds.inboundId))
    .where(and(eq(planInbounds.planId, plan.id), eq(inbounds.active, true), eq(inbounds.nodeId, plan.nodeId!)))
    .limit(1);
  if (!bound) throw conflict("plan_not_for_sale");
  // Read only: the order takes the unit with the conditional update (takePlanUnit).
  if (plan.stockTotal !== null && plan.stockHeld >= plan.stockTotal) throw conflict("out_of_stock");
  if (plan.perUserLimit !== null && (await heldElsewhere(db, userId, plan.id)) + 1 > plan.perUserLimit) throw conflict("plan_user_limit", { limit: plan.perUserLimit });
  return { plan, nodeName: row.nodeName };
}

async function nodeName(db: Db, nodeId: string | null): Promise<string | null> {
  if (!nodeId) return null;
  const [n] = await db.select({ name: nodes.name }).from(nodes).where(eq(nodes.id, nodeId));
  return n?.name ?? null;
}

/** The price the new plan is bought at: a fixed plan's price, a per-GB plan at its smallest amount (the user adds traffic after). */
export function newPlanTerms(plan: Plan): { priceMinor: number; trafficGb: number; durationDays: number } {
  const q = quotePlanPrice(plan, { kind: "NEW_PURCHASE", trafficGb: plan.pricingMode === "SLIDER" ? plan.minGb : undefined });
  return { priceMinor: q.amountMinor, trafficGb: q.trafficGb, durationDays: q.durationDays };
}

export async function quotePlanChange(db: Db, input: QuoteInput): Promise<PlanChangeQuote> {
  const { sub, plan: current } = await changeableSubscription(db, input.userId, input.subscriptionId, input.now, input.lock);
  const { plan: target, nodeName: targetNode } = await targetPlan(db, input.userId, input.planId, current);
  const term = await currentTermValue(db, sub);
  // The shop sells in one currency (a setting): a term paid in another one was paid before the
  // operator changed it, and its value cannot be set against prices in the new one.
  const foreign = term.currencies.find((c) => c !== input.settings.currency);
  if (foreign) throw conflict("plan_change_currency_mismatch", { paid: foreign, currency: input.settings.currency });

  const state: TermState = {
    startsAt: sub.startsAt,
    expiresAt: sub.expiresAt,
    trafficLimitBytes: sub.trafficLimitBytes,
    trafficUsedBytes: sub.trafficUsedBytes,
    trafficMeasures: sub.trafficLimitBytes > 0 && current.trafficResetStrategy === "NEVER",
  };
  const share = unusedShare(state, input.settings.planChangeCreditBasis, input.now);
  const terms = newPlanTerms(target);
  const p = prorate({ termValueMinor: term.valueMinor, termPaidMinor: term.paidMinor, share, newPriceMinor: terms.priceMinor });
  const left = Math.max(sub.expiresAt.getTime() - input.now.getTime(), 0);
  return {
    subscriptionId: sub.id,
    currency: input.settings.currency,
    from: { planId: current.id, planName: current.name, nodeName: await nodeName(db, sub.nodeId) },
    to: { planId: target.id, planName: target.name, nodeName: targetNode, trafficGb: terms.trafficGb, durationDays: terms.durationDays },
    basis: input.settings.planChangeCreditBasis,
    measure: share.measure,
    termStart: sub.startsAt.toISOString(),
    termEnd: sub.expiresAt.toISOString(),
    msLeft: left,
    termMs: Math.max(sub.expiresAt.getTime() - sub.startsAt.getTime(), 0),
    trafficLeftBytes: sub.trafficLimitBytes > 0 ? trafficLeft(state).numerator : 0,
    trafficLimitBytes: sub.trafficLimitBytes,
    trafficUsedBytes: sub.trafficUsedBytes,
    trafficMeasures: state.trafficMeasures,
    unusedNumerator: share.numerator,
    unusedDenominator: share.denominator,
    termValueMinor: term.valueMinor,
    termPaidMinor: term.paidMinor,
    creditMinor: p.creditMinor,
    creditPaidMinor: p.creditPaidMinor,
    newPriceMinor: terms.priceMinor,
    dueMinor: p.dueMinor,
    leftoverMinor: p.leftoverMinor,
    forfeitedMinor: Math.max(0, p.creditMinor - terms.priceMinor - p.leftoverMinor),
    leftoverTo: isWallet() ? "BALANCE" : "COUPON",
    newTermPaidMinor: p.newTermPaidMinor,
  };
}
