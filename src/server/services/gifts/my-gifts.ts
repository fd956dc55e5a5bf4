// The buyer's gifts: what they sent, to whom, and what became of each (waiting, claimed by whom
// (masked), expired and refunded how, cancelled), for the orders pages. Owner only: another user's
// order ids simply match nothing.
import { and, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { coupons, gifts, orders, plans, orderItems, users, type GiftRefundKind, type GiftStatus } from "../../db/schema";
import { parseInput } from "../../validation";
import { maskEmail } from "./mask-email";

/** How many times a buyer may have the link mailed in all (the first mail included). */
export const MAX_GIFT_MAILS = 5;

export interface MyGift {
  id: string;
  orderId: string;
  orderNo: string;
  planName: string;
  recipientEmail: string;
  /** UNCLAIMED past its expiry reads EXPIRED, before the job refunds it. */
  status: GiftStatus;
  expiresAt: Date;
  claimedAt: Date | null;
  /** Who claimed it, masked (it may be another address than the one the mail went to). */
  claimedBy: string | null;
  closedAt: Date | null;
  refundKind: GiftRefundKind | null;
  refundMinor: number | null;
  currency: string;
  /** Base edition: the personal coupon the price came back as (shown to its owner only). */
  refundCouponCode: string | null;
  /** The link can be mailed again (waiting, not past expiry, below the limit). */
  canResend: boolean;
}

const LIST_MAX = 50;

async function read(ctx: Ctx, userId: string, orderIds?: string[]): Promise<MyGift[]> {
  const claimer = alias(users, "claimer");
  const now = ctx.now();
  const rows = await ctx.db
    .select({ gift: gifts, orderNo: orders.orderNo, currency: orders.currency, planName: plans.name, claimerEmail: claimer.email, couponCode: coupons.code })
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .innerJoin(orderItems, eq(orderItems.id, gifts.orderItemId))
    .innerJoin(plans, eq(plans.id, orderItems.planId))
    .leftJoin(claimer, eq(claimer.id, gifts.claimedById))
    .leftJoin(coupons, eq(coupons.id, gifts.refundCouponId))
    .where(and(eq(gifts.buyerId, userId), orderIds ? inArray(gifts.orderId, orderIds) : undefined))
    .orderBy(desc(gifts.createdAt))
    .limit(LIST_MAX);
  return rows.map(({ gift: g, ...r }) => {
    const lapsed = g.status === "UNCLAIMED" && g.expiresAt <= now;
    return {
      id: g.id,
      orderId: g.orderId,
      orderNo: r.orderNo,
      planName: r.planName,
      recipientEmail: g.recipientEmail,
      status: lapsed ? "EXPIRED" : g.status,
      expiresAt: g.expiresAt,
      claimedAt: g.claimedAt,
      claimedBy: r.claimerEmail ? maskEmail(r.claimerEmail) : null,
      closedAt: g.closedAt,
      refundKind: g.refundKind,
      refundMinor: g.refundMinor,
      currency: r.currency,
      refundCouponCode: g.refundKind === "COUPON" ? r.couponCode : null,
      canResend: g.status === "UNCLAIMED" && !lapsed && g.mailCount < MAX_GIFT_MAILS,
    };
  });
}

/** The caller's most recent gifts (50), newest first. */
export async function listMyGifts(ctx: Ctx): Promise<MyGift[]> {
  const { userId } = requireUser(ctx);
  return read(ctx, userId);
}

/** The caller's gifts of some of their orders (a page of the orders list, or one order). */
export async function listMyOrderGifts(ctx: Ctx, orderIds: string[]): Promise<MyGift[]> {
  const { userId } = requireUser(ctx);
  const ids = parseInput(z.array(z.uuid()).max(100), orderIds);
  return ids.length ? read(ctx, userId, ids) : [];
}
