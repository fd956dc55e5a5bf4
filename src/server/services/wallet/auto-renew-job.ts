// [wallet] The auto-renew job (every 5 minutes, on every instance at once). For each ACTIVE
// subscription with auto-renew on, per period (the expiry it would renew):
//   - a day before the renewal moment, one reminder: when, how much, and whether the balance is short;
//   - at the moment, one renewal: the same RENEWAL order a user would place (placeOrder: price rules,
//     promotions, stock, limits; no coupon), the balance debited and the order settled as paid from
//     the balance, all in one transaction, so provisioning extends the subscription; or, when the
//     balance is short or the order is refused, a notice and nothing left behind.
// "Once" is the auto_renew_runs row (primary key subscription + period end): the reminder claims
// remindedAt and the renewal claims outcome, each by a conditional write, under the owner's and the
// subscription's row locks. Two instances running the job at once renew once and remind once; a
// renewal moves the expiry, so the next period is a new row.
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { makeCtx } from "../../context";
import type { Db, Db as Tx } from "../../db/client";
import { autoRenewRuns, orders, plans, subscriptions, users, type Order, type Plan, type Subscription } from "../../db/schema";
import { describeError } from "../../describe-error";
import { isWallet } from "../../env";
import { conflict, isDomainError } from "../../errors";
import { errorText } from "../../i18n/error-text";
import { formatDateTime, formatMoney } from "../../../i18n/format";
import { log } from "../../logger";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { textLocale, type TextLocale } from "../notifications/texts";
import { placeOrder } from "../orders/place-order";
import { settleOrder } from "../orders/settle-order";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";
import { autoRenewable, autoRenewalDays, autoRenewalPrice, enabledPromotions, renewalMoment } from "./auto-renew";
import { autoRenewNotice, type AutoRenewNotice } from "./auto-renew-texts";
import { balanceOf, moveBalance } from "./ledger";

const DAY_MS = 86_400_000;
export const AUTO_RENEW_EVERY_MS = 5 * 60_000;

export type AutoRenewOutcome = "RENEWED" | "SHORT" | "FAILED";
const AUTO_RENEW_AUDIT = { RENEWED: "subscription.auto_renew_renewed", SHORT: "subscription.auto_renew_short", FAILED: "subscription.auto_renew_failed" } as const satisfies Record<AutoRenewOutcome, string>;
export interface AutoRenewCounts { reminded: number; renewed: number; short: number; failed: number }

/** The ledger key of one period's renewal: the backstop that makes a second debit an error. */
export const autoRenewKey = (subscriptionId: string, periodEnd: Date) => `auto-renew:${subscriptionId}:${periodEnd.toISOString()}`;

/** One pass. Does nothing in the base edition. `now` drives the clock (tests move it). */
export async function runAutoRenew(db: Db, now = new Date(), batch = 200): Promise<AutoRenewCounts> {
  const counts: AutoRenewCounts = { reminded: 0, renewed: 0, short: 0, failed: 0 };
  if (!isWallet()) return counts;
  const settings = await getSettingsWithSecrets(db);
  const daysBefore = settings.autoRenewDaysBefore;
  // Every period whose reminder window may have opened; each row's own moment decides below.
  const horizon = new Date(now.getTime() + (daysBefore + 1) * DAY_MS);
  const due = await db
    .select({ id: subscriptions.id, expiresAt: subscriptions.expiresAt, durationDays: plans.durationDays, remindedAt: autoRenewRuns.remindedAt })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(autoRenewRuns, and(eq(autoRenewRuns.subscriptionId, subscriptions.id), eq(autoRenewRuns.periodEnd, sql`date_trunc('milliseconds', ${subscriptions.expiresAt})`)))
    .where(and(eq(subscriptions.status, "ACTIVE"), eq(subscriptions.autoRenew, true), lte(subscriptions.expiresAt, horizon), isNull(autoRenewRuns.outcome)))
    .orderBy(asc(subscriptions.expiresAt))
    .limit(batch);
  for (const s of due) {
    const moment = renewalMoment(s.expiresAt, daysBefore, s);
    try {
      if (now.getTime() >= moment.getTime()) {
        const outcome = await renewPeriod(db, s.id, s.expiresAt, now);
        if (outcome === "RENEWED") counts.renewed++;
        else if (outcome === "SHORT") counts.short++;
        else if (outcome === "FAILED") counts.failed++;
      } else if (!s.remindedAt && now.getTime() >= moment.getTime() - DAY_MS) {
        if (await remindPeriod(db, s.id, s.expiresAt, daysBefore, now)) counts.reminded++;
      }
    } catch (err) {
      log.error("auto-renew failed", { subscriptionId: s.id, error: describeError(err) });
    }
  }
  if (counts.reminded + counts.renewed + counts.short + counts.failed > 0) kickTasks();
  return counts;
}

