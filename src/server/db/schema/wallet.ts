// The wallet edition's money (behaviour §13). The balance column is a cache of the ledger's sum,
// kept equal by changing both in one transaction (services/wallet/ledger.ts is the only writer);
// the rules that must hold under concurrency are constraints here: a balance never below zero, one
// ledger row per idempotency key, one open hold per order, one awaiting transfer per subscription,
// one auto-renew run per subscription period, one redemption per card.
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { plans } from "./catalog";
import { orders, payments, subscriptions } from "./commerce";

export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
    // Spendable balance in minor units of the site currency. Money held for a split payment has
    // already left it (a HOLD ledger row) and comes back with a HOLD_RELEASE row.
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("wallet_accounts_balance_check", sql`${t.balanceMinor} >= 0`)],
);

export const WALLET_TX_KINDS = [
  "RECHARGE", // a recharge order credited (gateway or admin confirm)
  "ADMIN_CREDIT", // an operator's credit or debit (CLI `wallet credit`, admin page); signed
  "ORDER_PAYMENT", // an order paid from the balance (whole amount)
  "HOLD", // the balance part of a split payment set aside
  "HOLD_RELEASE", // that part given back (order cancelled or expired)
  "REFUND", // a refund to the balance
  "CARD", // a balance card redeemed
  "LATE_PAYMENT", // a gateway payment that arrived after its order closed, kept as balance
  "TRANSFER_FEE", // a subscription transfer's fee
  "TRANSFER_FEE_REFUND", // that fee given back (rejected, cancelled, expired)
  "AUTO_RENEW", // a renewal paid from the balance by the auto-renew job
  "COMMISSION", // available referral commission moved to the balance (issue 28)
  "PLAN_CHANGE_CREDIT", // the unused value of a plan change credited (issue 28)
  "GIFT_REFUND", // an unclaimed gift refunded to its buyer (issue 28)
] as const;
export type WalletTxKind = (typeof WALLET_TX_KINDS)[number];

export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<WalletTxKind>().notNull(),
    // Signed: credits positive, debits negative.
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    balanceAfterMinor: bigint("balance_after_minor", { mode: "number" }).notNull(),
    // What caused it ("order", "recharge", "card", "refund", "transfer", "hold", "payment", "admin"):
    // text, not a foreign key, so deleting a recharge or a transfer record keeps its ledger rows.
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    // Unique when set: the second attempt to write the same movement fails inside its transaction.
    idempotencyKey: text("idempotency_key"),
    actorId: uuid("actor_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("wallet_transactions_user_idx").on(t.userId, t.id),
    uniqueIndex("wallet_transactions_idempotency_key").on(t.idempotencyKey),
    check("wallet_transactions_after_check", sql`${t.balanceAfterMinor} >= 0 and ${t.amountMinor} <> 0`),
  ],
);

export const WALLET_HOLD_STATUSES = ["HELD", "CAPTURED", "RELEASED"] as const;
export type WalletHoldStatus = (typeof WALLET_HOLD_STATUSES)[number];

/** The balance part of a split payment: HELD when the gateway payment is created, then captured or released exactly once. */
export const walletHolds = pgTable(
  "wallet_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    status: text("status").$type<WalletHoldStatus>().notNull().default("HELD"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("wallet_holds_open_order_key").on(t.orderId).where(sql`${t.status} = 'HELD'`),
    check("wallet_holds_amount_check", sql`${t.amountMinor} > 0`),
    check("wallet_holds_status_check", sql`${t.status} in ('HELD', 'CAPTURED', 'RELEASED')`),
  ],
);

export const RECHARGE_STATUSES = ["PENDING", "CREDITED", "CANCELLED"] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

export const walletRechargeOrders = pgTable(
  "wallet_recharge_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rechargeNo: text("recharge_no").notNull(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<RechargeStatus>().notNull().default("PENDING"),
    // The method of the latest payment attempt and its trade number (payments.recharge_id keeps all).
    provider: text("provider"),
    tradeNo: text("trade_no"),
    // GATEWAY or ADMIN once credited; why it was cancelled otherwise (user, admin, expired).
    creditedVia: text("credited_via"),
    cancelReason: text("cancel_reason"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_recharge_orders_no_key").on(t.rechargeNo),
    index("wallet_recharge_orders_user_idx").on(t.userId, t.createdAt),
    index("wallet_recharge_orders_status_idx").on(t.status, t.expiresAt),
    check("wallet_recharge_orders_amount_check", sql`${t.amountMinor} > 0`),
    check("wallet_recharge_orders_status_check", sql`${t.status} in ('PENDING', 'CREDITED', 'CANCELLED')`),
  ],
);

