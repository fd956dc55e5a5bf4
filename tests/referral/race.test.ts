// Referral money under concurrency, in the wallet edition (the balance check runs after every test).
// On PostgreSQL every racer has its own connection, half of them through a second pool as a second
// app instance would, so the unique line key, the inviter's row lock and the conditional updates are
// what decide; on PGlite the racers run one after another and prove only the outcome.
// - a paid notify replayed 20 times at once credits once; the credit hook itself 20 times at once too
// - a refund inside the holding period and a withdrawal of the same commission never both win
// - ten withdrawals of everything at once: one; an approve racing a reject: one decision
// - moving commission to the balance: once per request, never more than available
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, orders, referralCommissions, referralPayouts, walletTransactions } from "../../src/server/db/schema";
import { refundOrder } from "../../src/server/services/orders";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { approveReferralPayout, creditReferralCommission, getMyReferral, moveCommissionToBalance, rejectReferralPayout, requestReferralPayout } from "../../src/server/services/referral";
import { balanceOf } from "../../src/server/services/wallet";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";
import { domainErrorOf } from "../panel/helpers";
import { at, awaitingGateway, boughtByAdmin, commissionsOfOrder, DAY, inviteeOf, payoutsOf, referralSettings } from "./helpers";

const shop = openShop();
walletEditionForFile(() => shop.db);
const second = secondInstanceForFile(shop);
const ROUNDS = 20;
const ACCOUNT = "bank 6222 0000 1111 2222";

describe("crediting once", () => {
  it(`a paid notify replayed ${ROUNDS} times at once: one payment, one commission per line, one notice`, async () => {
    await referralSettings(shop, { rate: 10, firstOnly: true, holdDays: 7 });
    const plan = await proxyPlan(shop, { priceMinor: 1990 });
    const inviter = await buyer(shop);
    const { order, tradeNo } = await awaitingGateway(shop, await inviteeOf(shop, inviter), plan.id);
    const now = new Date();
    const rs = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => recordVerifiedPayment(i % 2 ? second.db : shop.db, { tradeNo, amountMinor: order.totalMinor, evidence: {}, now })));
    expect(rs.filter((r) => r.kind === "settled")).toHaveLength(1);
    expect(rs.filter((r) => r.kind === "duplicate")).toHaveLength(ROUNDS - 1);
    expect((await commissionsOfOrder(shop.db, order.id)).map((r) => [r.amountMinor, r.status])).toEqual([[199, "HELD"]]);
    expect(await shop.db.select().from(notifications).where(and(eq(notifications.userId, inviter.id), eq(notifications.dedupeKey, `referral-commission:${order.id}`)))).toHaveLength(1);
  });

  it(`the credit hook ${ROUNDS} times at once in separate transactions (the backstop behind settleOrder's door): once per line`, async () => {
    // Paid while commission was off; then the hook races itself, first-order claim included.
    await referralSettings(shop, { rate: 0 });
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const inviter = await buyer(shop);
    const paid = await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id);
    await referralSettings(shop, { rate: 30, firstOnly: true, holdDays: 1 });
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, paid.id));
    const rs = await Promise.allSettled(Array.from({ length: ROUNDS }, (_, i) => (i % 2 ? second.db : shop.db).transaction((tx) => creditReferralCommission(tx, order!, new Date()))));
    expect(settledReasons(rs).filter((r) => r !== "ok")).toEqual([]);
    expect((await commissionsOfOrder(shop.db, paid.id)).map((r) => r.amountMinor)).toEqual([300]);
  });
});

/** A commission of 200 held until `edge` (hold 7 days from a payment 7 days before `edge`). */
async function heldUntil(edge: Date) {
  const plan = await proxyPlan(shop, { priceMinor: 2000 });
  const inviter = await buyer(shop);
  const order = await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id, { now: new Date(edge.getTime() - 7 * DAY) });
  return { inviter, order };
}

