// What is sold: plans (proxy, trial, streaming), streaming services, coupons and promotions.
// Money is integer minor units (fen for CNY) everywhere; the currency is a setting.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, jsonb } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { inbounds, nodes } from "./nodes";

/** PROXY: traffic + duration on one node; TRIAL: a free, short proxy plan, one per user, never renewed; STREAMING: a slot. */
export const PLAN_KINDS = ["PROXY", "TRIAL", "STREAMING"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
/** FIXED: a package (price for N GB over D days); SLIDER: price per GB between min and max GB. */
export const PRICING_MODES = ["FIXED", "SLIDER"] as const;
export type PricingMode = (typeof PRICING_MODES)[number];
/** Renewal: none, the plan's duration again for a fixed price, or a number of days at a price per day. */
export const RENEWAL_MODES = ["NONE", "FIXED", "PER_DAY"] as const;
export type RenewalMode = (typeof RENEWAL_MODES)[number];
/** Traffic top-up: none, any number of GB at a price per GB, or a fixed pack. */
export const TOPUP_MODES = ["NONE", "PER_GB", "FIXED"] as const;
export type TopupMode = (typeof TOPUP_MODES)[number];
/** When a plan's used traffic goes back to zero: never, monthly on the purchase day, or on the 1st. */
export const TRAFFIC_RESET_STRATEGIES = ["NEVER", "MONTHLY_PURCHASE_DAY", "MONTHLY_FIRST"] as const;
export type TrafficResetStrategy = (typeof TRAFFIC_RESET_STRATEGIES)[number];
export const PLAN_VISIBILITIES = ["PUBLIC", "HIDDEN"] as const;
export type PlanVisibility = (typeof PLAN_VISIBILITIES)[number];

export const streamingServices = pgTable(
  "streaming_services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // The shared account's credentials (login, password, profile/PIN notes), AES-GCM ciphertext.
    credentialsEnc: text("credentials_enc").notNull(),
    slotCount: integer("slot_count").notNull(),
    // Slots taken by pending orders and live subscriptions; a conditional update below slotCount
    // reserves one, and the check makes overselling impossible even for a buggy caller.
    slotsHeld: integer("slots_held").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("streaming_services_name_key").on(t.name),
    check("streaming_services_slots_check", sql`${t.slotsHeld} >= 0 and ${t.slotsHeld} <= ${t.slotCount}`),
  ],
);

export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<PlanKind>().notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    nodeId: uuid("node_id").references(() => nodes.id, { onDelete: "restrict" }),
    streamingServiceId: uuid("streaming_service_id").references(() => streamingServices.id, { onDelete: "restrict" }),
    pricingMode: text("pricing_mode").$type<PricingMode>().notNull().default("FIXED"),
    priceMinor: integer("price_minor").notNull().default(0),
    trafficGb: integer("traffic_gb").notNull().default(0),
    pricePerGbMinor: integer("price_per_gb_minor").notNull().default(0),
    minGb: integer("min_gb").notNull().default(0),
    maxGb: integer("max_gb").notNull().default(0),
    durationDays: integer("duration_days").notNull(),
    renewalMode: text("renewal_mode").$type<RenewalMode>().notNull().default("NONE"),
    renewalPriceMinor: integer("renewal_price_minor").notNull().default(0),
    renewalPricePerDayMinor: integer("renewal_price_per_day_minor").notNull().default(0),
    topupMode: text("topup_mode").$type<TopupMode>().notNull().default("NONE"),
    topupPricePerGbMinor: integer("topup_price_per_gb_minor").notNull().default(0),
    topupGb: integer("topup_gb").notNull().default(0),
    topupPriceMinor: integer("topup_price_minor").notNull().default(0),
    // null = unlimited. stockHeld counts pending orders plus live subscriptions of this plan.
    stockTotal: integer("stock_total"),
    stockHeld: integer("stock_held").notNull().default(0),
    perUserLimit: integer("per_user_limit"),
    trafficResetStrategy: text("traffic_reset_strategy").$type<TrafficResetStrategy>().notNull().default("NEVER"),
    // Devices (x-hwid) one subscription of this plan may fetch from; 0 = no limit (devices still listed).
    deviceLimit: integer("device_limit").notNull().default(0),
    visibility: text("visibility").$type<PlanVisibility>().notNull().default("PUBLIC"),
    featured: boolean("featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("plans_listing_idx").on(t.visibility, t.sortOrder),
    check("plans_traffic_reset_check", sql`${t.trafficResetStrategy} in ('NEVER', 'MONTHLY_PURCHASE_DAY', 'MONTHLY_FIRST')`),
    check("plans_kind_check", sql`${t.kind} in ('PROXY', 'TRIAL', 'STREAMING')`),
    check("plans_target_check", sql`(${t.kind} = 'STREAMING') = (${t.streamingServiceId} is not null) and (${t.kind} = 'STREAMING' or ${t.nodeId} is not null)`),
    check("plans_stock_check", sql`${t.stockHeld} >= 0 and (${t.stockTotal} is null or ${t.stockHeld} <= ${t.stockTotal})`),
    check("plans_money_check", sql`${t.priceMinor} >= 0 and ${t.pricePerGbMinor} >= 0 and ${t.renewalPriceMinor} >= 0 and ${t.renewalPricePerDayMinor} >= 0 and ${t.topupPricePerGbMinor} >= 0 and ${t.topupPriceMinor} >= 0`),
  ],
);

