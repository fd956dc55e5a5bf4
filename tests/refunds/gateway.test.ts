// Refunds back through the gateway (issue 23 item 5, both editions; this file runs the base one),
// against the epay and Alipay simulators over real sockets: the refund is recorded PENDING with the
// order marked and an outbox task queued; the task asks the gateway with the refund number and
// completes it (payment REFUNDED, customer told) or fails it with the gateway's reason (order paid
// again, another destination possible). No answer keeps it PENDING; a run after a crash finds the
// refund the gateway already made and never makes a second one.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, subscriptions, tasks } from "../../src/server/db/schema";
import { alipayRefund, epayRefund } from "../../src/server/integrations/payments";
import { handlePaymentNotify, recordVerifiedPayment } from "../../src/server/services/payments";
import { loadGatewayConfig } from "../../src/server/services/payments-config";
import { getRefundOptions, refundOrder, REFUND_GATEWAY } from "../../src/server/services/refunds";
import { domainErrorOf } from "../panel/helpers";
import { drainTasks, openShop } from "../commerce/fixtures";
import { gatewaysForFile, ledgerOf, orderOf, paidByAdmin, paidThrough, paymentOf, refundNotices, refundOf } from "./fixtures";

const shop = openShop();
const gw = gatewaysForFile(shop);
const admin = () => shop.admin.ctx;

const subscriptionsOf = (orderId: string) => shop.db.select({ status: subscriptions.status, holdsStock: subscriptions.holdsStock }).from(subscriptions).where(eq(subscriptions.sourceOrderId, orderId));

/** The refund task becomes due now (a failed attempt waits out its back-off otherwise). */
async function retryRefundTasksNow(): Promise<void> {
  await shop.db.update(tasks).set({ runAt: sql`now() - interval '1 second'` }).where(and(eq(tasks.kind, REFUND_GATEWAY), eq(tasks.status, "PENDING")));
}

