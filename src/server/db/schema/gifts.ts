// Issue 28 item 3: gifts. A paid order line bought for someone else (order_items.gift_email) becomes a
// gift instead of a subscription: one row per line (unique), claimable once with a one-time code of
// which only a keyed hash is stored. The status moves once, by conditional updates:
// UNCLAIMED -> CLAIMED (the claim provisions the line for the claimer) | EXPIRED (refunded to the
// buyer) | CANCELLED (the order was refunded).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { coupons } from "./catalog";
import { orderItems, orders, subscriptions } from "./commerce";

export const GIFT_STATUSES = ["UNCLAIMED", "CLAIMED", "EXPIRED", "CANCELLED"] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
/** How an expired gift's price went back to its buyer: [wallet] the balance, or (base edition) a personal coupon. */
export const GIFT_REFUND_KINDS = ["BALANCE", "COUPON"] as const;
export type GiftRefundKind = (typeof GIFT_REFUND_KINDS)[number];

export const gifts = pgTable(
  "gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id").notNull().references(() => orderItems.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Where the link was mailed (lower case); the claimer may be another account (the link is the secret). */
    recipientEmail: text("recipient_email").notNull(),
    /** keyedHash(code, "gift-code"): the raw code exists only in the recipient's mail. */
    codeHash: text("code_hash").notNull(),
    status: text("status").$type<GiftStatus>().notNull().default("UNCLAIMED"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** How many times the link was mailed (the first mail and the buyer's resends; bounded). */
    mailCount: integer("mail_count").notNull().default(1),
    claimedById: uuid("claimed_by_id").references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** When it expired or was cancelled. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    refundKind: text("refund_kind").$type<GiftRefundKind>(),
    refundMinor: integer("refund_minor"),
    refundCouponId: uuid("refund_coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gifts_order_item_key").on(t.orderItemId),
    uniqueIndex("gifts_code_hash_key").on(t.codeHash),
    index("gifts_order_idx").on(t.orderId),
    index("gifts_buyer_idx").on(t.buyerId, t.createdAt),
    // The expiry job's scan: unclaimed gifts by expiry only.
    index("gifts_unclaimed_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'UNCLAIMED'`),
    check("gifts_status_check", sql`${t.status} in ('UNCLAIMED', 'CLAIMED', 'EXPIRED', 'CANCELLED')`),
    check("gifts_refund_kind_check", sql`${t.refundKind} is null or ${t.refundKind} in ('BALANCE', 'COUPON')`),
    check("gifts_claim_check", sql`${t.status} <> 'CLAIMED' or (${t.claimedAt} is not null)`),
  ],
);

export type Gift = typeof gifts.$inferSelect;
