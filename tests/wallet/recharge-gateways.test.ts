// Recharges paid through the real gateways (the epay and Alipay simulators, over real sockets, their
// notifies delivered to our notify route behind a small merchant server): the balance is credited
// once, through the same payment door as orders; one notify delivered 20 times at once (two app
// instances, separate connections on PostgreSQL) credits once; a lost callback is found by the
// trade-number query; money for a cancelled or deleted recharge is credited as a late payment and
// flagged, never lost; the same method asked again reuses its attempt.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as notifyGet, POST as notifyPost } from "../../src/app/api/payment/notify/[provider]/route";
import { auditLogs, notifications, payments, walletRechargeOrders, walletTransactions } from "../../src/server/db/schema";
import { handlePaymentNotify } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { updateSettings } from "../../src/server/services/settings";
import {
  balanceOf,
  cancelRechargeOrder,
  confirmAdminWalletRecharge,
  createRechargeOrder,
  createRechargePayment,
  deleteAdminWalletRecharge,
  getMyRecharge,
  queryRechargeByTradeNo,
} from "../../src/server/services/wallet";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { secondInstanceForFile } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

// Installed: the notify route reads the process-wide database, as in production.
const t = testDbForFile({ install: true });
walletEditionForFile(() => t.db);
const second = secondInstanceForFile(t);
let epay: EpaySimulator;
let alipay: AlipaySimulator;
let merchant: Server;
let merchantUrl: string;
let admin: Awaited<ReturnType<typeof makeUser>>;

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
      const reply = await (req.method === "POST" ? notifyPost : notifyGet)(request, { params: Promise.resolve({ provider }) });
      res.writeHead(reply.status, { "content-type": "text/plain" }).end(await reply.text());
    });
  });
  await new Promise<void>((r) => merchant.listen(0, "127.0.0.1", r));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  useMemoryLimiter();
  await startMerchant();
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [20, 20] });
  alipay = await startAlipaySimulator({ notifyRetryDelaysMs: [20, 20] });
  admin = await makeUser(t.db, "ADMIN");
  await updateSettings(cliCtx(t.db), { rechargeMinMinor: 100, rechargeMaxMinor: 100_000, rechargeStepMinor: 10 });
  await updatePaymentProviderConfig(admin.ctx, "epay", { enabled: true, gatewayUrl: epay.url, pid: epay.merchants[0]!.pid, key: epay.merchants[0]!.key, channels: ["alipay", "wxpay"] });
  await updatePaymentProviderConfig(admin.ctx, "alipay_f2f", { enabled: true, gatewayUrl: alipay.gatewayUrl, appId: alipay.appId, privateKey: alipay.appPrivateKey, alipayPublicKey: alipay.alipayPublicKey });
});
afterAll(async () => {
  await Promise.all([epay?.close(), alipay?.close(), new Promise((r) => merchant?.close(r))]);
});