describe("through Alipay (alipay.trade.refund)", () => {
  it("is PENDING with the order marked, then DONE by the task: one refund at Alipay, the payment REFUNDED, the customer told", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "alipay_f2f");
    expect(payment.status).toBe("PAID");
    const pending = await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false, note: "customer asked" });
    expect(pending).toMatchObject({ status: "PENDING", destination: "GATEWAY", amountMinor: 1050, paymentId: payment.id });
    expect(pending.refundNo).toMatch(/^RF\d{22}$/);
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "REFUNDED", refundAmountMinor: 1050 });
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toHaveLength(0); // nothing inside the request

    await drainTasks(shop.db);
    const done = await refundOf(shop.db, order.id);
    expect(done).toMatchObject({ status: "DONE", lastError: null, gatewayReference: payment.providerTradeNo });
    const atAlipay = gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo);
    expect(atAlipay).toEqual([expect.objectContaining({ outRequestNo: pending.refundNo, refundAmount: "10.50", refundReason: "customer asked" })]);
    expect(gw.alipay.trades().find((t) => t.outTradeNo === payment.tradeNo)).toMatchObject({ status: "TRADE_CLOSED", refundFee: "10.50" });
    expect((await paymentOf(shop.db, payment.id)).status).toBe("REFUNDED");
    const notices = (await refundNotices(shop.db, u.id)).filter((n) => n.dedupeKey === `refund:${done!.id}`);
    expect(notices).toHaveLength(1);
    // The buyer's language is zh-CN by default.
    expect(notices[0]!.title).toContain(order.orderNo);
    expect(notices[0]!.body).toContain("¥10.50");
    expect(notices[0]!.body).toContain("原路退回");

    // Alipay's notify about the refund (and any repeat of the payment's own) changes nothing.
    const refundNotify = gw.alipay.notifications().find((n) => n.outTradeNo === payment.tradeNo && n.params.out_biz_no === pending.refundNo);
    expect(refundNotify?.params).toMatchObject({ trade_status: "TRADE_CLOSED", refund_fee: "10.50" });
    expect(await handlePaymentNotify(shop.db, "alipay_f2f", refundNotify!.params)).toMatchObject({ status: 200 });
    const repeat = await recordVerifiedPayment(shop.db, { tradeNo: payment.tradeNo, amountMinor: 1050, providerTradeNo: payment.providerTradeNo ?? undefined, evidence: {}, now: new Date() });
    expect(repeat.kind).toBe("duplicate");
    expect((await paymentOf(shop.db, payment.id)).status).toBe("REFUNDED");
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "REFUNDED", reviewStatus: "NORMAL" });

    // Running the task again (a redelivery) asks nobody and changes nothing.
    await shop.db.update(tasks).set({ status: "PENDING", runAt: sql`now() - interval '1 second'` }).where(sql`${tasks.payload}->>'refundId' = ${done!.id}`);
    await drainTasks(shop.db);
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toHaveLength(1);
    expect(await refundOf(shop.db, order.id)).toMatchObject({ status: "DONE" });
  });

  it("a partial refund leaves the trade open at Alipay and ends the subscription when asked", async () => {
    const { order, payment } = await paidThrough(shop, gw, "alipay_f2f", { priceMinor: 2000 });
    await refundOrder(admin(), order.id, { amount: 500, destination: "gateway", endSubscription: true });
    expect(await subscriptionsOf(order.id)).toEqual([{ status: "ACTIVE", holdsStock: true }]);
    await drainTasks(shop.db);
    expect(gw.alipay.trades().find((t) => t.outTradeNo === payment.tradeNo)).toMatchObject({ status: "TRADE_SUCCESS", refundFee: "5.00" });
    expect(await subscriptionsOf(order.id)).toEqual([{ status: "CANCELLED", holdsStock: false }]);
  });

  it("a refusal fails the refund with Alipay's reason and puts the order back to PAID; the admin then refunds another way", async () => {
    const { order, payment } = await paidThrough(shop, gw, "alipay_f2f");
    gw.alipay.setTamper({ refundRefusal: { subCode: "ACQ.SELLER_BALANCE_NOT_ENOUGH", subMsg: "卖家余额不足" } });
    try {
      await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: true });
      await drainTasks(shop.db);
    } finally {
      gw.alipay.setTamper(null);
    }
    const failed = await refundOf(shop.db, order.id);
    expect(failed!.status).toBe("FAILED");
    expect(JSON.parse(failed!.lastError!)).toEqual({ reason: "refund_gateway_failed", details: { detail: "ACQ.SELLER_BALANCE_NOT_ENOUGH: 卖家余额不足" } });
    expect(await orderOf(shop.db, order.id)).toMatchObject({ status: "PAID", refundedAt: null, refundAmountMinor: null });
    expect((await paymentOf(shop.db, payment.id)).status).toBe("PAID");
    expect(await subscriptionsOf(order.id)).toEqual([{ status: "ACTIVE", holdsStock: true }]);
    const options = await getRefundOptions(admin(), order.id);
    expect(options.refund).toMatchObject({ status: "FAILED", lastError: { reason: "refund_gateway_failed" } });
    expect(options.destinations.gateway).toMatchObject({ available: true, provider: "alipay_f2f", maxMinor: 1050 });

    const manual = await refundOrder(admin(), order.id, { amount: 1050, destination: "manual", endSubscription: false, note: "paid back by bank transfer" });
    expect(manual).toMatchObject({ id: failed!.id, status: "DONE", destination: "MANUAL", lastError: null });
    expect(manual.refundNo).not.toBe(failed!.refundNo);
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toHaveLength(0);
    expect((await paymentOf(shop.db, payment.id)).status).toBe("PAID"); // paid back by hand: the gateway's record is unchanged
  });

  it("no answer (Alipay busy) keeps it PENDING with the reason; the retry with the same request number completes it once", async () => {
    const { order, payment } = await paidThrough(shop, gw, "alipay_f2f");
    gw.alipay.setTamper({ refundUnavailable: true });
    const pending = await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false });
    await drainTasks(shop.db);
    gw.alipay.setTamper(null);
    const waiting = await refundOf(shop.db, order.id);
    expect(waiting).toMatchObject({ status: "PENDING", refundNo: pending.refundNo });
    expect(JSON.parse(waiting!.lastError!)).toMatchObject({ reason: "payment_gateway_refused", details: { provider: "alipay_f2f" } });
    expect((await orderOf(shop.db, order.id)).status).toBe("REFUNDED");
    await retryRefundTasksNow();
    await drainTasks(shop.db);
    expect(await refundOf(shop.db, order.id)).toMatchObject({ status: "DONE", lastError: null });
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toEqual([expect.objectContaining({ outRequestNo: pending.refundNo })]);
  });

  it("after a crash between Alipay's refund and our commit, the next run finds the same refund (fund_change N) and completes it", async () => {
    const { order, payment } = await paidThrough(shop, gw, "alipay_f2f");
    const pending = await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false });
    // The first run reached Alipay and died before recording anything.
    const cfg = (await loadGatewayConfig(shop.db, "alipay_f2f"))!;
    expect(await alipayRefund(cfg, { tradeNo: payment.tradeNo, refundNo: pending.refundNo, amountMinor: 1050 })).toMatchObject({ kind: "refunded", fundChange: true });
    await drainTasks(shop.db);
    expect(await refundOf(shop.db, order.id)).toMatchObject({ status: "DONE" });
    expect(gw.alipay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toHaveLength(1);
    expect(gw.alipay.trades().find((t) => t.outTradeNo === payment.tradeNo)!.refundFee).toBe("10.50");
    expect((await paymentOf(shop.db, payment.id)).status).toBe("REFUNDED");
  });
});