/** The synced inbounds a proxy plan's subscribers get a client on (all on the plan's node). */
export const planInbounds = pgTable(
  "plan_inbounds",
  {
    planId: uuid("plan_id").notNull().references(() => plans.id, { onDelete: "cascade" }),
    inboundId: uuid("inbound_id").notNull().references(() => inbounds.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.inboundId] })],
);

/** One trial per user, ever: the primary key is the rule, so two concurrent claims cannot both pass. */
export const trialClaims = pgTable("trial_claims", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  planId: uuid("plan_id").notNull().references(() => plans.id, { onDelete: "cascade" }),
  orderId: uuid("order_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const COUPON_KINDS = ["AMOUNT", "PERCENT"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** PUBLIC: anyone may enter the code; GRANTED: only users it was granted to. */
export const COUPON_AUDIENCES = ["PUBLIC", "GRANTED"] as const;
export type CouponAudience = (typeof COUPON_AUDIENCES)[number];

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    kind: text("kind").$type<CouponKind>().notNull(),
    amountOffMinor: integer("amount_off_minor").notNull().default(0),
    percentOff: integer("percent_off").notNull().default(0),
    maxDiscountMinor: integer("max_discount_minor"),
    minSpendMinor: integer("min_spend_minor").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    // null = unlimited. usesHeld counts pending and paid orders using it (released on cancel/expiry).
    totalLimit: integer("total_limit"),
    usesHeld: integer("uses_held").notNull().default(0),
    perUserLimit: integer("per_user_limit"),
    audience: text("audience").$type<CouponAudience>().notNull().default("PUBLIC"),
    // Restrict to these plans; empty = every plan.
    planIds: jsonb("plan_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_uses_check", sql`${t.usesHeld} >= 0 and (${t.totalLimit} is null or ${t.usesHeld} <= ${t.totalLimit})`),
    check("coupons_value_check", sql`${t.amountOffMinor} >= 0 and ${t.percentOff} between 0 and 100 and ${t.minSpendMinor} >= 0`),
  ],
);

export const couponGrants = pgTable(
  "coupon_grants",
  {
    couponId: uuid("coupon_id").notNull().references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/** Spend-threshold discounts: the best one whose threshold the order reaches applies. */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    thresholdMinor: integer("threshold_minor").notNull(),
    discountMinor: integer("discount_minor").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("promotions_value_check", sql`${t.thresholdMinor} >= 0 and ${t.discountMinor} > 0`)],
);

export type Plan = typeof plans.$inferSelect;
export type StreamingService = typeof streamingServices.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type Promotion = typeof promotions.$inferSelect;