interface Locked { sub: Subscription; plan: Plan; locale: TextLocale }

/**
 * The owner's row lock, then the subscription's (the order placeOrder and provisioning take them
 * in), and the checks that it is still this period's to renew: ACTIVE, switched on, same expiry.
 */
async function lockPeriod(tx: Tx, subscriptionId: string, periodEnd: Date): Promise<Locked | null> {
  const [owner] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!owner) return null;
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, owner.userId)).for("update");
  const [row] = await tx.select({ sub: subscriptions, plan: plans }).from(subscriptions).innerJoin(plans, eq(plans.id, subscriptions.planId)).where(eq(subscriptions.id, subscriptionId)).for("update", { of: subscriptions });
  if (!user || !row || row.sub.userId !== owner.userId) return null;
  if (row.sub.status !== "ACTIVE" || !row.sub.autoRenew || row.sub.expiresAt.getTime() !== periodEnd.getTime()) return null;
  return { ...row, locale: textLocale(user.locale) };
}

/** The period's row, made if missing (a racing instance's insert waits for ours, then does nothing). */
const ensureRun = (tx: Tx, subscriptionId: string, periodEnd: Date, now: Date) =>
  tx.insert(autoRenewRuns).values({ subscriptionId, periodEnd, createdAt: now }).onConflictDoNothing();
const runKey = (subscriptionId: string, periodEnd: Date) => and(eq(autoRenewRuns.subscriptionId, subscriptionId), eq(autoRenewRuns.periodEnd, periodEnd));

const money = (minor: number, currency: string, locale: TextLocale) => formatMoney(minor, currency, locale);

/** The reminder, once per period (remindedAt is claimed by a conditional update). */
async function remindPeriod(db: Db, subscriptionId: string, periodEnd: Date, daysBefore: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockPeriod(tx, subscriptionId, periodEnd);
    if (!locked || !autoRenewable(locked.sub, locked.plan)) return false;
    const { sub, plan } = locked;
    let price: number;
    try {
      price = autoRenewalPrice(plan, await enabledPromotions(tx), now);
    } catch (err) {
      if (isDomainError(err)) return false; // the renewal will be refused and say so
      throw err;
    }
    await ensureRun(tx, subscriptionId, periodEnd, now);
    const [claimed] = await tx
      .update(autoRenewRuns)
      .set({ remindedAt: now })
      .where(and(runKey(subscriptionId, periodEnd), isNull(autoRenewRuns.remindedAt), isNull(autoRenewRuns.outcome)))
      .returning({ subscriptionId: autoRenewRuns.subscriptionId });
    if (!claimed) return false;
    const { currency } = await getSettingsWithSecrets(tx);
    const balance = await balanceOf(tx, sub.userId);
    const short = balance < price;
    await notify(tx, {
      userId: sub.userId,
      type: "SUBSCRIPTION",
      level: short ? "WARNING" : "INFO",
      ...autoRenewNotice(locked.locale, "reminder", {
        plan: plan.name,
        renewAt: formatDateTime(renewalMoment(periodEnd, daysBefore, plan), locked.locale),
        amount: money(price, currency, locked.locale),
        balance: money(balance, currency, locked.locale),
        missing: money(Math.max(price - balance, 0), currency, locked.locale),
        short: short ? "yes" : "no",
      }),
      link: "/wallet",
      dedupeKey: `auto-renew-reminder:${subscriptionId}:${periodEnd.getTime()}`,
    });
    return true;
  });
}

/**
 * The renewal, once per period: the run's outcome is claimed from null first, then the order is
 * placed, paid from the balance and settled inside a savepoint. A refusal there (balance short,
 * out of stock, plan no longer renewable...) undoes only the savepoint: no order, no debit, and the
 * run records why.
 */