describe("through epay (api.php?act=refund)", () => {
  it("is refunded once at the platform (status 2); the payment REFUNDED; the customer told in their language", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "epay");
    await shop.db.execute(sql`update users set locale = 'en' where id = ${u.id}`);
    const pending = await refundOrder(admin(), order.id, { amount: 1000, destination: "gateway", endSubscription: false });
    await drainTasks(shop.db);
    const done = await refundOf(shop.db, order.id);
    expect(done).toMatchObject({ status: "DONE", amountMinor: 1000 });
    const atEpay = gw.epay.orders().find((o) => o.outTradeNo === payment.tradeNo)!;
    expect(atEpay).toMatchObject({ status: 2, refundMoney: "10.00" });
    expect(gw.epay.refunds()).toContainEqual(expect.objectContaining({ outRefundNo: pending.refundNo, tradeNo: atEpay.tradeNo, money: "10.00" }));
    expect(done!.gatewayReference).toBe(gw.epay.refunds().find((r) => r.outRefundNo === pending.refundNo)!.refundNo);
    expect((await paymentOf(shop.db, payment.id)).status).toBe("REFUNDED");
    const [notice] = (await refundNotices(shop.db, u.id)).filter((n) => n.dedupeKey === `refund:${done!.id}`);
    expect(notice).toMatchObject({ title: `Refund for order ${order.orderNo}`, body: "¥10.00 was paid back to the account you paid with." });
  });

  it("an older build that ignores out_refund_no: after a crash, the order's status 2 says it is done, and no second refund is asked", async () => {
    const { order, payment } = await paidThrough(shop, gw, "epay");
    const pending = await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false });
    const cfg = (await loadGatewayConfig(shop.db, "epay"))!;
    // The first run's request went through (without the refund number an older build would keep).
    const [p] = await shop.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(await epayRefund(cfg, { tradeNo: p!.tradeNo, providerTradeNo: p!.providerTradeNo, refundNo: `lost-${pending.refundNo}`, amountMinor: 1050 })).toMatchObject({ kind: "refunded" });
    await drainTasks(shop.db);
    expect(await refundOf(shop.db, order.id)).toMatchObject({ status: "DONE" });
    expect(gw.epay.refunds().filter((r) => r.outTradeNo === payment.tradeNo)).toHaveLength(1);
  });

  it("a merchant without the refund API: the refund fails as unavailable, the order is paid again, and the dialog no longer offers the gateway", async () => {
    const { order, payment } = await paidThrough(shop, gw, "epay");
    gw.epay.setRefundApi("merchant_off");
    try {
      await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false });
      await drainTasks(shop.db);
    } finally {
      gw.epay.setRefundApi("on");
    }
    const failed = await refundOf(shop.db, order.id);
    expect(failed!.status).toBe("FAILED");
    expect(JSON.parse(failed!.lastError!)).toEqual({ reason: "refund_destination_unavailable", details: { detail: "商户未开启订单退款API接口" } });
    expect((await orderOf(shop.db, order.id)).status).toBe("PAID");
    expect((await paymentOf(shop.db, payment.id)).status).toBe("PAID");
    const options = await getRefundOptions(admin(), order.id);
    expect(options.destinations.gateway).toEqual({ available: false, why: "gateway_said_unsupported" });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false }))).toMatchObject({
      reason: "refund_destination_unavailable",
      details: { why: "gateway_said_unsupported" },
    });
  });

  it("a refusal (more than is left at the platform) is shown with the platform's words", async () => {
    const { order } = await paidThrough(shop, gw, "epay");
    gw.epay.setTamper({ refundRefusal: "商户余额不足，请先充值" });
    try {
      await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false });
      await drainTasks(shop.db);
    } finally {
      gw.epay.setTamper(null);
    }
    expect(JSON.parse((await refundOf(shop.db, order.id))!.lastError!)).toEqual({ reason: "refund_gateway_failed", details: { detail: "商户余额不足，请先充值" } });
    expect((await orderOf(shop.db, order.id)).status).toBe("PAID");
  });
});