export const CARD_KINDS = ["BALANCE", "PLAN"] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CARD_STATUSES = ["UNUSED", "USED", "EXPIRED"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/**
 * A prepaid card. The code is never stored: only its keyed hash (for the one indexed lookup) and its
 * last four characters (so an operator can tell cards apart). A plan card holds one unit of its plan's
 * stock from generation until it is used (the unit then belongs to the subscription), deleted or expired.
 */
export const rechargeCards = pgTable(
  "recharge_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id").notNull(),
    kind: text("kind").$type<CardKind>().notNull(),
    codeHash: text("code_hash").notNull(),
    codeHint: text("code_hint").notNull(),
    amountMinor: integer("amount_minor"),
    planId: uuid("plan_id").references(() => plans.id, { onDelete: "restrict" }),
    trafficGb: integer("traffic_gb").notNull().default(0),
    durationDays: integer("duration_days").notNull().default(0),
    holdsStock: boolean("holds_stock").notNull().default(false),
    status: text("status").$type<CardStatus>().notNull().default("UNUSED"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedById: uuid("used_by_id").references(() => users.id, { onDelete: "set null" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    resultSubscriptionId: uuid("result_subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    createdById: uuid("created_by_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recharge_cards_code_hash_key").on(t.codeHash),
    index("recharge_cards_batch_idx").on(t.batchId),
    index("recharge_cards_status_idx").on(t.status, t.createdAt),
    check("recharge_cards_kind_values_check", sql`${t.kind} in ('BALANCE', 'PLAN')`),
    check(
      "recharge_cards_kind_check",
      sql`(${t.kind} = 'BALANCE' and ${t.amountMinor} > 0 and ${t.planId} is null) or (${t.kind} = 'PLAN' and ${t.planId} is not null and ${t.amountMinor} is null)`,
    ),
    check("recharge_cards_status_check", sql`${t.status} in ('UNUSED', 'USED', 'EXPIRED')`),
  ],
);

export const TRANSFER_STATUSES = ["AWAITING", "COMPLETED", "REJECTED", "CANCELLED", "EXPIRED"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const FEE_BEARERS = ["SENDER", "RECEIVER"] as const;
export type FeeBearer = (typeof FEE_BEARERS)[number];

export const subscriptionTransfers = pgTable(
  "subscription_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id").notNull().references(() => subscriptions.id, { onDelete: "cascade" }),
    fromUserId: uuid("from_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    toUserId: uuid("to_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<TransferStatus>().notNull().default("AWAITING"),
    feeMinor: integer("fee_minor").notNull().default(0),
    feeBearer: text("fee_bearer").$type<FeeBearer>().notNull(),
    feeChargedAt: timestamp("fee_charged_at", { withTimezone: true }),
    feeRefundedAt: timestamp("fee_refunded_at", { withTimezone: true }),
    // The subscription's status before the push suspended it, restored when the push does not complete.
    priorStatus: text("prior_status").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_transfers_awaiting_key").on(t.subscriptionId).where(sql`${t.status} = 'AWAITING'`),
    index("subscription_transfers_from_idx").on(t.fromUserId, t.createdAt),
    index("subscription_transfers_to_idx").on(t.toUserId, t.createdAt),
    index("subscription_transfers_expiry_idx").on(t.status, t.expiresAt),
    check("subscription_transfers_status_check", sql`${t.status} in ('AWAITING', 'COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED')`),
    check("subscription_transfers_fee_check", sql`${t.feeMinor} >= 0`),
  ],
);

/**
 * One row per subscription period the auto-renew job looked at: the primary key makes the
 * reminder and the renewal happen once per period, whichever instance runs the job.
 */
export const autoRenewRuns = pgTable(
  "auto_renew_runs",
  {
    subscriptionId: uuid("subscription_id").notNull().references(() => subscriptions.id, { onDelete: "cascade" }),
    // The expiry the run renews; after a renewal the subscription has a new one, so a new period.
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    // RENEWED, SHORT (balance too low; the user was told) or FAILED (with a reason), once decided.
    outcome: text("outcome"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    detail: text("detail"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.periodEnd] })],
);

export const REFUND_DESTINATIONS = ["BALANCE", "GATEWAY", "MANUAL"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const REFUND_STATUSES = ["PENDING", "DONE", "FAILED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund of a paid order (both editions; BALANCE only in the wallet edition). One per order: the
 * unique order id is the rule that money goes back once. A GATEWAY refund is PENDING until the
 * gateway's refund API answered; its request number makes a retry the same refund at the gateway.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    destination: text("destination").$type<RefundDestination>().notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("PENDING"),
    refundNo: text("refund_no").notNull(),
    gatewayReference: text("gateway_reference"),
    endSubscription: boolean("end_subscription").notNull().default(false),
    actorId: uuid("actor_id"),
    note: text("note"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_order_key").on(t.orderId),
    uniqueIndex("refunds_refund_no_key").on(t.refundNo),
    check("refunds_amount_check", sql`${t.amountMinor} > 0`),
    check("refunds_destination_check", sql`${t.destination} in ('BALANCE', 'GATEWAY', 'MANUAL')`),
  ],
);

export type WalletAccount = typeof walletAccounts.$inferSelect;
export type WalletTransaction = typeof walletTransactions.$inferSelect;
export type WalletHold = typeof walletHolds.$inferSelect;
export type WalletRechargeOrder = typeof walletRechargeOrders.$inferSelect;
export type RechargeCard = typeof rechargeCards.$inferSelect;
export type SubscriptionTransfer = typeof subscriptionTransfers.$inferSelect;
export type AutoRenewRun = typeof autoRenewRuns.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
