// Plan changes with prorated credit (issue 28 item 2). One row per PLAN_CHANGE order: the quote the
// buyer accepted (the current term's value, how much of it was left, the credit, the new price, what
// was due and the leftover credit), and what became of it. The rules that must hold under concurrency
// are constraints here: one row per order line (a plan change applies at most once: its own status
// door PENDING -> APPLIED | NOT_APPLIED), and one open (PENDING) change per subscription.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { coupons, plans } from "./catalog";
import { orderItems, orders, subscriptions } from "./commerce";

/**
 * PENDING while its order waits for payment; CLOSED when that order was cancelled or expired (a late
 * payment an admin honours still settles it); APPLIED once the subscription moved; NOT_APPLIED when
 * the order was paid but the subscription could no longer change (the money is given back).
 */
export const PLAN_CHANGE_STATUSES = ["PENDING", "CLOSED", "APPLIED", "NOT_APPLIED"] as const;
export type PlanChangeStatus = (typeof PLAN_CHANGE_STATUSES)[number];
/** Which measure of "unused" the credit was worked out by (the setting, after TRAFFIC fell back to TIME where it does not apply). */
export const PLAN_CHANGE_MEASURES = ["TIME", "TRAFFIC"] as const;
export type PlanChangeMeasure = (typeof PLAN_CHANGE_MEASURES)[number];
/** Where money the change owes the user goes: the balance (wallet edition) or a personal coupon (base edition). */
export const PLAN_CHANGE_CREDIT_DESTINATIONS = ["BALANCE", "COUPON"] as const;
export type PlanChangeCreditDestination = (typeof PLAN_CHANGE_CREDIT_DESTINATIONS)[number];

export const planChanges = pgTable(
  "plan_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    fromPlanId: uuid("from_plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    toPlanId: uuid("to_plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    status: text("status").$type<PlanChangeStatus>().notNull().default("PENDING"),
    currency: text("currency").notNull(),
    // The setting when quoted (TIME | TRAFFIC | LOWER) and the measure that decided the credit.
    basis: text("basis").notNull(),
    measure: text("measure").$type<PlanChangeMeasure>().notNull(),
    // The current term as quoted: its start and end, traffic limit and used (the apply step checks the
    // subscription still has this end and limit, so a renewal or top-up since the quote is not lost).
    termStart: timestamp("term_start", { withTimezone: true }).notNull(),
    termEnd: timestamp("term_end", { withTimezone: true }).notNull(),
    trafficLimitBytes: bigint("traffic_limit_bytes", { mode: "number" }).notNull(),
    trafficUsedBytes: bigint("traffic_used_bytes", { mode: "number" }).notNull(),
    // What the term is worth (what was paid for it, or the list price where nothing was paid in money)
    // and the part of that paid in money by this user: only that part may leave as leftover credit.
    termValueMinor: integer("term_value_minor").notNull(),
    termPaidMinor: integer("term_paid_minor").notNull(),
    // The unused share of the term: numerator / denominator (ms or bytes).
    unusedNumerator: bigint("unused_numerator", { mode: "number" }).notNull(),
    unusedDenominator: bigint("unused_denominator", { mode: "number" }).notNull(),
    creditMinor: integer("credit_minor").notNull(),
    creditPaidMinor: integer("credit_paid_minor").notNull(),
    newPriceMinor: integer("new_price_minor").notNull(),
    newTrafficGb: integer("new_traffic_gb").notNull(),
    newDurationDays: integer("new_duration_days").notNull(),
    dueMinor: integer("due_minor").notNull(),
    leftoverMinor: integer("leftover_minor").notNull(),
    // The new term's worth and its money part, read by the next change of this subscription.
    newTermPaidMinor: integer("new_term_paid_minor").notNull(),
    // Money given back when it was settled: the leftover (APPLIED) or the amount paid (NOT_APPLIED).
    creditedMinor: integer("credited_minor").notNull().default(0),
    creditedTo: text("credited_to").$type<PlanChangeCreditDestination>(),
    creditCouponId: uuid("credit_coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    // NOT_APPLIED: why (an error reason: plan_change_no_longer_applies, plan_change_currency_changed).
    outcomeReason: text("outcome_reason"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plan_changes_order_item_key").on(t.orderItemId),
    index("plan_changes_order_idx").on(t.orderId),
    // One open change per subscription, whoever asks at once.
    uniqueIndex("plan_changes_open_key").on(t.subscriptionId).where(sql`${t.status} = 'PENDING'`),
    index("plan_changes_subscription_idx").on(t.subscriptionId, t.status, t.settledAt),
    index("plan_changes_user_idx").on(t.userId),
    check("plan_changes_status_check", sql`${t.status} in ('PENDING', 'CLOSED', 'APPLIED', 'NOT_APPLIED')`),
    check("plan_changes_measure_check", sql`${t.measure} in ('TIME', 'TRAFFIC')`),
    check("plan_changes_credited_to_check", sql`${t.creditedTo} is null or ${t.creditedTo} in ('BALANCE', 'COUPON')`),
    check(
      "plan_changes_money_check",
      sql`${t.termValueMinor} >= ${t.termPaidMinor} and ${t.termPaidMinor} >= 0 and ${t.creditMinor} >= ${t.creditPaidMinor} and ${t.creditPaidMinor} >= 0 and ${t.newPriceMinor} >= 0 and ${t.dueMinor} >= 0 and ${t.leftoverMinor} >= 0 and ${t.creditedMinor} >= 0 and ${t.unusedDenominator} >= 0 and ${t.unusedNumerator} between 0 and greatest(${t.unusedDenominator}, 0)`,
    ),
  ],
);

export type PlanChange = typeof planChanges.$inferSelect;
