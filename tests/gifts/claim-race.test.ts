// Gifts under concurrency (issue 28: "a gift claimed twice at once provisions once"), each racer on its
// own connection (PostgreSQL: really at once; PGlite: one after the other, proving only the outcome):
// two claims, a claim against the expiry job at the edge, a claim against an admin's refund, and two
// expiry jobs. Exactly one wins each time, the line provisions at most once, money comes back at most
// once, and the plan's stock counts the unit once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { couponGrants, gifts, orderItems, plans, subscriptions } from "../../src/server/db/schema";
import { claimGift, expireGifts } from "../../src/server/services/gifts";
import { refundOrder } from "../../src/server/services/orders";
import { freshIp } from "../helpers/actors";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { buyer, proxyPlan } from "../commerce/fixtures";
import { giftOfOrder, openGiftShop, sendGiftQuick } from "./helpers";

const shop = openGiftShop();
const second = secondInstanceForFile(shop);
const ROUNDS = 20;

/** The same caller on the given instance, at a given time, from an address of its own (guess limits). */
const on = (db: Db, ctx: Ctx, now?: Date) => makeCtx(db, ctx.actor, { ip: freshIp(), now: now ? () => now : undefined });
const instances = (round: number): [Db, Db] => (round % 2 ? [shop.db, second.db] : [second.db, shop.db]);
const subscriptionsOfOrder = (orderId: string) => shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, orderId));
const stockHeld = async (planId: string) => (await shop.db.select().from(plans).where(eq(plans.id, planId)))[0]!.stockHeld;

describe("gift races", () => {
  it(`two claims at once, ${ROUNDS} rounds: one subscription, the other claimer told it was claimed`, async () => {
    const plan = await proxyPlan(shop, { stockTotal: ROUNDS });
    // The same two people race for every gift (accounts are costly to make: argon2).
    const [giver, a, b] = [await buyer(shop), await buyer(shop), await buyer(shop)];
    for (let round = 0; round < ROUNDS; round++) {
      const sent = await sendGiftQuick(shop, giver.ctx, plan.id);
      const [dbA, dbB] = instances(round);
      const results = await Promise.allSettled([claimGift(on(dbA, a.ctx), { code: sent.code }), claimGift(on(dbB, b.ctx), { code: sent.code })]);
      const reasons = settledReasons(results);
      expect(reasons.filter((r) => r === "ok"), `round ${round}: ${reasons.join(", ")}`).toHaveLength(1);
      expect(reasons.filter((r) => r !== "ok")).toEqual(["gift_claimed"]);
      const winner = reasons[0] === "ok" ? a : b;
      const subs = await subscriptionsOfOrder(sent.order.id);
      expect(subs.map((s) => s.userId)).toEqual([winner.id]);
      expect(await giftOfOrder(shop.db, sent.order.id)).toMatchObject({ status: "CLAIMED", claimedById: winner.id, subscriptionId: subs[0]!.id });
      const [line] = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, sent.order.id));
      expect(line!.resultSubscriptionId).toBe(subs[0]!.id);
    }
    expect(await stockHeld(plan.id)).toBe(ROUNDS);
  });

  it(`a claim at the last moment against the expiry job, ${ROUNDS / 2} rounds: claimed or refunded, never both`, async () => {
    const plan = await proxyPlan(shop, { stockTotal: ROUNDS });
    const [giver, claimer] = [await buyer(shop), await buyer(shop)];
    for (let round = 0; round < ROUNDS / 2; round++) {
      const sent = await sendGiftQuick(shop, giver.ctx, plan.id);
      const edge = sent.gift.expiresAt.getTime();
      const [dbA, dbB] = instances(round);
      const results = await Promise.allSettled([claimGift(on(dbA, claimer.ctx, new Date(edge - 1)), { code: sent.code }), expireGifts(dbB, new Date(edge + 1))]);
      expect(results[1].status).toBe("fulfilled");
      const claimed = results[0].status === "fulfilled";
      if (!claimed) expect(settledReasons(results)[0]).toBe("gift_expired");
      const gift = await giftOfOrder(shop.db, sent.order.id);
      const subs = await subscriptionsOfOrder(sent.order.id);
      const coupons = await shop.db.select().from(couponGrants).where(and(eq(couponGrants.userId, giver.id)));
      if (claimed) {
        expect(gift.status).toBe("CLAIMED");
        expect(subs).toHaveLength(1);
      } else {
        expect(gift).toMatchObject({ status: "EXPIRED", refundKind: "COUPON" });
        expect(subs).toHaveLength(0);
        expect(coupons.map((c) => c.couponId)).toContain(gift.refundCouponId);
      }
    }
    // Each expired gift gave exactly one coupon, each claimed one none.
    const expired = await shop.db.select().from(gifts).where(and(eq(gifts.buyerId, giver.id), eq(gifts.status, "EXPIRED")));
    expect(await shop.db.select().from(couponGrants).where(eq(couponGrants.userId, giver.id))).toHaveLength(expired.length);
  });

  it(`a claim against the admin's refund, ${ROUNDS / 2} rounds: claimed (and the refund done) or cancelled, the unit counted once`, async () => {
    const plan = await proxyPlan(shop, { stockTotal: ROUNDS });
    const [giver, claimer] = [await buyer(shop), await buyer(shop)];
    let held = 0;
    for (let round = 0; round < ROUNDS / 2; round++) {
      const sent = await sendGiftQuick(shop, giver.ctx, plan.id);
      const [dbA, dbB] = instances(round);
      const results = await Promise.allSettled([
        claimGift(on(dbA, claimer.ctx), { code: sent.code }),
        refundOrder(on(dbB, shop.admin.ctx), sent.order.id, { amount: 1000, destination: "manual", note: "paid back by hand" }),
      ]);
      expect(results[1].status, settledReasons(results).join(", ")).toBe("fulfilled");
      const claimed = results[0].status === "fulfilled";
      if (!claimed) expect(settledReasons(results)[0]).toBe("gift_cancelled");
      expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe(claimed ? "CLAIMED" : "CANCELLED");
      expect(await subscriptionsOfOrder(sent.order.id)).toHaveLength(claimed ? 1 : 0);
      if (claimed) held++;
      expect(await stockHeld(plan.id)).toBe(held);
    }
  });

  it(`two expiry jobs at once, ${ROUNDS / 2} rounds: one refund per gift`, async () => {
    const plan = await proxyPlan(shop);
    const giver = await buyer(shop);
    for (let round = 0; round < ROUNDS / 2; round++) {
      const sent = await sendGiftQuick(shop, giver.ctx, plan.id);
      const after = new Date(sent.gift.expiresAt.getTime() + 1);
      await Promise.all([expireGifts(shop.db, after), expireGifts(second.db, after)]);
      expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe("EXPIRED");
      expect(await shop.db.select().from(couponGrants).where(eq(couponGrants.userId, giver.id))).toHaveLength(round + 1);
    }
  });
});
