// Shared by the plan-change tests: a caller at a chosen moment, a paid purchase (settled as a gateway
// payment would settle it), and reads of the rows the tests check.
import { and, eq } from "drizzle-orm";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { coupons, couponGrants, orderItems, orders, planChanges, subscriptions } from "../../src/server/db/schema";
import { buyNow, settleOrder } from "../../src/server/services/orders";
import { updateSettings } from "../../src/server/services/settings";
import type { Shop } from "../commerce/fixtures";

export const DAY = 86_400_000;
export const GIB = 1024 ** 3;

/** The same caller, with the clock at `at`. */
export const ctxAt = (ctx: Ctx, at: Date, db: Db = ctx.db): Ctx => makeCtx(db, ctx.actor, { ip: ctx.ip, now: () => at, locale: ctx.locale });
export const plusDays = (t: Date, days: number) => new Date(t.getTime() + days * DAY);

/** Marks the order paid as a verified gateway payment does (the one door, settleOrder), at `at`. */
export async function pay(db: Db, orderId: string, at: Date) {
  const r = await db.transaction((tx) => settleOrder(tx, orderId, "GATEWAY", at, "epay"));
  if (!r.settled) throw new Error(`order ${orderId} did not settle`);
  return r;
}

/** Buys `planId` at `at` and pays for it then; answers the new subscription's id. */
export async function subscribed(ctx: Ctx, planId: string, at: Date): Promise<string> {
  const order = await buyNow(ctxAt(ctx, at), { planId });
  // A free plan comes back paid already.
  if (order.status === "PENDING") return (await pay(ctx.db, order.id, at)).provisioned.created[0]!;
  const [line] = await ctx.db.select({ id: orderItems.resultSubscriptionId }).from(orderItems).where(eq(orderItems.orderId, order.id));
  return line!.id!;
}

export const subOf = async (db: Db, id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
export const changeOf = async (db: Db, orderId: string) => (await db.select().from(planChanges).where(eq(planChanges.orderId, orderId)))[0]!;
export const orderOf = async (db: Db, orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** The coupons granted to a user (a base-edition credit is one of them). */
export const grantedCoupons = (db: Db, userId: string) =>
  db
    .select({ code: coupons.code, amountOffMinor: coupons.amountOffMinor, totalLimit: coupons.totalLimit, audience: coupons.audience })
    .from(couponGrants)
    .innerJoin(coupons, eq(coupons.id, couponGrants.couponId))
    .where(and(eq(couponGrants.userId, userId)));

export const creditBasis = (shop: Shop, basis: "TIME" | "TRAFFIC" | "LOWER", more: Record<string, unknown> = {}) =>
  updateSettings(shop.admin.ctx, { planChangeEnabled: true, planChangeCreditBasis: basis, ...more });
