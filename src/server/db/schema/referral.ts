// Referral commission (issue 28 item 1). The rules that must hold under concurrency are constraints
// or locks here: one commission per paid order line (the unique line key, so a replayed "paid" can
// never credit twice), one first paid order per invitee (its primary key), and one account row per
// inviter that every step moving that inviter's money locks first (services/referral/account-lock.ts),
// so a refund taking back held commission and a withdrawal spending it never both win.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** One row per inviter: the row lock that orders their money steps. Holds no figures (they are sums of the rows below). */
export const referralAccounts = pgTable("referral_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** HELD until the holding period ends (a refund may take it back), then AVAILABLE; REVERSED when taken back. */
export const COMMISSION_STATUSES = ["HELD", "AVAILABLE", "REVERSED"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const referralCommissions = pgTable(
  "referral_commissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Set null when the invitee's account is deleted: the commission it earned stays the inviter's.
    inviteeId: uuid("invitee_id").references(() => users.id, { onDelete: "set null" }),
    // No foreign keys on the order and its line: deleting an invitee deletes their orders, and the
    // commission (maybe already paid out) must stay in the inviter's figures. The line id is the key
    // that makes crediting idempotent.
    orderId: uuid("order_id").notNull(),
    orderItemId: uuid("order_item_id").notNull(),
    orderNo: text("order_no").notNull(),
    currency: text("currency").notNull(),
    // What the buyer really paid for the line (the order's discounts shared over its lines), the rate
    // then in force, and the commission: floor(base * rate / 100).
    baseMinor: integer("base_minor").notNull(),
    ratePercent: integer("rate_percent").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    status: text("status").$type<CommissionStatus>().notNull().default("HELD"),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull(),
    maturedAt: timestamp("matured_at", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_commissions_line_key").on(t.orderItemId),
    index("referral_commissions_inviter_idx").on(t.inviterId, t.status, t.availableAt),
    index("referral_commissions_order_idx").on(t.orderId),
    index("referral_commissions_invitee_idx").on(t.inviteeId),
    check("referral_commissions_amount_check", sql`${t.amountMinor} > 0 and ${t.baseMinor} >= ${t.amountMinor} and ${t.ratePercent} between 1 and 100`),
    check("referral_commissions_status_check", sql`${t.status} in ('HELD', 'AVAILABLE', 'REVERSED')`),
  ],
);

/**
 * "First order only": the invitee's first paid order, claimed by the settling transaction with this
 * primary key, so two of their orders paid at the same moment cannot both be the first.
 */
export const referralFirstOrders = pgTable("referral_first_orders", {
  inviteeId: uuid("invitee_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  orderId: uuid("order_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** How a payout is made. BALANCE: [wallet] moved to the user's balance at once (no admin step). */
export const PAYOUT_METHODS = ["ALIPAY", "WECHAT", "BANK", "CRYPTO", "OTHER", "BALANCE"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** What a user may ask an admin to pay through (BALANCE is the wallet's own step). */
export const REQUESTABLE_PAYOUT_METHODS = ["ALIPAY", "WECHAT", "BANK", "CRYPTO", "OTHER"] as const satisfies readonly PayoutMethod[];
export const PAYOUT_STATUSES = ["PENDING", "PAID", "REJECTED"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * Money taken out of available commission: a withdrawal an admin pays (PENDING -> PAID with a
 * reference, or REJECTED with a reason, which returns it to available) or a move to the balance
 * (BALANCE, PAID at once). Available = matured commission - every payout not rejected.
 */
export const referralPayouts = pgTable(
  "referral_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    method: text("method").$type<PayoutMethod>().notNull(),
    // The payout details (an account number, an address): AES-GCM ciphertext, never stored or logged
    // as typed; shown decrypted only on the payout's detail to an admin. Null for BALANCE.
    accountEnc: text("account_enc"),
    status: text("status").$type<PayoutStatus>().notNull().default("PENDING"),
    reference: text("reference"),
    rejectReason: text("reject_reason"),
    decidedById: uuid("decided_by_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referral_payouts_user_idx").on(t.userId, t.createdAt),
    index("referral_payouts_status_idx").on(t.status, t.createdAt),
    check("referral_payouts_amount_check", sql`${t.amountMinor} > 0`),
    check("referral_payouts_status_check", sql`${t.status} in ('PENDING', 'PAID', 'REJECTED')`),
    check("referral_payouts_method_check", sql`${t.method} in ('ALIPAY', 'WECHAT', 'BANK', 'CRYPTO', 'OTHER', 'BALANCE')`),
    check("referral_payouts_account_check", sql`(${t.method} = 'BALANCE') = (${t.accountEnc} is null)`),
  ],
);

export type ReferralCommission = typeof referralCommissions.$inferSelect;
export type ReferralPayout = typeof referralPayouts.$inferSelect;
