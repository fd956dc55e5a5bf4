// Orders to refund: paid by an admin's confirmation, or through the epay / Alipay simulators over
// real sockets (create the attempt, pay it at the simulator, have the payments service ask the
// gateway), plus readers for what a refund must leave behind.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../src/server/db/client";
import { notifications, orders, payments, refunds, walletTransactions } from "../../src/server/db/schema";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { askProvider, createPayment } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { moveBalance } from "../../src/server/services/wallet";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { buyer, drainTasks, proxyPlan, type Shop } from "../commerce/fixtures";

/** Notifies go to a closed port: orders are settled by asking the gateway (the active query). */
const NOWHERE = "http://127.0.0.1:9";

export interface Gateways {
  readonly epay: EpaySimulator;
  readonly alipay: AlipaySimulator;
}

/** Both simulators for the file, configured as this shop's gateways. */
export function gatewaysForFile(shop: Shop): Gateways {
  let epay: EpaySimulator | undefined;
  let alipay: AlipaySimulator | undefined;
  beforeAll(async () => {
    [epay, alipay] = await Promise.all([startEpaySimulator({ notifyRetryDelaysMs: [] }), startAlipaySimulator({ notifyRetryDelaysMs: [] })]);
    const admin = shop.admin.ctx;
    await updatePaymentProviderConfig(admin, "epay", { enabled: true, gatewayUrl: epay.url, pid: epay.merchants[0]!.pid, key: epay.merchants[0]!.key, channels: ["alipay", "wxpay"] });
    await updatePaymentProviderConfig(admin, "alipay_f2f", { enabled: true, gatewayUrl: alipay.gatewayUrl, appId: alipay.appId, privateKey: alipay.appPrivateKey, alipayPublicKey: alipay.alipayPublicKey });
  });
  afterAll(async () => {
    await Promise.all([epay?.close(), alipay?.close()]);
  });
  return {
    get epay() {
      return epay!;
    },
    get alipay() {
      return alipay!;
    },
  };
}

export async function newOrder(shop: Shop, over: { priceMinor?: number } = {}) {
  const plan = await proxyPlan(shop, { priceMinor: over.priceMinor ?? 1050 });
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  return { u, order, plan };
}

/** An order confirmed by hand (paidVia ADMIN): no gateway payment to refund through. */
export async function paidByAdmin(shop: Shop, over: { priceMinor?: number } = {}) {
  const o = await newOrder(shop, over);
  await confirmOrder(shop.admin.ctx, o.order.id);
  await drainTasks(shop.db);
  return o;
}

/** An order paid through a simulator: the attempt is created, paid at the gateway, and found by asking it. */
export async function paidThrough(shop: Shop, gw: Gateways, provider: "epay" | "alipay_f2f", over: { priceMinor?: number; balanceMinor?: number } = {}) {
  const o = await newOrder(shop, over);
  // [wallet] A split payment: the balance part is credited to the buyer first, then held by the attempt.
  if (over.balanceMinor) await shop.db.transaction((tx) => moveBalance(tx, { userId: o.u.id, kind: "ADMIN_CREDIT", amountMinor: over.balanceMinor!, now: new Date() }));
  const view = await createPayment(o.u.ctx, { orderId: o.order.id, provider, ...(over.balanceMinor ? { balanceMinor: over.balanceMinor } : {}) }, { baseUrl: NOWHERE, clientIp: "203.0.113.7" });
  if (provider === "epay") {
    await (await fetch(view.payUrl!)).text(); // the buyer's browser opens the cashier (the order exists there)
    await gw.epay.pay(view.tradeNo);
  } else {
    await gw.alipay.pay(view.tradeNo);
  }
  const [payment] = await shop.db.select().from(payments).where(eq(payments.tradeNo, view.tradeNo));
  const asked = await askProvider(o.u.ctx, payment!, new Date(), { throttle: false });
  if (asked !== "recorded") throw new Error(`the ${provider} payment was not recorded (${asked})`);
  await drainTasks(shop.db);
  const [paid] = await shop.db.select().from(payments).where(eq(payments.tradeNo, view.tradeNo));
  return { ...o, payment: paid! };
}

export const orderOf = async (db: Db, id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
export const refundOf = async (db: Db, orderId: string) => (await db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
export const paymentOf = async (db: Db, id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
export const refundNotices = (db: Db, userId: string) =>
  db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "ORDER"))).orderBy(desc(notifications.createdAt));
export const ledgerOf = (db: Db, userId: string) => db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId));