describe("refund racing a withdrawal", () => {
  it(`${ROUNDS} rounds at the holding period's edge: the commission is taken back or taken out, never both`, async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false, holdDays: 7, minPayout: 100 });
    const outcomes = { refundWon: 0, withdrawalWon: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const edge = new Date(Date.now() + round * 1000);
      const { inviter, order } = await heldUntil(edge);
      const toBalance = round % 2 === 1;
      const [dbA, dbB] = round % 4 < 2 ? [shop.db, second.db] : [second.db, shop.db];
      // The refund's clock a second inside the holding period, the withdrawal's a second past it.
      const refund = refundOrder(at(shop.admin.ctx, new Date(edge.getTime() - 1000), dbA), order.id, { amount: 2000, destination: "manual", note: `round ${round}` });
      const take = at(inviter.ctx, new Date(edge.getTime() + 1000), dbB);
      const withdrawal = toBalance ? moveCommissionToBalance(take, { amount: 200 }) : requestReferralPayout(take, { amount: 200, method: "BANK", account: ACCOUNT });
      const [r, w] = await Promise.allSettled([refund, withdrawal]);
      expect(r.status, `round ${round}: the refund itself always goes through`).toBe("fulfilled");
      const [commission] = await commissionsOfOrder(shop.db, order.id);
      const payouts = await payoutsOf(shop.db, inviter.id);
      if (w.status === "fulfilled") {
        outcomes.withdrawalWon++;
        expect(commission!.status, `round ${round}`).toBe("AVAILABLE");
        expect(payouts.map((p) => [p.amountMinor, p.method])).toEqual([[200, toBalance ? "BALANCE" : "BANK"]]);
        expect(await balanceOf(shop.db, inviter.id)).toBe(toBalance ? 200 : 0);
      } else {
        outcomes.refundWon++;
        expect(settledReasons([w]), `round ${round}`).toEqual(["referral_insufficient"]);
        expect(commission!.status).toBe("REVERSED");
        expect(payouts).toEqual([]);
        expect(await balanceOf(shop.db, inviter.id)).toBe(0);
      }
      // Never below zero: what was taken out is what was available.
      const after = await getMyReferral(at(inviter.ctx, new Date(edge.getTime() + DAY)));
      expect(after.availableMinor).toBe(0);
      expect(after.earnedMinor + after.reversedMinor).toBe(200);
    }
    expect(outcomes.refundWon + outcomes.withdrawalWon).toBe(ROUNDS);
  });
});

describe("one decision", () => {
  it("ten withdrawals of everything at once: one is recorded, the others are refused", async () => {
    await referralSettings(shop, { rate: 50, firstOnly: false, holdDays: 0, minPayout: 100 });
    const plan = await proxyPlan(shop, { priceMinor: 2000 });
    const inviter = await buyer(shop);
    await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id);
    // Read first, as the page does: the account row exists and the commission has matured, so only
    // the account's row lock stands between the racers (not a first insert or a maturing update).
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 1000 });
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => (i % 3 === 0 ? moveCommissionToBalance(second.on(i, inviter.ctx), { amount: 1000 }) : requestReferralPayout(second.on(i, inviter.ctx), { amount: 1000, method: "ALIPAY", account: ACCOUNT }))));
    const reasons = settledReasons(rs);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(1);
    expect(reasons.filter((r) => r !== "ok").every((r) => r === "referral_insufficient")).toBe(true);
    expect((await payoutsOf(shop.db, inviter.id)).map((p) => p.amountMinor)).toEqual([1000]);
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 0 });
  });

  it("an approve racing a reject, 10 rounds: one decides, the other is refused, the amount is counted once", async () => {
    await referralSettings(shop, { rate: 50, firstOnly: false, holdDays: 0, minPayout: 100 });
    const plan = await proxyPlan(shop, { priceMinor: 400 });
    const inviter = await buyer(shop);
    const invitee = await inviteeOf(shop, inviter);
    for (let round = 0; round < 10; round++) {
      await boughtByAdmin(shop, invitee, plan.id);
      const p = await requestReferralPayout(inviter.ctx, { amount: 200, method: "WECHAT", account: ACCOUNT });
      const rs = await Promise.allSettled([approveReferralPayout(second.on(round, shop.admin.ctx), { id: p.id, reference: `R${round}` }), rejectReferralPayout(second.on(round + 1, shop.admin.ctx), { id: p.id, reason: "duplicate" })]);
      const reasons = settledReasons(rs);
      expect(reasons.filter((r) => r === "ok"), reasons.join(", ")).toHaveLength(1);
      expect(reasons.filter((r) => r !== "ok")).toEqual(["referral_payout_not_pending"]);
      const [row] = await shop.db.select().from(referralPayouts).where(eq(referralPayouts.id, p.id));
      expect(row!.status).toBe(reasons[0] === "ok" ? "PAID" : "REJECTED");
    }
    const f = await getMyReferral(inviter.ctx);
    const paid = (await payoutsOf(shop.db, inviter.id)).filter((p) => p.status === "PAID").length;
    expect(f).toMatchObject({ earnedMinor: 2000, paidOutMinor: paid * 200, availableMinor: 2000 - paid * 200, requestedMinor: 0 });
  });
});