const opts = () => ({ baseUrl: merchantUrl, clientIp: "203.0.113.7" });
/** A gateway that cannot reach us (a closed port): its notify never arrives. */
const unreachable = { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" };
const rechargeRow = async (id: string) => (await t.db.select().from(walletRechargeOrders).where(eq(walletRechargeOrders.id, id)))[0];
const ledgerOf = (userId: string) => t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)).orderBy(walletTransactions.id);
const paymentOf = async (tradeNo: string) => (await t.db.select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!;

/** The buyer's browser follows the payment link (epay's cashier page registers the order there). */
async function openPage(url: string | undefined): Promise<void> {
  const r = await fetch(url!);
  expect(r.status).toBe(200);
  await r.text();
}

async function newRecharge(amount = 1_050) {
  const u = await makeUser(t.db);
  const r = await createRechargeOrder(u.ctx, { amount });
  return { u, r };
}

describe("epay", () => {
  it("create -> cashier -> pay -> notify -> credited once: one ledger row, one notification, the recharge records method and trade number", async () => {
    const { u, r } = await newRecharge(1_050);
    const pay = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay", channel: "wxpay" }, opts());
    expect(pay).toMatchObject({ orderId: r.id, provider: "epay", status: "PENDING", amountMinor: 1_050 });
    const link = new URL(pay.payUrl!);
    expect(link.href.startsWith(`${epay.url}submit.php?`)).toBe(true);
    expect(link.searchParams.get("money")).toBe("10.50");
    expect(link.searchParams.get("type")).toBe("wxpay");
    expect(link.searchParams.get("name")).toBe(r.rechargeNo);
    expect(link.searchParams.get("return_url")).toBe(`${merchantUrl}/wallet/recharge/${r.id}?tradeNo=${pay.tradeNo}`);
    expect(await paymentOf(pay.tradeNo)).toMatchObject({ purpose: "RECHARGE", rechargeId: r.id, orderId: null, userId: u.id });
    expect(await getMyRecharge(u.ctx, r.id)).toMatchObject({ status: "PENDING", provider: "epay", tradeNo: pay.tradeNo });

    await openPage(pay.payUrl);
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true);
    expect(n.attempts.at(-1)).toMatchObject({ status: 200, reply: "success" });

    expect(await rechargeRow(r.id)).toMatchObject({ status: "CREDITED", creditedVia: "GATEWAY", provider: "epay", tradeNo: pay.tradeNo });
    expect(await balanceOf(t.db, u.id)).toBe(1_050);
    expect(await ledgerOf(u.id)).toMatchObject([{ kind: "RECHARGE", amountMinor: 1_050, balanceAfterMinor: 1_050, referenceType: "recharge", referenceId: r.id }]);
    expect(await paymentOf(pay.tradeNo)).toMatchObject({ status: "PAID", late: false });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.id))).toMatchObject([{ dedupeKey: `recharge:${r.id}`, link: "/wallet" }]);
    expect(await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "recharge.credited"), eq(auditLogs.targetId, r.id)))).toHaveLength(1);

    // The same notify again (the platform retrying): acknowledged, nothing more.
    const url = new URL(n.url);
    for (const [k, v] of Object.entries(n.params)) url.searchParams.set(k, v);
    const again = await fetch(url);
    expect(`${again.status} ${await again.text()}`).toBe("200 success");
    expect(await balanceOf(t.db, u.id)).toBe(1_050);
    // The page's poll, and an admin who comes too late.
    expect(await queryRechargeByTradeNo(u.ctx, pay.tradeNo)).toMatchObject({ tradeNo: pay.tradeNo, provider: "epay", paymentStatus: "PAID", recharge: { id: r.id, status: "CREDITED" } });
    await expect(confirmAdminWalletRecharge(admin.ctx, r.id)).rejects.toMatchObject({ reason: "recharge_not_pending" });
    await expect(cancelRechargeOrder(u.ctx, r.id)).rejects.toMatchObject({ reason: "recharge_not_pending" });
    expect(await balanceOf(t.db, u.id)).toBe(1_050);
  });

  it("asking for the same method again reuses the open attempt; another method opens a second, and paying one closes the other", async () => {
    const { u, r } = await newRecharge(2_000);
    const a = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, opts());
    const again = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, opts());
    expect(again.tradeNo).toBe(a.tradeNo);
    const b = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "alipay_f2f" }, opts());
    expect(b.tradeNo).not.toBe(a.tradeNo);
    expect(await getMyRecharge(u.ctx, r.id)).toMatchObject({ provider: "alipay_f2f", tradeNo: b.tradeNo, payments: [{ tradeNo: b.tradeNo }, { tradeNo: a.tradeNo }] });
    await openPage(a.payUrl);
    await (await epay.pay(a.tradeNo)).done;
    expect(await rechargeRow(r.id)).toMatchObject({ status: "CREDITED", provider: "epay", tradeNo: a.tradeNo });
    expect((await paymentOf(b.tradeNo)).status).toBe("CLOSED");
    expect(await balanceOf(t.db, u.id)).toBe(2_000);
  });

  it("one notify delivered 20 times at once by two app instances credits once", async () => {
    const { u, r } = await newRecharge(3_300);
    const pay = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, unreachable);
    // Take the exact signed notify the platform sends (it cannot reach us), then deliver it 20 times.
    epay.setNotifyRetryDelays([]);
    try {
      await openPage(pay.payUrl);
      const n = await epay.pay(pay.tradeNo);
      await n.done;
      expect(n.delivered).toBe(false);
      expect(await rechargeRow(r.id)).toMatchObject({ status: "PENDING" });
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => handlePaymentNotify(i % 2 ? second.db : t.db, "epay", n.params)));
      expect(replies.every((x) => x.status === 200 && x.body === "success")).toBe(true);
    } finally {
      epay.setNotifyRetryDelays([20, 20]);
    }
    expect(await balanceOf(t.db, u.id)).toBe(3_300);
    expect(await ledgerOf(u.id)).toHaveLength(1);
    expect((await t.db.select().from(payments).where(eq(payments.rechargeId, r.id))).filter((p) => p.status === "PAID")).toHaveLength(1);
    expect(await rechargeRow(r.id)).toMatchObject({ status: "CREDITED", creditedVia: "GATEWAY" });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.id))).toHaveLength(1);
  });

  it("a lost callback is found by the trade-number query, and credited once", async () => {
    const { u, r } = await newRecharge(1_200);
    const pay = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, unreachable);
    epay.setNotifyRetryDelays([]);
    try {
      await openPage(pay.payUrl);
      await (await epay.pay(pay.tradeNo)).done;
    } finally {
      epay.setNotifyRetryDelays([20, 20]);
    }
    // Just created: the throttle holds the provider question back.
    expect(await queryRechargeByTradeNo(u.ctx, pay.tradeNo)).toMatchObject({ paymentStatus: "PENDING", recharge: { status: "PENDING" } });
    await t.db.update(payments).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(payments.tradeNo, pay.tradeNo));
    expect(await queryRechargeByTradeNo(u.ctx, pay.tradeNo)).toMatchObject({ paymentStatus: "PAID", recharge: { status: "CREDITED" } });
    await t.db.update(payments).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(payments.tradeNo, pay.tradeNo));
    await queryRechargeByTradeNo(u.ctx, pay.tradeNo);
    expect(await balanceOf(t.db, u.id)).toBe(1_200);
    expect(await ledgerOf(u.id)).toHaveLength(1);
  });

  it("money for a cancelled recharge is credited as a late payment and flagged; the recharge stays cancelled", async () => {
    const { u, r } = await newRecharge(1_500);
    const pay = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, opts());
    await cancelRechargeOrder(u.ctx, r.id);
    expect((await paymentOf(pay.tradeNo)).status).toBe("CLOSED");
    await openPage(pay.payUrl);
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true); // acknowledged: we have the money
    expect(await rechargeRow(r.id)).toMatchObject({ status: "CANCELLED", cancelReason: "user" });
    expect(await paymentOf(pay.tradeNo)).toMatchObject({ status: "PAID", late: true });
    expect(await balanceOf(t.db, u.id)).toBe(1_500);
    expect(await ledgerOf(u.id)).toMatchObject([{ kind: "LATE_PAYMENT", amountMinor: 1_500, referenceType: "payment" }]);
    const flagged = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "recharge.late_payment"), eq(auditLogs.targetId, r.id)));
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.metadata).toMatchObject({ tradeNo: pay.tradeNo, rechargeStatus: "CANCELLED" });
    // Delivered again: still once.
    const url = new URL(n.url);
    for (const [k, v] of Object.entries(n.params)) url.searchParams.set(k, v);
    await (await fetch(url)).text();
    expect(await balanceOf(t.db, u.id)).toBe(1_500);
  });

  it("money for a deleted recharge finds its payment and is credited as late too", async () => {
    const { u, r } = await newRecharge(1_700);
    const pay = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, opts());
    await deleteAdminWalletRecharge(admin.ctx, r.id);
    await openPage(pay.payUrl);
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true);
    expect(await rechargeRow(r.id)).toBeUndefined();
    expect(await paymentOf(pay.tradeNo)).toMatchObject({ status: "PAID", late: true, rechargeId: r.id });
    expect(await balanceOf(t.db, u.id)).toBe(1_700);
    expect(await ledgerOf(u.id)).toMatchObject([{ kind: "LATE_PAYMENT", amountMinor: 1_700 }]);
  });
});

