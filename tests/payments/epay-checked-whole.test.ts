// Item 11 for epay: an api.php?act=order answer is used only when it is about the out_trade_no that
// was asked and our pid, with a readable money. The answer is not signed (only the request carries
// the key), so these checks are all that stands between a mixed-up answer and a paid order. Through
// the simulator's tampering controls: first the adapter alone, then the payments service and the
// database (the paying page's poll must not mark the order paid, and the refusal is logged).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../../src/server/context";
import { orders, payments } from "../../src/server/db/schema";
import { epayQuery, type EpayConfig } from "../../src/server/integrations/payments";
import { buyNow } from "../../src/server/services/orders";
import { createPayment, queryPaymentByTradeNo } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { startEpaySimulator, type EpaySimulator, type EpayTamper } from "../../simulators/epay/server";
import { captureOutput } from "../helpers/capture-logs";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";

const shop = openShop();
let sim: EpaySimulator;
let cfg: EpayConfig;
// Notifies go nowhere (a closed port, no retries): only the query can find these payments.
const opts = { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" };

beforeAll(async () => {
  sim = await startEpaySimulator({ merchants: [{ pid: "1001", key: "k1-0123456789abcdef" }, { pid: "2002", key: "k2-0123456789abcdef" }], notifyRetryDelaysMs: [] });
  cfg = { gatewayUrl: sim.url, pid: "1001", key: "k1-0123456789abcdef", channels: ["alipay"] };
  await updatePaymentProviderConfig(shop.admin.ctx, "epay", { enabled: true, gatewayUrl: cfg.gatewayUrl, pid: cfg.pid, key: cfg.key, channels: cfg.channels });
});
afterAll(() => sim?.close());

/** The page polls again past the per-attempt throttle (5 s), so the provider is really asked. */
const later = (ctx: Ctx, polls = 1): Ctx => ({ ...ctx, now: () => new Date(Date.now() + polls * 10_000) });
const orderOf = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A buyer's epay attempt, registered at the platform (the browser opened the cashier page). */
async function epayAttempt() {
  const plan = await proxyPlan(shop, { priceMinor: 1050 });
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts);
  const cashier = await fetch(pay.payUrl!);
  expect(cashier.status).toBe(200);
  await cashier.text();
  return { u, order, pay };
}

async function tampered<T>(t: EpayTamper, fn: () => Promise<T>): Promise<T> {
  sim.setTamper(t);
  try {
    return await fn();
  } finally {
    sim.setTamper(null);
  }
}

describe("epay query answers are checked whole (adapter)", () => {
  it.each([
    ["about another out_trade_no (a paid one)", "out_trade_no", (paidNo: string) => ({ queryOutTradeNo: paidNo })],
    ["about another pid", "pid", () => ({ queryPid: "2002" })],
    ["with an unreadable money", "money", () => ({ queryMoney: "1e3" })],
    ["with no money", "money", () => ({ queryMoney: "" })],
  ])("an answer %s is refused (payment_gateway_answer_mismatch), never taken as this trade's", async (_what, field, tamper) => {
    const paid = await epayAttempt();
    await sim.pay(paid.pay.tradeNo);
    const asked = await epayAttempt();
    const err = await tampered(tamper(paid.pay.tradeNo), () => epayQuery(cfg, asked.pay.tradeNo).catch((e: unknown) => e));
    expect(err).toMatchObject({ code: "UNAVAILABLE", reason: "payment_gateway_answer_mismatch", details: { provider: "epay", field } });
    // Untampered, the same questions get their own answers.
    expect(await epayQuery(cfg, asked.pay.tradeNo)).toMatchObject({ found: true, paid: false, amountMinor: 1050 });
    expect(await epayQuery(cfg, paid.pay.tradeNo)).toMatchObject({ found: true, paid: true, amountMinor: 1050 });
  });
});

describe("epay query answers are checked whole (service and database)", () => {
  it("the paying page's poll does not mark the order paid on an answer about another (paid) trade, and logs a warning", async () => {
    const paid = await epayAttempt();
    await sim.pay(paid.pay.tradeNo); // paid at the platform; its notify is lost
    const asked = await epayAttempt();
    const { result, output } = await captureOutput(() => tampered({ queryOutTradeNo: paid.pay.tradeNo }, () => queryPaymentByTradeNo(later(asked.u.ctx), asked.pay.tradeNo).catch((e: unknown) => e)));
    expect(result).toMatchObject({ reason: "payment_gateway_answer_mismatch", details: { field: "out_trade_no" } });
    expect(output).toContain('"level":"warn","msg":"epay query answer refused","field":"out_trade_no"');
    expect((await orderOf(asked.order.id)).status).toBe("PENDING");
    expect((await shop.db.select().from(payments).where(eq(payments.tradeNo, asked.pay.tradeNo)))[0]!.status).toBe("PENDING");
    // The honest answer about the paid trade still finds its lost payment.
    expect((await queryPaymentByTradeNo(later(paid.u.ctx), paid.pay.tradeNo)).orderStatus).toBe("PAID");
  });

  it("an answer naming another merchant (pid) is not used, though it says paid; our own answer then is", async () => {
    const a = await epayAttempt();
    await sim.pay(a.pay.tradeNo);
    const result = await tampered({ queryPid: "2002" }, () => queryPaymentByTradeNo(later(a.u.ctx), a.pay.tradeNo).catch((e: unknown) => e));
    expect(result).toMatchObject({ reason: "payment_gateway_answer_mismatch", details: { field: "pid" } });
    expect((await orderOf(a.order.id)).status).toBe("PENDING");
    expect((await queryPaymentByTradeNo(later(a.u.ctx, 2), a.pay.tradeNo)).orderStatus).toBe("PAID");
  });
});
