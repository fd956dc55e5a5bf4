// Referral fixtures over the commerce shop: an inviter and the people who registered with their
// code, the referral settings, orders paid the ways that matter (an admin's confirmation, a verified
// gateway payment), and readers for what commission and payouts left behind.
import { asc, eq } from "drizzle-orm";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { payments, referralCommissions, referralPayouts, users, type Order } from "../../src/server/db/schema";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { updateSettings } from "../../src/server/services/settings";
import { buyer, type Shop } from "../commerce/fixtures";

export type Person = Awaited<ReturnType<typeof buyer>>;

/** Referral settings for the file (each test sets what it relies on). */
export const referralSettings = (shop: Shop, s: { rate?: number; firstOnly?: boolean; holdDays?: number; minPayout?: number }) =>
  updateSettings(shop.admin.ctx, {
    ...(s.rate !== undefined ? { referralRatePercent: s.rate } : {}),
    ...(s.firstOnly !== undefined ? { referralFirstOrderOnly: s.firstOnly } : {}),
    ...(s.holdDays !== undefined ? { referralHoldDays: s.holdDays } : {}),
    ...(s.minPayout !== undefined ? { referralMinPayout: s.minPayout } : {}),
  });

/** A user who registered with `inviter`'s code (registration sets invited_by_id; here it is set directly). */
export async function inviteeOf(shop: Shop, inviter: Person): Promise<Person> {
  const u = await buyer(shop);
  await shop.db.update(users).set({ invitedById: inviter.id }).where(eq(users.id, u.id));
  return u;
}

/** The same caller at another moment (the holding period is days long). */
export const at = (ctx: Ctx, now: Date, db: Db = ctx.db) => makeCtx(db, ctx.actor, { ip: ctx.ip, now: () => now });
export const DAY = 86_400_000;

/** Buy now, confirmed by an admin at `now` (paidVia ADMIN). */
export async function boughtByAdmin(shop: Shop, who: Person, planId: string, opts: { couponCode?: string; now?: Date } = {}): Promise<Order> {
  const order = await buyNow(who.ctx, { planId, ...(opts.couponCode ? { couponCode: opts.couponCode } : {}) });
  return confirmOrder(at(shop.admin.ctx, opts.now ?? new Date()), order.id);
}

/** A pending order and a pending gateway payment for it, ready for a verified notify (`tradeNo`). */
export async function awaitingGateway(shop: Shop, who: Person, planId: string): Promise<{ order: Order; tradeNo: string }> {
  const order = await buyNow(who.ctx, { planId });
  const tradeNo = `RF${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await shop.db.insert(payments).values({ orderId: order.id, userId: who.id, provider: "epay", tradeNo, amountMinor: order.totalMinor, expiresAt: order.expiresAt });
  return { order, tradeNo };
}

/** Paid through a verified gateway notify (paidVia GATEWAY). */
export async function boughtThroughGateway(shop: Shop, who: Person, planId: string, now = new Date()) {
  const { order, tradeNo } = await awaitingGateway(shop, who, planId);
  const r = await recordVerifiedPayment(shop.db, { tradeNo, amountMinor: order.totalMinor, evidence: {}, now });
  if (r.kind !== "settled") throw new Error(`payment not settled: ${r.kind}`);
  return order;
}

export const commissionsOfOrder = (db: Db, orderId: string) => db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId)).orderBy(asc(referralCommissions.createdAt), asc(referralCommissions.orderItemId));
export const commissionsOf = (db: Db, inviterId: string) => db.select().from(referralCommissions).where(eq(referralCommissions.inviterId, inviterId));
export const payoutsOf = (db: Db, userId: string) => db.select().from(referralPayouts).where(eq(referralPayouts.userId, userId));