describe("Alipay face-to-face", () => {
  it("precreate -> scan and pay -> signed notify -> credited once; a tampered notify changes nothing", async () => {
    const { u, r } = await newRecharge(2_500);
    const pay = await createRechargePayment(u.ctx, { rechargeId: r.id, provider: "alipay_f2f" }, opts());
    expect(pay.qrCode).toBe(`${alipay.url}qr/${pay.tradeNo}`);
    expect(alipay.trades().find((x) => x.outTradeNo === pay.tradeNo)).toMatchObject({ totalAmount: "25.00", subject: r.rechargeNo });

    alipay.setTamper({ totalAmount: "0.01" });
    try {
      const bad = await alipay.pay(pay.tradeNo);
      await bad.done;
      expect(bad.delivered).toBe(false);
    } finally {
      alipay.setTamper(null);
    }
    expect(await rechargeRow(r.id)).toMatchObject({ status: "PENDING" });
    expect(await balanceOf(t.db, u.id)).toBe(0);

    await openPage(pay.qrCode); // opening the page is the scan
    const n = await alipay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true);
    expect(await rechargeRow(r.id)).toMatchObject({ status: "CREDITED", creditedVia: "GATEWAY", provider: "alipay_f2f", tradeNo: pay.tradeNo });
    expect(await balanceOf(t.db, u.id)).toBe(2_500);
    expect(await ledgerOf(u.id)).toMatchObject([{ kind: "RECHARGE", amountMinor: 2_500 }]);
    // Alipay's own retry of the same notify: once.
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => handlePaymentNotify(i % 2 ? second.db : t.db, "alipay_f2f", n.params)));
    expect(replies.every((x) => x.body === "success")).toBe(true);
    expect(await balanceOf(t.db, u.id)).toBe(2_500);
    expect(await queryRechargeByTradeNo(u.ctx, pay.tradeNo)).toMatchObject({ paymentStatus: "PAID", recharge: { status: "CREDITED" } });
  });
});
