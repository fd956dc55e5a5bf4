// [wallet] Auto-renew from the balance (issue 23 item 4): a per-subscription switch, and what the
// wallet page shows beside it. The renewal itself is the periodic job (auto-renew-job.ts), which
// places the same RENEWAL order a user would (placeOrder: same price rules, no coupon) and pays it
// from the balance, once per period.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { autoRenewRuns, plans, promotions, subscriptions, type Plan, type Promotion, type Subscription } from "../../db/schema";
import { conflict, DomainError, isDomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { bestPromotion, quotePlanPrice } from "../catalog";
import { extensionAllowed } from "../orders/extension-target";
import { getSettingsWithSecrets } from "../settings/queries";
import { requireWalletEdition } from "./edition";

const DAY_MS = 86_400_000;
const MAX_RENEWAL_DAYS = 3650;

type RenewalPlan = Pick<Plan, "kind" | "renewalMode" | "durationDays">;

/** How many days one automatic renewal buys: the plan's period (a FIXED renewal's own length; a PER_DAY plan is renewed by its period too). */
export function autoRenewalDays(plan: Pick<Plan, "durationDays">): number {
  return Math.min(Math.max(plan.durationDays, 1), MAX_RENEWAL_DAYS);
}

/** Whether the job may renew it: live, not a trial, and its plan sells renewals (the rule placeOrder applies). */
export function autoRenewable(sub: Pick<Subscription, "status" | "trial">, plan: RenewalPlan): boolean {
  return sub.status === "ACTIVE" && plan.kind !== "TRIAL" && plan.renewalMode !== "NONE" && extensionAllowed("RENEWAL", sub);
}

/**
 * When the job renews a period ending at `expiresAt`: `daysBefore` days earlier (the setting), or one
 * renewal's length earlier when that is shorter, so a renewal always lands after the next moment
 * (a one-day renewal with a three-day setting would otherwise renew again on every tick).
 */
export function renewalMoment(expiresAt: Date, daysBefore: number, plan: Pick<Plan, "durationDays">): Date {
  return new Date(expiresAt.getTime() - Math.min(daysBefore, autoRenewalDays(plan)) * DAY_MS);
}

/** What the renewal will cost when placed now: the plan's renewal price less the best promotion (no coupon), as placeOrder prices it. */
export function autoRenewalPrice(plan: Plan, promos: readonly Promotion[], now: Date): number {
  const quote = quotePlanPrice(plan, { kind: "RENEWAL", days: autoRenewalDays(plan) });
  const best = bestPromotion(promos, quote.amountMinor, now);
  return quote.amountMinor - (best ? Math.min(best.discountMinor, quote.amountMinor) : 0);
}

export const enabledPromotions = (db: Db) => db.select().from(promotions).where(eq(promotions.enabled, true));

const SetInput = z.object({ subscriptionId: z.uuid(), enabled: z.boolean() });

/**
 * Turns auto-renew on or off for one of the caller's own subscriptions. On needs a renewable one
 * (auto_renew_unavailable otherwise); off always works, and stops a renewal that has not run yet
 * (the job checks the switch under the subscription's row lock). Turning it on again after a period
 * was refused (balance short, or a refusal) lets the job try that period once more.
 */
export async function setAutoRenew(ctx: Ctx, subscriptionId: string, enabled: boolean): Promise<{ subscriptionId: string; autoRenew: boolean }> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const input = parseInput(SetInput, { subscriptionId, enabled });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sub: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.userId, userId)))
      .for("update", { of: subscriptions });
    if (!row) throw new DomainError("NOT_FOUND", "subscription_not_found");
    if (input.enabled && !autoRenewable(row.sub, row.plan)) throw conflict("auto_renew_unavailable");
    if (input.enabled && !priceable(row.plan)) throw conflict("auto_renew_unavailable");
    if (row.sub.autoRenew === input.enabled) return;
    await tx.update(subscriptions).set({ autoRenew: input.enabled, updatedAt: now }).where(eq(subscriptions.id, row.sub.id));
    if (input.enabled) {
      await tx
        .update(autoRenewRuns)
        .set({ outcome: null, detail: null, decidedAt: null })
        .where(and(eq(autoRenewRuns.subscriptionId, row.sub.id), eq(autoRenewRuns.periodEnd, row.sub.expiresAt), inArray(autoRenewRuns.outcome, ["SHORT", "FAILED"])));
    }
    await recordAudit(ctx, { action: input.enabled ? "subscription.auto_renew_on" : "subscription.auto_renew_off", targetType: "subscription", targetId: row.sub.id }, tx);
  });
  return { subscriptionId: input.subscriptionId, autoRenew: input.enabled };
}

/** The plan's renewal terms give a price (a PER_DAY plan whose period cannot be priced cannot renew by itself). */
function priceable(plan: Plan): boolean {
  try {
    quotePlanPrice(plan, { kind: "RENEWAL", days: autoRenewalDays(plan) });
    return true;
  } catch (err) {
    if (isDomainError(err)) return false;
    throw err;
  }
}

export interface AutoRenewRow {
  id: string;
  planName: string;
  /** ISO */
  expiresAt: string;
  autoRenew: boolean;
  renewable: boolean;
  /** What the renewal costs if placed now (0 when not renewable). */
  renewPriceMinor: number;
  currency: string;
  /** ISO: when the job renews this period (null when it cannot). */
  renewsAt: string | null;
}

export interface AutoRenewOverview {
  subscriptions: AutoRenewRow[];
  daysBefore: number;
}

/** Most subscriptions one user's switch list shows (the newest expiry last). */
const OVERVIEW_LIMIT = 100;

/**
 * The wallet page's auto-renew list: the caller's live subscriptions (and any ended one whose switch
 * is still on, so it can be turned off), soonest expiry first, with the price and moment of the next
 * renewal.
 */
export async function autoRenewOverview(ctx: Ctx): Promise<AutoRenewOverview> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const now = ctx.now();
  const [settings, rows, promos] = await Promise.all([
    getSettingsWithSecrets(ctx.db),
    ctx.db
      .select({ sub: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.userId, userId), or(inArray(subscriptions.status, ["ACTIVE", "SUSPENDED"]), eq(subscriptions.autoRenew, true))))
      .orderBy(asc(subscriptions.expiresAt), asc(subscriptions.id))
      .limit(OVERVIEW_LIMIT),
    enabledPromotions(ctx.db),
  ]);
  return {
    daysBefore: settings.autoRenewDaysBefore,
    subscriptions: rows.map(({ sub, plan }) => {
      const renewable = autoRenewable(sub, plan) && priceable(plan);
      return {
        id: sub.id,
        planName: plan.name,
        expiresAt: sub.expiresAt.toISOString(),
        autoRenew: sub.autoRenew,
        renewable,
        renewPriceMinor: renewable ? autoRenewalPrice(plan, promos, now) : 0,
        currency: settings.currency,
        renewsAt: renewable ? renewalMoment(sub.expiresAt, settings.autoRenewDaysBefore, plan).toISOString() : null,
      };
    }),
  };
}
