// The three gateways end to end against their simulators over real sockets: create -> pay -> notify
// (through the real notify route, served by a small merchant HTTP server) -> order paid ->
// subscription active -> client on the simulated panel. Plus every rejection that must change
// nothing, the same notify 20 times at once, a lost callback found by the active query, USDT
// receipts found by the poller, and late money after cancellation.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as notifyGet, POST as notifyPost } from "../../src/app/api/payment/notify/[provider]/route";
import { installDb } from "../../src/server/db/client";
import { chainReceipts, nodeClients, orders, payments, subscriptions } from "../../src/server/db/schema";
import { buyNow, cancelMyOrder } from "../../src/server/services/orders";
import { createPayment, orderPaymentStatus, pollUsdtReceipts, queryPaymentByTradeNo } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../simulators/trongrid/server";
import { domainErrorOf } from "../panel/helpers";
import { buyer, drainTasks, openShop, proxyPlan } from "./fixtures";

const shop = openShop();
let epay: EpaySimulator;
let alipay: AlipaySimulator;
let tron: TronGridSimulator;
let merchant: Server;
let merchantUrl: string;
const ourAddress = randomTronAddress();

/** Our notify route behind a plain HTTP server, as the gateways reach it. */
async function startMerchant(): Promise<void> {
  merchant = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url!, merchantUrl);
      const provider = url.pathname.split("/").pop()!;
      const body = req.method === "POST" ? Buffer.concat(chunks) : undefined;
      const request = new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body });
      const handler = req.method === "POST" ? notifyPost : notifyGet;
      const reply = await handler(request, { params: Promise.resolve({ provider }) });
      res.writeHead(reply.status, { "content-type": "text/plain" }).end(await reply.text());
    });
  });
  await new Promise<void>((r) => merchant.listen(0, "127.0.0.1", r));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  installDb(shop.raw);
  await startMerchant();
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [20, 20] });
  alipay = await startAlipaySimulator({ notifyRetryDelaysMs: [20, 20] });
  tron = await startTronGridSimulator();
  const admin = shop.admin.ctx;
  await updatePaymentProviderConfig(admin, "epay", { enabled: true, gatewayUrl: epay.url, pid: epay.merchants[0]!.pid, key: epay.merchants[0]!.key, channels: ["alipay", "wxpay"] });
  await updatePaymentProviderConfig(admin, "alipay_f2f", { enabled: true, gatewayUrl: alipay.gatewayUrl, appId: alipay.appId, privateKey: alipay.appPrivateKey, alipayPublicKey: alipay.alipayPublicKey });
  await updatePaymentProviderConfig(admin, "usdt_trc20", { enabled: true, apiUrl: tron.url, address: ourAddress, rateMinorPerUsdt: 720, minConfirmations: 0 });
});
afterAll(async () => {
  await Promise.all([epay?.close(), alipay?.close(), tron?.close(), new Promise((r) => merchant?.close(r))]);
});

const opts = () => ({ baseUrl: merchantUrl, clientIp: "203.0.113.7" });
const orderStatus = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

/** The buyer's browser follows the payment link to the cashier page (which registers the order there). */
async function openCashier(payUrl: string | undefined): Promise<void> {
  const r = await fetch(payUrl!);
  expect(r.status).toBe(200);
  await r.text();
}

async function newOrder() {
  const plan = await proxyPlan(shop, { priceMinor: 1050 });
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  return { u, order };
}

