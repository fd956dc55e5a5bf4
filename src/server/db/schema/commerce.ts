// Orders, payments, subscriptions and panel clients. Every rule that must hold under concurrency
// (one payment per trade number, one use per chain transaction, unique open USDT amounts, one
// subscription per paid order line) is a constraint here, not only a check in code.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { coupons, plans, promotions, streamingServices } from "./catalog";
import { inbounds, nodes } from "./nodes";

export const ORDER_KINDS = ["NEW_PURCHASE", "RENEWAL", "TRAFFIC_TOPUP", "PLAN_CHANGE"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_STATUSES = ["PENDING", "PAID", "CANCELLED", "EXPIRED", "REFUNDED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const REVIEW_STATUSES = ["NORMAL", "FLAGGED", "RESOLVED"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const PAYMENT_PROVIDERS = ["epay", "alipay_f2f", "usdt_trc20"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** How an order became paid: a verified gateway payment, an admin's hand, a zero amount, [wallet] the balance or a plan card. */
export const PAID_VIA = ["GATEWAY", "ADMIN", "FREE", "BALANCE", "CARD"] as const;
/** [wallet] An order's method may also be the balance (no gateway, no payments row for it). */
export const ORDER_PAY_METHODS = [...PAYMENT_PROVIDERS, "balance"] as const;
export type OrderPayMethod = (typeof ORDER_PAY_METHODS)[number];
export type PaidVia = (typeof PAID_VIA)[number];

export const SUBSCRIPTION_KINDS = ["PROXY", "STREAMING"] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "SUSPENDED", "EXPIRED", "CANCELLED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull().references(() => plans.id, { onDelete: "restrict" }),
    kind: text("kind").$type<SubscriptionKind>().notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull().default("ACTIVE"),
    trial: boolean("trial").notNull().default(false),
    nodeId: uuid("node_id").references(() => nodes.id, { onDelete: "set null" }),
    streamingServiceId: uuid("streaming_service_id").references(() => streamingServices.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    trafficLimitBytes: bigint("traffic_limit_bytes", { mode: "number" }).notNull().default(0),
    trafficUsedBytes: bigint("traffic_used_bytes", { mode: "number" }).notNull().default(0),
    // The two directions of trafficUsedBytes (since the last reset), for subscription-userinfo.
    trafficUpBytes: bigint("traffic_up_bytes", { mode: "number" }).notNull().default(0),
    trafficDownBytes: bigint("traffic_down_bytes", { mode: "number" }).notNull().default(0),
    lastTrafficResetAt: timestamp("last_traffic_reset_at", { withTimezone: true }),
    // Set by risk control (the user-side restriction): the content endpoint refuses while it holds.
    riskRestricted: boolean("risk_restricted").notNull().default(false),
    // When risk control suspended it (auto-suspend): release restores exactly these, not an admin's suspensions.
    riskSuspendedAt: timestamp("risk_suspended_at", { withTimezone: true }),
    // Bumped by every change to what this subscription's content shows (status, credentials,
    // rotation): with the node's contentVersion it keys the rendered-content cache.
    contentVersion: integer("content_version").notNull().default(0),
    // The download token: a keyed hash to check it with one indexed lookup, and the ciphertext so
    // the owner's page can show the link again.
    downloadTokenHash: text("download_token_hash").notNull(),
    downloadTokenEnc: text("download_token_enc").notNull(),
    // Whether this subscription still holds one unit of its plan's stock (released once, on end).
    holdsStock: boolean("holds_stock").notNull().default(true),
    // [wallet] Renew from the balance before expiry (services/wallet/auto-renew.ts).
    autoRenew: boolean("auto_renew").notNull().default(false),
    sourceOrderId: uuid("source_order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_download_token_hash_key").on(t.downloadTokenHash),
    index("subscriptions_user_idx").on(t.userId, t.status),
    index("subscriptions_expiry_idx").on(t.status, t.expiresAt),
    // The admin list's order (created_at desc, id desc), read backwards: without it every page sorted
    // all rows (300 ms of a 100,000-subscription list's 600 ms, bench/README.md "Dashboards at scale").
    // Ascending on purpose: drizzle writes DESC as DESC NULLS LAST, which ORDER BY ... DESC cannot use.
    index("subscriptions_created_idx").on(t.createdAt, t.id),
    check("subscriptions_status_check", sql`${t.status} in ('ACTIVE', 'SUSPENDED', 'EXPIRED', 'CANCELLED')`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNo: text("order_no").notNull(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OrderKind>().notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("PENDING"),
    reviewStatus: text("review_status").$type<ReviewStatus>().notNull().default("NORMAL"),
    reviewNote: text("review_note"),
    currency: text("currency").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    couponDiscountMinor: integer("coupon_discount_minor").notNull().default(0),
    promotionDiscountMinor: integer("promotion_discount_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    promotionId: uuid("promotion_id").references(() => promotions.id, { onDelete: "set null" }),
    provider: text("provider").$type<OrderPayMethod>(),
    // [wallet] The part of totalMinor paid (or, while pending, held) from the balance.
    balancePaidMinor: integer("balance_paid_minor").notNull().default(0),
    paidVia: text("paid_via").$type<PaidVia>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundAmountMinor: integer("refund_amount_minor"),
    refundNote: text("refund_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_order_no_key").on(t.orderNo),
    // The admin list's search: any part of an order number (ILIKE '%q%', a trigram index).
    index("orders_order_no_trgm_idx").using("gin", t.orderNo.op("gin_trgm_ops")),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.expiresAt),
    index("orders_created_idx").on(t.createdAt),
    // Revenue on the admin dashboard: sums of paid orders by payment time, read from the index alone.
    index("orders_paid_revenue_idx").on(t.paidAt, t.currency, t.totalMinor).where(sql`${t.status} = 'PAID'`),
    check("orders_amount_check", sql`${t.subtotalMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.couponDiscountMinor} >= 0 and ${t.promotionDiscountMinor} >= 0`),
    check("orders_status_check", sql`${t.status} in ('PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'REFUNDED')`),
  ],
);

/** One line per bought item; a renewal or top-up names the subscription it extends. */
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull().references(() => plans.id, { onDelete: "restrict" }),
    kind: text("kind").$type<OrderKind>().notNull(),
    trafficGb: integer("traffic_gb").notNull().default(0),
    durationDays: integer("duration_days").notNull().default(0),
    amountMinor: integer("amount_minor").notNull(),
    // Whether this line holds a unit of plan stock / a streaming slot (new purchases do).
    holdsStock: boolean("holds_stock").notNull().default(false),
    targetSubscriptionId: uuid("target_subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    // The subscription this line created (new purchase); unique, so a line provisions at most once.
    resultSubscriptionId: uuid("result_subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    // Issue 28: a new purchase bought as a gift for this address (lower case): paid, it becomes a gift
    // (schema/gifts.ts) and provisions only when claimed, for the claimer.
    giftEmail: text("gift_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), uniqueIndex("order_items_result_key").on(t.resultSubscriptionId)],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    orderId: uuid("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
    couponId: uuid("coupon_id").notNull().references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    // HELD while the order is pending, USED once paid, RELEASED when it was cancelled or expired.
    status: text("status").notNull().default("HELD"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coupon_redemptions_user_idx").on(t.couponId, t.userId)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull().references(() => plans.id, { onDelete: "cascade" }),
    kind: text("kind").$type<Exclude<OrderKind, "PLAN_CHANGE">>().notNull(),
    trafficGb: integer("traffic_gb").notNull().default(0),
    durationDays: integer("duration_days").notNull().default(0),
    targetSubscriptionId: uuid("target_subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cart_items_user_idx").on(t.userId, t.createdAt)],
);

export const PAYMENT_STATUSES = ["PENDING", "PAID", "CLOSED", "REFUNDED"] as const;
/** What a payment pays: an order, or [wallet] a recharge order (then order_id is null). */
export const PAYMENT_PURPOSES = ["ORDER", "RECHARGE"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One payment attempt (a trade number) of an order, or [wallet] of a recharge order; several per
 * order when the user switches method. Recharges share this table so that one door records every
 * gateway payment and USDT amounts stay unique across both.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").$type<PaymentPurpose>().notNull().default("ORDER"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    // No foreign key: an admin may delete a recharge record, and money that still arrives for it
    // must find its payment (it is then credited to the payer and flagged, never dropped).
    rechargeId: uuid("recharge_id"),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    tradeNo: text("trade_no").notNull(),
    providerTradeNo: text("provider_trade_no"),
    amountMinor: integer("amount_minor").notNull(),
    // USDT: the exact amount asked, in micro-units; unique among open USDT payments (index below).
    cryptoAmountMicro: bigint("crypto_amount_micro", { mode: "number" }),
    status: text("status").$type<PaymentStatus>().notNull().default("PENDING"),
    payUrl: text("pay_url"),
    qrCode: text("qr_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // true when the money came for an order that was no longer pending: kept for an admin.
    late: boolean("late").notNull().default(false),
    // What the provider told us (verified fields only, never keys).
    evidence: jsonb("evidence").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_trade_no_key").on(t.tradeNo),
    index("payments_order_idx").on(t.orderId),
    index("payments_pending_idx").on(t.provider, t.status),
    index("payments_recharge_idx").on(t.rechargeId),
    check("payments_purpose_values_check", sql`${t.purpose} in ('ORDER', 'RECHARGE')`),
    // An order's payment names its order; a recharge's names none (its recharge_id has no foreign key).
    check("payments_purpose_check", sql`(${t.purpose} = 'ORDER' and ${t.orderId} is not null) or (${t.purpose} = 'RECHARGE' and ${t.orderId} is null)`),
    uniqueIndex("payments_open_usdt_amount_key").on(t.cryptoAmountMicro).where(sql`${t.provider} = 'usdt_trc20' and ${t.status} = 'PENDING'`),
  ],
);

/** Each on-chain transaction pays at most one payment: the primary key is the rule. */
export const chainReceipts = pgTable("chain_receipts", {
  txId: text("tx_id").primaryKey(),
  paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
  fromAddress: text("from_address").notNull(),
  amountMicro: bigint("amount_micro", { mode: "number" }).notNull(),
  blockTimestamp: timestamp("block_timestamp", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Gateway configuration: non-secret settings as JSON, secrets as one AES-GCM ciphertext of a JSON object. */
export const paymentProviders = pgTable("payment_providers", {
  provider: text("provider").$type<PaymentProvider>().primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  displayName: text("display_name").notNull().default(""),
  config: jsonb("config").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  secretsEnc: text("secrets_enc"),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const NODE_CLIENT_STATES = ["PENDING", "SYNCED", "ERROR"] as const;
export type NodeClientState = (typeof NODE_CLIENT_STATES)[number];

/**
 * Desired state of one client on one panel inbound. The panel is converged to this by a task; the
 * email (`<user_email>-<8 chars>`, unique) is how the task finds the client again, so re-running it
 * never adds a second client.
 */
export const nodeClients = pgTable(
  "node_clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id").notNull().references(() => subscriptions.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    inboundId: uuid("inbound_id").notNull().references(() => inbounds.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    protocol: text("protocol").notNull(),
    // uuid (vmess/vless), password (trojan), key (shadowsocks-2022) or auth: AES-GCM ciphertext.
    credentialEnc: text("credential_enc").notNull(),
    enable: boolean("enable").notNull().default(true),
    totalBytes: bigint("total_bytes", { mode: "number" }).notNull().default(0),
    expiryMs: bigint("expiry_ms", { mode: "number" }).notNull().default(0),
    panelState: text("panel_state").$type<NodeClientState>().notNull().default("PENDING"),
    lastError: text("last_error"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    // The panel's up/down counters at the last traffic sync: usage grows by the difference, and a
    // counter below its last value (a panel reset) counts from zero, so no usage is lost.
    lastUpBytes: bigint("last_up_bytes", { mode: "number" }).notNull().default(0),
    lastDownBytes: bigint("last_down_bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("node_clients_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("node_clients_sub_inbound_key").on(t.subscriptionId, t.inboundId),
    index("node_clients_node_idx").on(t.nodeId),
  ],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type NodeClient = typeof nodeClients.$inferSelect;
export type PaymentProviderRow = typeof paymentProviders.$inferSelect;