async function renewPeriod(db: Db, subscriptionId: string, periodEnd: Date, now: Date): Promise<AutoRenewOutcome | null> {
  return db.transaction(async (tx) => {
    const locked = await lockPeriod(tx, subscriptionId, periodEnd);
    if (!locked) return null;
    const { sub, plan } = locked;
    await ensureRun(tx, subscriptionId, periodEnd, now);
    const [claimed] = await tx
      .update(autoRenewRuns)
      .set({ outcome: "RENEWED", decidedAt: now })
      .where(and(runKey(subscriptionId, periodEnd), isNull(autoRenewRuns.outcome)))
      .returning({ subscriptionId: autoRenewRuns.subscriptionId });
    if (!claimed) return null;

    const { currency } = await getSettingsWithSecrets(tx);
    const priced = { totalMinor: 0 };
    let outcome: AutoRenewOutcome;
    let order: Order | undefined;
    let reason: string | undefined;
    try {
      if (!autoRenewable(sub, plan)) throw conflict("auto_renew_unavailable");
      order = await tx.transaction((sp) => renewFromBalance(sp, sub, plan, periodEnd, now, priced));
      outcome = "RENEWED";
    } catch (err) {
      if (!isDomainError(err)) throw err;
      reason = err.reason;
      outcome = reason === "insufficient_balance" ? "SHORT" : "FAILED";
    }
    await tx.update(autoRenewRuns).set({ outcome, orderId: order?.id ?? null, detail: reason ?? null, decidedAt: now }).where(runKey(subscriptionId, periodEnd));
    const ctx = makeCtx(tx, { kind: "system" }, { now: () => now });
    await recordAudit(ctx, { action: AUTO_RENEW_AUDIT[outcome], targetType: "subscription", targetId: sub.id, metadata: { periodEnd: periodEnd.toISOString(), orderId: order?.id, totalMinor: priced.totalMinor, reason } }, tx);

    const [after] = await tx.select({ expiresAt: subscriptions.expiresAt }).from(subscriptions).where(eq(subscriptions.id, sub.id));
    const balance = await balanceOf(tx, sub.userId);
    const words: Record<AutoRenewOutcome, AutoRenewNotice> = { RENEWED: "renewed", SHORT: "short", FAILED: "failed" };
    await notify(tx, {
      userId: sub.userId,
      type: "SUBSCRIPTION",
      level: outcome === "RENEWED" ? "SUCCESS" : "WARNING",
      ...autoRenewNotice(locked.locale, words[outcome], {
        plan: plan.name,
        amount: money(priced.totalMinor, currency, locked.locale),
        balance: money(balance, currency, locked.locale),
        missing: money(Math.max(priced.totalMinor - balance, 0), currency, locked.locale),
        orderNo: order?.orderNo ?? "",
        expiresAt: formatDateTime(after?.expiresAt ?? periodEnd, locked.locale),
        reason: reason ? (errorText(locked.locale, reason) ?? reason) : "",
      }),
      link: outcome === "RENEWED" ? "/subscriptions" : "/wallet",
      dedupeKey: `auto-renew-${outcome.toLowerCase()}:${subscriptionId}:${periodEnd.getTime()}:${now.getTime()}`,
    });
    return outcome;
  });
}

/** Inside the savepoint: the user's renewal order, the debit, and the door to "paid". */
async function renewFromBalance(sp: Tx, sub: Subscription, plan: Plan, periodEnd: Date, now: Date, priced: { totalMinor: number }): Promise<Order> {
  const ctx = makeCtx(sp, { kind: "system" }, { now: () => now });
  const order = await placeOrder(ctx, sub.userId, [{ planId: sub.planId, kind: "RENEWAL", days: autoRenewalDays(plan), targetSubscriptionId: sub.id }]);
  priced.totalMinor = order.totalMinor;
  // Nothing to pay (a free renewal, or a promotion took it all): placeOrder confirmed it already.
  if (order.status === "PAID") return order;
  await moveBalance(sp, {
    userId: sub.userId,
    kind: "AUTO_RENEW",
    amountMinor: -order.totalMinor,
    referenceType: "order",
    referenceId: order.id,
    idempotencyKey: autoRenewKey(sub.id, periodEnd),
    note: order.orderNo,
    now,
  });
  await sp.update(orders).set({ provider: "balance", balancePaidMinor: order.totalMinor, updatedAt: now }).where(eq(orders.id, order.id));
  const settled = await settleOrder(sp, order.id, "BALANCE", now);
  if (!settled.settled) throw new Error(`auto-renew order ${order.id} was not pending when settled`);
  return settled.order;
}