describe("epay", () => {
  it("create -> cashier pay -> notify -> paid -> subscription active -> client on the panel with quota and expiry", async () => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts());
    expect(pay.payUrl).toContain(`${epay.url}submit.php?`);
    expect(new URL(pay.payUrl!).searchParams.get("money")).toBe("10.50");
    await openCashier(pay.payUrl);
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true);
    expect(n.attempts.at(-1)).toMatchObject({ status: 200, reply: "success" });
    expect(await orderStatus(order.id)).toBe("PAID");
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(sub!.status).toBe("ACTIVE");
    await drainTasks(shop.db);
    const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id));
    expect(clients.length).toBeGreaterThan(0);
    for (const c of clients) expect(shop.sim.state.findClientByEmail(c.email)?.client).toMatchObject({ totalGB: 10 * 1024 ** 3, expiryTime: sub!.expiresAt.getTime() });
    expect((await orderPaymentStatus(u.ctx, order.id)).subscriptionIds).toEqual([sub!.id]);
  });

  it.each([
    ["a forged signature", { badSignature: true }],
    ["a different amount", { money: "0.01" }],
    ["another merchant id", { pid: "9999" }],
  ])("%s is refused and changes nothing", async (_what, tamper) => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts());
    epay.setTamper(tamper);
    try {
      await openCashier(pay.payUrl);
      const n = await epay.pay(pay.tradeNo);
      await n.done;
      expect(n.delivered).toBe(false);
      expect(n.attempts.every((a) => a.status !== undefined && a.status >= 400 && a.status < 500 && a.reply === "fail")).toBe(true);
    } finally {
      epay.setTamper(null);
    }
    expect(await orderStatus(order.id)).toBe("PENDING");
    expect((await shop.db.select().from(payments).where(eq(payments.tradeNo, pay.tradeNo)))[0]!.status).toBe("PENDING");
  });

  it("an unknown trade number is refused (404 fail); the same notify 20 times at once settles once", async () => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts());
    // Take the exact signed notify the platform sends, then deliver it 20 times concurrently.
    epay.setNotifyRetryDelays([]);
    await openCashier(pay.payUrl);
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    const url = new URL(n.url);
    for (const [k, v] of Object.entries(n.params)) url.searchParams.set(k, v);
    const replies = await Promise.all(Array.from({ length: 20 }, () => fetch(url).then(async (r) => `${r.status} ${await r.text()}`)));
    expect(new Set(replies)).toEqual(new Set(["200 success"]));
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(1);
    expect((await shop.db.select().from(payments).where(eq(payments.orderId, order.id))).filter((p) => p.status === "PAID")).toHaveLength(1);

    const unknown = new URL(url);
    unknown.searchParams.set("out_trade_no", "P000000000000000000000");
    const r = await fetch(unknown);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await r.text()).toBe("fail");
    epay.setNotifyRetryDelays([20, 20]);
  });

  it("a lost callback is found by the active query", async () => {
    const { u, order } = await newOrder();
    // The gateway cannot reach us (a closed port), so its notify never arrives.
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" });
    epay.setNotifyRetryDelays([]);
    await openCashier(pay.payUrl);
    await (await epay.pay(pay.tradeNo)).done;
    epay.setNotifyRetryDelays([20, 20]);
    expect(await orderStatus(order.id)).toBe("PENDING");
    // The attempt was just created: back-date it past the per-attempt query throttle.
    await shop.db.update(payments).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(payments.tradeNo, pay.tradeNo));
    const status = await queryPaymentByTradeNo(u.ctx, pay.tradeNo);
    expect(status).toMatchObject({ paymentStatus: "PAID", orderStatus: "PAID" });
  });

  it("another user's order is 'not found' for create, order status and trade query", async () => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts());
    const stranger = await buyer(shop);
    expect((await domainErrorOf(() => createPayment(stranger.ctx, { orderId: order.id, provider: "epay" }, opts()))).code).toBe("NOT_FOUND");
    expect((await domainErrorOf(() => orderPaymentStatus(stranger.ctx, order.id))).code).toBe("NOT_FOUND");
    expect((await domainErrorOf(() => queryPaymentByTradeNo(stranger.ctx, pay.tradeNo))).code).toBe("NOT_FOUND");
  });

  it("a payment after the order was cancelled is recorded and flagged for review, not lost", async () => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts());
    await cancelMyOrder(u.ctx, order.id);
    await openCashier(pay.payUrl);
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true); // acknowledged, so the platform stops retrying: we have it
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o).toMatchObject({ status: "CANCELLED", reviewStatus: "FLAGGED" });
    expect((await shop.db.select().from(payments).where(eq(payments.tradeNo, pay.tradeNo)))[0]).toMatchObject({ status: "PAID", late: true });
  });
});

