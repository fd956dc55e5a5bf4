// Refunds in the wallet edition (issue 23 item 5): to the balance in one transaction (the order's
// door, the refund row DONE, a REFUND ledger row keyed `refund:<id>`), the amount limits, an order
// paid from the balance, a split payment sent back partly through the gateway and partly to the
// balance, and the proof on PostgreSQL that 20 concurrent refunds of one order move money once.
// The wallet check runs after every test (walletEditionForFile).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refunds, subscriptions, tasks, users } from "../../src/server/db/schema";
import { createOrderPayment } from "../../src/server/services/payments";
import { getRefundOptions, refundOrder } from "../../src/server/services/refunds";
import { balanceOf, moveBalance } from "../../src/server/services/wallet";
import { domainErrorOf } from "../panel/helpers";
import { drainTasks, openShop } from "../commerce/fixtures";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";
import { gatewaysForFile, ledgerOf, newOrder, orderOf, paidByAdmin, paidThrough, paymentOf, refundNotices, refundOf } from "./fixtures";

const shop = openShop();
walletEditionForFile(() => shop.db);
const gw = gatewaysForFile(shop);
const second = secondInstanceForFile({
  get raw() {
    return shop.raw;
  },
  get db() {
    return shop.db;
  },
});
const admin = () => shop.admin.ctx;

describe("to the balance", () => {
  it("credits the balance once in the refund's transaction: ledger REFUND keyed by the refund, payment REFUNDED, the customer told", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "alipay_f2f");
    await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
    const refund = await refundOrder(admin(), order.id, { amount: 800, destination: "balance", endSubscription: false, note: "goodwill" });
    expect(refund).toMatchObject({ status: "DONE", destination: "BALANCE", amountMinor: 800, paymentId: payment.id, note: "goodwill" });
    expect(refund.completedAt).not.toBeNull();
    expect(await balanceOf(shop.db, u.id)).toBe(800);
    expect(await ledgerOf(shop.db, u.id)).toEqual([expect.objectContaining({ kind: "REFUND", amountMinor: 800, balanceAfterMinor: 800, referenceType: "refund", referenceId: refund.id, idempotencyKey: `refund:${refund.id}` })]);
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "REFUNDED", refundAmountMinor: 800, refundNote: "goodwill" });
    expect((await paymentOf(shop.db, payment.id)).status).toBe("REFUNDED");
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toHaveLength(0); // the gateway keeps its money
    const notices = (await refundNotices(shop.db, u.id)).filter((n) => n.dedupeKey === `refund:${refund.id}`);
    expect(notices.map((n) => [n.title, n.body])).toEqual([[`Refund for order ${order.orderNo}`, "¥8.00 was added to your balance."]]);
    // Nothing was queued for a gateway.
    expect((await shop.db.select().from(tasks).where(eq(tasks.kind, "refund.gateway"))).filter((t) => (t.payload as { refundId?: string }).refundId === refund.id)).toEqual([]);
  });

  it("an order paid from the balance goes back to the balance (never to a gateway), and can end the subscription", async () => {
    const { u, order } = await newOrder(shop, { priceMinor: 1200 });
    await shop.db.transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 1500, now: new Date() }));
    await createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" });
    expect(await balanceOf(shop.db, u.id)).toBe(300);
    const options = await getRefundOptions(admin(), order.id);
    expect(options.destinations).toMatchObject({ gateway: { available: false, why: "paid_by_balance" }, balance: { available: true, maxMinor: 1200 } });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1200, destination: "gateway", endSubscription: false }))).toMatchObject({ reason: "refund_destination_unavailable", details: { why: "paid_by_balance" } });
    await refundOrder(admin(), order.id, { amount: 1200, destination: "balance", endSubscription: true });
    expect(await balanceOf(shop.db, u.id)).toBe(1500);
    const subs = await shop.db.select({ status: subscriptions.status, holdsStock: subscriptions.holdsStock }).from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(subs).toEqual([{ status: "CANCELLED", holdsStock: false }]);
  });
});

