// Item 11 through the payments service and the database: the optional Alipay seller ID is a
// validated gateway setting; a notify for another seller is refused (400 `fail`), logged and changes
// nothing; a query answer about another trade does not mark the asked one paid. The simulator signs
// every tampered message with Alipay's real key, so only these checks stand in the way.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../../src/server/context";
import { orders, payments } from "../../src/server/db/schema";
import { buyNow } from "../../src/server/services/orders";
import { createPayment, handlePaymentNotify, queryPaymentByTradeNo } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { captureOutput } from "../helpers/capture-logs";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";

const shop = openShop();
let alipay: AlipaySimulator;
const opts = { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" };

beforeAll(async () => {
  alipay = await startAlipaySimulator({ notifyRetryDelaysMs: [] });
  await updatePaymentProviderConfig(shop.admin.ctx, "alipay_f2f", { enabled: true, gatewayUrl: alipay.gatewayUrl, appId: alipay.appId, privateKey: alipay.appPrivateKey, alipayPublicKey: alipay.alipayPublicKey, sellerId: alipay.sellerId });
});
afterAll(() => alipay?.close());

/** The page polls again past the per-attempt throttle (5 s), so the provider is really asked. */
const later = (ctx: Ctx): Ctx => ({ ...ctx, now: () => new Date(Date.now() + 10_000) });
const orderOf = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function alipayAttempt() {
  const plan = await proxyPlan(shop, { priceMinor: 1050 });
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  const pay = await createPayment(u.ctx, { orderId: order.id, provider: "alipay_f2f" }, opts);
  return { u, order, pay };
}

describe("Alipay answers checked whole (service and database)", () => {
  it("the seller ID setting is optional and validated", async () => {
    const err = (await updatePaymentProviderConfig(shop.admin.ctx, "alipay_f2f", { sellerId: "1234" }).catch((e: unknown) => e)) as { code: string; details: { fields: Record<string, string> } };
    expect(err).toMatchObject({ code: "VALIDATION", details: { fields: { sellerId: "alipay_seller_id_format" } } });
  });

  it("a notify naming another seller is refused with `fail`, logged, and pays nothing; the same trade's own notify then pays", async () => {
    const { order, pay } = await alipayAttempt();
    alipay.setTamper({ sellerId: "2088000000000001" });
    const foreign = (await alipay.pay(pay.tradeNo)).params;
    alipay.setTamper(null);
    const { result, output } = await captureOutput(() => handlePaymentNotify(shop.db, "alipay_f2f", foreign));
    expect(result).toEqual({ status: 400, body: "fail" });
    expect(output).toContain("payment notify refused");
    expect(output).toContain("wrong_seller");
    expect((await orderOf(order.id)).status).toBe("PENDING");
    expect((await shop.db.select().from(payments).where(eq(payments.tradeNo, pay.tradeNo)))[0]!.status).toBe("PENDING");

    const own = (await alipay.pay(pay.tradeNo)).params;
    expect(await handlePaymentNotify(shop.db, "alipay_f2f", own)).toEqual({ status: 200, body: "success" });
    expect((await orderOf(order.id)).status).toBe("PAID");
  });

  it("a query answer about another (paid) trade does not mark the asked one paid", async () => {
    const paid = await alipayAttempt();
    await alipay.pay(paid.pay.tradeNo); // paid at Alipay; its notify goes nowhere (lost)
    const asked = await alipayAttempt();
    alipay.scan(asked.pay.tradeNo);
    alipay.setTamper({ queryOutTradeNo: paid.pay.tradeNo });
    try {
      await expect(queryPaymentByTradeNo(later(asked.u.ctx), asked.pay.tradeNo)).rejects.toMatchObject({ reason: "payment_gateway_answer_mismatch" });
    } finally {
      alipay.setTamper(null);
    }
    expect((await orderOf(asked.order.id)).status).toBe("PENDING");
    // The honest answer about the paid trade still finds its lost payment.
    expect((await queryPaymentByTradeNo(later(paid.u.ctx), paid.pay.tradeNo)).orderStatus).toBe("PAID");
  });
});