describe("Alipay face-to-face", () => {
  it("precreate -> scan and pay -> signed notify -> paid; a tampered notify is refused", async () => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "alipay_f2f" }, opts());
    expect(pay.qrCode).toContain(`/qr/${pay.tradeNo}`);
    alipay.setTamper({ totalAmount: "0.01" });
    const bad = await alipay.pay(pay.tradeNo);
    await bad.done;
    alipay.setTamper(null);
    expect(bad.delivered).toBe(false);
    expect(await orderStatus(order.id)).toBe("PENDING");

    const { u: u2, order: o2 } = await newOrder();
    const pay2 = await createPayment(u2.ctx, { orderId: o2.id, provider: "alipay_f2f" }, opts());
    const n = await alipay.pay(pay2.tradeNo);
    await n.done;
    expect(n.method).toBe("POST");
    expect(n.delivered).toBe(true);
    expect(await orderStatus(o2.id)).toBe("PAID");
  });
});

describe("USDT-TRC20", () => {
  it("gives open orders of the same price different exact amounts, and the poller settles each transfer once", async () => {
    const a = await newOrder();
    const b = await newOrder();
    const payA = await createPayment(a.u.ctx, { orderId: a.order.id, provider: "usdt_trc20" }, opts());
    const payB = await createPayment(b.u.ctx, { orderId: b.order.id, provider: "usdt_trc20" }, opts());
    // 10.50 CNY at 7.20 per USDT = 1.458333.. USDT, rounded up to 0.0001 steps.
    expect(payA.usdt).toMatchObject({ address: ourAddress, amountMicro: 1_458_400, network: "TRC20" });
    expect(payB.usdt!.amountMicro).toBe(1_458_500);
    expect((await createPayment(a.u.ctx, { orderId: a.order.id, provider: "usdt_trc20" }, opts())).tradeNo).toBe(payA.tradeNo);

    // Noise the poller must ignore: another contract, another address, an approval.
    tron.addTransfer({ to: ourAddress, amountMicro: payB.usdt!.amountMicro, contract: randomTronAddress() });
    tron.addTransfer({ to: randomTronAddress(), amountMicro: payB.usdt!.amountMicro });
    tron.addTransfer({ to: ourAddress, amountMicro: payB.usdt!.amountMicro, type: "Approval" });
    const tx = tron.addTransfer({ to: ourAddress, amountMicro: payA.usdt!.amountMicro, confirmed: true });
    const first = await pollUsdtReceipts(shop.db);
    expect(first).toMatchObject({ settled: 1 });
    expect(await orderStatus(a.order.id)).toBe("PAID");
    expect(await orderStatus(b.order.id)).toBe("PENDING");
    const again = await pollUsdtReceipts(shop.db);
    expect(again.settled).toBe(0);
    expect(await shop.db.select().from(chainReceipts).where(eq(chainReceipts.txId, tx))).toHaveLength(1);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, a.order.id))).toHaveLength(1);
  });

  it("a transfer that arrives after the order was cancelled is recorded as late and flagged", async () => {
    const { u, order } = await newOrder();
    const pay = await createPayment(u.ctx, { orderId: order.id, provider: "usdt_trc20" }, opts());
    await cancelMyOrder(u.ctx, order.id);
    tron.addTransfer({ to: ourAddress, amountMicro: pay.usdt!.amountMicro, confirmed: true });
    const r = await pollUsdtReceipts(shop.db);
    expect(r.late).toBe(1);
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: "CANCELLED", reviewStatus: "FLAGGED" });
  });
});