describe("amount limits", () => {
  it("0 < amount <= what was paid, said with the maximum; a refund by hand needs a note; nothing is written on a refusal", async () => {
    const { u, order } = await paidByAdmin(shop, { priceMinor: 990 });
    const zero = await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 0, destination: "balance", endSubscription: false }));
    expect(zero).toMatchObject({ code: "VALIDATION", reason: "refund_amount_invalid", details: { max: "9.90", maxMinor: 990, fields: { amount: "too_small" } } });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: -5, destination: "manual", endSubscription: false, note: "x" }))).toMatchObject({ reason: "refund_amount_invalid" });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 991, destination: "balance", endSubscription: false }))).toMatchObject({ reason: "refund_amount_invalid", details: { max: "9.90", fields: { amount: "too_big" } } });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 10.5, destination: "balance", endSubscription: false }))).toMatchObject({ code: "VALIDATION", details: { fields: { amount: "not_integer" } } });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 990, destination: "manual", endSubscription: false }))).toMatchObject({ code: "VALIDATION", details: { fields: { note: "required" } } });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 990, destination: "wallet", endSubscription: false }))).toMatchObject({ code: "VALIDATION", details: { fields: { destination: "invalid_choice" } } });
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "PAID", refundAmountMinor: null });
    expect(await refundOf(shop.db, order.id)).toBeUndefined();
    expect(await balanceOf(shop.db, u.id)).toBe(0);
    // The whole amount is allowed.
    expect(await refundOrder(admin(), order.id, { amount: 990, destination: "balance", endSubscription: false })).toMatchObject({ status: "DONE" });
    expect(await balanceOf(shop.db, u.id)).toBe(990);
  });

  it("an order nobody paid for (a free one) has nothing to refund; a pending one is not refundable", async () => {
    const free = await newOrder(shop, { priceMinor: 0 }); // confirmed at once, without a gateway
    expect(await orderOf(shop.db, free.order.id)).toMatchObject({ status: "PAID", paidVia: "FREE" });
    expect(await domainErrorOf(() => refundOrder(admin(), free.order.id, { amount: 1, destination: "manual", endSubscription: false, note: "x" }))).toMatchObject({ reason: "refund_amount_invalid", details: { max: "0.00" } });
    const { order } = await newOrder(shop);
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1, destination: "balance", endSubscription: false }))).toMatchObject({ code: "CONFLICT", reason: "refund_not_paid" });
    expect(await domainErrorOf(() => refundOrder(admin(), "00000000-0000-4000-8000-000000000000", { amount: 1, destination: "balance", endSubscription: false }))).toMatchObject({ code: "NOT_FOUND", reason: "order_not_found" });
  });

  it("only admins refund", async () => {
    const { u, order } = await paidByAdmin(shop);
    expect(await domainErrorOf(() => refundOrder(u.ctx, order.id, { amount: 1, destination: "balance", endSubscription: false }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await domainErrorOf(() => getRefundOptions(u.ctx, order.id))).toMatchObject({ code: "FORBIDDEN" });
    expect((await orderOf(shop.db, order.id)).status).toBe("PAID");
  });
});

describe("a split payment (part balance, part gateway)", () => {
  it("through the gateway: the gateway's part goes back through epay, the rest to the balance, once", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "epay", { priceMinor: 1000, balanceMinor: 300 });
    expect(payment.amountMinor).toBe(700);
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "PAID", balancePaidMinor: 300 });
    expect(await balanceOf(shop.db, u.id)).toBe(0);
    const options = await getRefundOptions(admin(), order.id);
    expect(options).toMatchObject({ gatewayPartMinor: 700, balancePartMinor: 300, destinations: { gateway: { available: true, maxMinor: 1000, provider: "epay" } } });
    const refund = await refundOrder(admin(), order.id, { amount: 1000, destination: "gateway", endSubscription: false });
    expect(await balanceOf(shop.db, u.id)).toBe(0); // nothing moves before the gateway answered
    await drainTasks(shop.db);
    expect(await refundOf(shop.db, order.id)).toMatchObject({ status: "DONE" });
    expect(gw.epay.refunds().filter((r) => r.outTradeNo === payment.tradeNo).map((r) => r.money)).toEqual(["7.00"]);
    expect(await balanceOf(shop.db, u.id)).toBe(300);
    expect((await ledgerOf(shop.db, u.id)).filter((l) => l.kind === "REFUND")).toEqual([expect.objectContaining({ amountMinor: 300, idempotencyKey: `refund:${refund.id}` })]);
    expect((await paymentOf(shop.db, payment.id)).status).toBe("REFUNDED");
    const [notice] = (await refundNotices(shop.db, u.id)).filter((n) => n.dedupeKey === `refund:${refund.id}`);
    expect(notice!.body).toBe("¥7.00 已原路退回你的付款账户，¥3.00 已退入你的余额。");
  });

  it("a smaller gateway refund is taken from the gateway's part first", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "alipay_f2f", { priceMinor: 1000, balanceMinor: 400 });
    await refundOrder(admin(), order.id, { amount: 500, destination: "gateway", endSubscription: false });
    await drainTasks(shop.db);
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo).map((r) => r.refundAmount)).toEqual(["5.00"]);
    expect(await balanceOf(shop.db, u.id)).toBe(0);
  });
});

describe("exactly once under concurrency (two instances)", () => {
  it("20 concurrent balance refunds of one order: one succeeds, the balance is credited once", async () => {
    const { u, order } = await paidByAdmin(shop, { priceMinor: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => refundOrder(second.on(i, admin()), order.id, { amount: 1000 - i, destination: "balance", endSubscription: false })),
    );
    const reasons = settledReasons(results);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(1);
    expect(new Set(reasons.filter((r) => r !== "ok"))).toEqual(new Set(["refund_exists"]));
    const [won] = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(await balanceOf(shop.db, u.id)).toBe(won!.amountMinor);
    expect(await ledgerOf(shop.db, u.id)).toHaveLength(1);
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "REFUNDED", refundAmountMinor: won!.amountMinor });
  });

  it("20 concurrent refunds with mixed destinations (balance, gateway, by hand): one refund, money moved once", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "alipay_f2f", { priceMinor: 1000 });
    const dest = ["balance", "gateway", "manual"] as const;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => refundOrder(second.on(i, admin()), order.id, { amount: 1000, destination: dest[i % 3]!, endSubscription: false, note: "race" })),
    );
    expect(settledReasons(results).filter((r) => r === "ok")).toHaveLength(1);
    await drainTasks(shop.db);
    const [refund] = await shop.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund!.status).toBe("DONE");
    const atGateway = gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo).length;
    const toBalance = await balanceOf(shop.db, u.id);
    // Exactly one of: the gateway paid back, the balance credited, or a record by hand.
    expect({ GATEWAY: [1, 0], BALANCE: [0, 1000], MANUAL: [0, 0] }[refund!.destination]).toEqual([atGateway, toBalance]);
  });
});