describe("what the base edition and the order allow", () => {
  it("the balance is not a destination in the base edition", async () => {
    const { order } = await paidThrough(shop, gw, "alipay_f2f");
    const options = await getRefundOptions(admin(), order.id);
    expect(options).toMatchObject({ wallet: false, paidMinor: 1050, destinations: { balance: { available: false, why: "base_edition" }, manual: { available: true, maxMinor: 1050 } } });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1050, destination: "balance", endSubscription: false }))).toMatchObject({
      code: "CONFLICT",
      reason: "refund_destination_unavailable",
      details: { destination: "BALANCE", why: "base_edition" },
    });
    expect((await orderOf(shop.db, order.id)).status).toBe("PAID");
    expect(await refundOf(shop.db, order.id)).toBeUndefined();
    expect(await ledgerOf(shop.db, order.userId)).toEqual([]);
  });

  it("an order confirmed by hand cannot go back through a gateway; by hand it can", async () => {
    const { order } = await paidByAdmin(shop);
    expect((await getRefundOptions(admin(), order.id)).destinations.gateway).toEqual({ available: false, why: "admin_confirmed" });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false }))).toMatchObject({ reason: "refund_destination_unavailable", details: { why: "admin_confirmed" } });
    expect(await refundOrder(admin(), order.id, { amount: 1050, destination: "manual", endSubscription: false, note: "cash" })).toMatchObject({ status: "DONE", destination: "MANUAL" });
  });

  it("the gateway takes back at most what was paid; a refunded order cannot be refunded again", async () => {
    const { order } = await paidThrough(shop, gw, "epay");
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1051, destination: "gateway", endSubscription: false }))).toMatchObject({
      code: "VALIDATION",
      reason: "refund_amount_invalid",
      details: { max: "10.50", maxMinor: 1050, fields: { amount: "too_big" } },
    });
    await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false });
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1, destination: "manual", endSubscription: false, note: "again" }))).toMatchObject({ reason: "refund_exists" });
    await drainTasks(shop.db);
    expect(await domainErrorOf(() => refundOrder(admin(), order.id, { amount: 1, destination: "manual", endSubscription: false, note: "again" }))).toMatchObject({ reason: "refund_exists" });
  });
});