describe("moving commission to the balance", () => {
  it("moves at once (a COMMISSION ledger row keyed by the payout), part or all, never more than available", async () => {
    await referralSettings(shop, { rate: 25, firstOnly: false, holdDays: 0, minPayout: 5000 });
    const plan = await proxyPlan(shop, { priceMinor: 2000 });
    const inviter = await buyer(shop);
    await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id);
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 500, canMoveToBalance: true });

    // No minimum for the balance (the minimum is for payouts an admin makes by hand).
    const part = await moveCommissionToBalance(inviter.ctx, { amount: "120" });
    expect(part).toMatchObject({ amountMinor: 120, method: "BALANCE", status: "PAID", availableMinor: 380, balanceMinor: 120 });
    expect((await domainErrorOf(() => moveCommissionToBalance(inviter.ctx, { amount: 381 }))).reason).toBe("referral_insufficient");
    expect((await domainErrorOf(() => moveCommissionToBalance(inviter.ctx, { amount: "1.5" }))).reason).toBe("referral_amount_invalid");
    const rest = await moveCommissionToBalance(inviter.ctx, {});
    expect(rest).toMatchObject({ amountMinor: 380, availableMinor: 0, balanceMinor: 500 });
    expect((await domainErrorOf(() => moveCommissionToBalance(inviter.ctx, {}))).reason).toBe("referral_insufficient");

    const ledger = await shop.db.select().from(walletTransactions).where(eq(walletTransactions.userId, inviter.id));
    expect(ledger.map((l) => [l.kind, l.amountMinor, l.referenceType, l.idempotencyKey])).toEqual([
      ["COMMISSION", 120, "referral_payout", `referral-payout:${part.id}`],
      ["COMMISSION", 380, "referral_payout", `referral-payout:${rest.id}`],
    ]);
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ earnedMinor: 500, availableMinor: 0, paidOutMinor: 500 });
    const rows = await shop.db.select().from(referralPayouts).where(eq(referralPayouts.userId, inviter.id));
    expect(rows.every((r) => r.accountEnc === null && r.decidedAt !== null)).toBe(true);
    expect((await shop.db.select().from(notifications).where(eq(notifications.userId, inviter.id))).filter((n) => n.dedupeKey?.startsWith("referral-payout-balance:"))).toHaveLength(2);
    // Held commission cannot be moved.
    const held = await proxyPlan(shop, { priceMinor: 1000 });
    await referralSettings(shop, { holdDays: 3 });
    await boughtByAdmin(shop, await inviteeOf(shop, inviter), held.id);
    expect(await shop.db.select().from(referralCommissions).where(and(eq(referralCommissions.inviterId, inviter.id), eq(referralCommissions.status, "HELD")))).toHaveLength(1);
    expect((await domainErrorOf(() => moveCommissionToBalance(inviter.ctx, {}))).reason).toBe("referral_insufficient");
  });
});
