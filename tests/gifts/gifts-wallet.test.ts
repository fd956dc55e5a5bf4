// Gifts in the wallet edition (issue 28 item 3): a gift paid from the balance is held like any other;
// an unclaimed one expires into the buyer's balance once (a GIFT_REFUND movement whose idempotency key
// backs the expiry's own door), never a coupon, and every balance still equals its ledger.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponGrants, orders, subscriptions, walletTransactions } from "../../src/server/db/schema";
import { expireGifts, listMyGifts } from "../../src/server/services/gifts";
import { buyNow } from "../../src/server/services/orders";
import { createOrderPayment } from "../../src/server/services/payments";
import { listMyNotifications } from "../../src/server/services/notifications";
import { balanceOf, moveBalance } from "../../src/server/services/wallet";
import { walletEditionForFile } from "../helpers/wallet";
import { secondInstanceForFile } from "../helpers/race";
import { buyer, proxyPlan } from "../commerce/fixtures";
import { codeOfMail, giftOfOrder, openGiftShop, recipientEmail, sendGiftQuick } from "./helpers";
import { deliverAndReceive } from "../helpers/mail";

const shop = openGiftShop();
walletEditionForFile(() => shop.db);
const second = secondInstanceForFile(shop);

describe("gifts in the wallet edition", () => {
  it("paid from the balance, unclaimed: the price goes back to the balance once, with the ledger's key", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1200 });
    const u = await buyer(shop);
    await shop.db.transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 2000, now: new Date() }));
    const to = recipientEmail();
    const order = await buyNow(u.ctx, { planId: plan.id, giftEmail: to });
    const since = shop.smtp.messages.length;
    expect(await createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" })).toMatchObject({ status: "PAID", balanceMinor: 800 });
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id))).toEqual([]);
    codeOfMail(await deliverAndReceive(shop.db, shop.smtp, to, since));
    const gift = await giftOfOrder(shop.db, order.id);

    const after = new Date(gift.expiresAt.getTime() + 1);
    await expireGifts(shop.db, after);
    await expireGifts(shop.db, after);
    expect(await balanceOf(shop.db, u.id)).toBe(2000);
    const refunds = await shop.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, u.id), eq(walletTransactions.kind, "GIFT_REFUND")));
    expect(refunds.map((r) => [r.amountMinor, r.idempotencyKey, r.referenceType, r.referenceId])).toEqual([[1200, `gift-refund:${gift.id}`, "gift", gift.id]]);
    expect(await giftOfOrder(shop.db, order.id)).toMatchObject({ status: "EXPIRED", refundKind: "BALANCE", refundMinor: 1200, refundCouponId: null });
    expect(await shop.db.select().from(couponGrants).where(eq(couponGrants.userId, u.id))).toEqual([]);
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: "REFUNDED", refundAmountMinor: 1200 });
    expect((await listMyGifts(u.ctx))[0]).toMatchObject({ status: "EXPIRED", refundKind: "BALANCE", refundCouponCode: null });
    const bell = await listMyNotifications(u.ctx);
    expect(bell.rows.some((r) => r.dedupeKey === `gift-expiredBalance:${gift.id}`)).toBe(true);
  });

  it("two expiry jobs at once on two instances, 5 rounds: one GIFT_REFUND per gift", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 700 });
    const u = await buyer(shop);
    for (let round = 1; round <= 5; round++) {
      const sent = await sendGiftQuick(shop, u.ctx, plan.id);
      const after = new Date(sent.gift.expiresAt.getTime() + 1);
      await Promise.all([expireGifts(shop.db, after), expireGifts(second.db, after)]);
      expect(await balanceOf(shop.db, u.id)).toBe(700 * round);
    }
    const refunds = await shop.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, u.id), eq(walletTransactions.kind, "GIFT_REFUND")));
    expect(refunds).toHaveLength(5);
  });
});
