// Split payment (issue 23 item 3): part of an order held from the balance when the gateway attempt is
// made, the rest through the gateway. The hold is captured when the gateway's payment settles the
// order, released exactly once when the order is cancelled or expires; a gateway payment that
// arrives after the release is recorded, flagged and credited to the balance, and the admin's
// confirmation of such an order takes that money (and the balance part) back instead of giving the
// plan away. On PostgreSQL the expiry job and the notify race on separate connections.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as notifyGet, POST as notifyPost } from "../../src/app/api/payment/notify/[provider]/route";
import { installDb } from "../../src/server/db/client";
import { auditLogs, orders, payments, subscriptions, walletHolds, walletTransactions } from "../../src/server/db/schema";
import { buyNow, cancelMyOrder, cancelOrder, confirmOrder, expireDueOrders } from "../../src/server/services/orders";
import { createPayment } from "../../src/server/services/payments";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { balanceOf, moveBalance } from "../../src/server/services/wallet";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { secondInstanceForFile } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

const shop = openShop();
walletEditionForFile(() => shop.db);
const second = secondInstanceForFile(shop);
let epay: EpaySimulator;
let merchant: Server;
let merchantUrl: string;

/** Our notify route behind a plain HTTP server, as the gateway reaches it. */
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
  installDb(shop.raw);
  await startMerchant();
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [20, 20] });
  await updatePaymentProviderConfig(shop.admin.ctx, "epay", { enabled: true, gatewayUrl: epay.url, pid: epay.merchants[0]!.pid, key: epay.merchants[0]!.key, channels: ["alipay", "wxpay"] });
});
afterAll(async () => {
  await Promise.all([epay?.close(), new Promise((r) => merchant?.close(r))]);
});

const opts = () => ({ baseUrl: merchantUrl, clientIp: "203.0.113.7" });
async function fund(userId: string, amountMinor: number): Promise<void> {
  await shop.db.transaction((tx) => moveBalance(tx, { userId, kind: "ADMIN_CREDIT", amountMinor, now: new Date() }));
}
const ledger = (userId: string) => shop.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)).orderBy(walletTransactions.id);
const moves = async (userId: string) => (await ledger(userId)).map((r) => [r.kind, r.amountMinor] as const);
const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const holdsOf = (orderId: string) => shop.db.select().from(walletHolds).where(eq(walletHolds.orderId, orderId)).orderBy(walletHolds.createdAt);
const paymentRow = async (tradeNo: string) => (await shop.db.select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!;

async function splitOrder(price = 1000, balance = 1000, part = 300) {
  const plan = await proxyPlan(shop, { priceMinor: price });
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  if (balance) await fund(u.id, balance);
  const pay = part ? await createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: part }, opts()) : undefined;
  return { u, order, plan, pay: pay! };
}

describe("split payment: hold and capture", () => {
  it("holds the balance part, asks the gateway for the rest, and the gateway's notify captures the hold (no money moves)", async () => {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    expect(pay.amountMinor).toBe(700);
    expect(new URL(pay.payUrl!).searchParams.get("money")).toBe("7.00");
    expect(await balanceOf(shop.db, u.id)).toBe(700);
    expect((await orderRow(order.id)).balancePaidMinor).toBe(300);
    const [hold] = await holdsOf(order.id);
    expect(hold).toMatchObject({ status: "HELD", amountMinor: 300, userId: u.id });
    expect((await ledger(u.id)).at(-1)).toMatchObject({ kind: "HOLD", amountMinor: -300, idempotencyKey: `hold:${hold!.id}`, referenceType: "order", referenceId: order.id });

    const cashier = await fetch(pay.payUrl!);
    expect(cashier.status).toBe(200);
    await cashier.text();
    const n = await epay.pay(pay.tradeNo);
    await n.done;
    expect(n.delivered).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ status: "PAID", paidVia: "GATEWAY", provider: "epay", balancePaidMinor: 300 });
    expect((await holdsOf(order.id)).map((h) => h.status)).toEqual(["CAPTURED"]);
    expect(await balanceOf(shop.db, u.id)).toBe(700);
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300]]);
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(sub!.status).toBe("ACTIVE");
    await drainTasks(shop.db);
  });

  it("the same split asked again reuses the hold and the attempt", async () => {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    const again = await createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: 300 }, opts());
    expect(again.tradeNo).toBe(pay.tradeNo);
    expect(await holdsOf(order.id)).toHaveLength(1);
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300]]);
  });

  it("a new split amount releases the old hold and closes the old attempt; paying all through the gateway drops the hold", async () => {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    const second400 = await createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: 400 }, opts());
    expect(second400.amountMinor).toBe(600);
    expect((await paymentRow(pay.tradeNo)).status).toBe("CLOSED");
    expect(await balanceOf(shop.db, u.id)).toBe(600);
    const whole = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts());
    expect(whole.amountMinor).toBe(1000);
    expect((await paymentRow(second400.tradeNo)).status).toBe("CLOSED");
    expect(await balanceOf(shop.db, u.id)).toBe(1000);
    expect((await orderRow(order.id)).balancePaidMinor).toBe(0);
    expect((await holdsOf(order.id)).map((h) => [h.status, h.amountMinor])).toEqual([["RELEASED", 300], ["RELEASED", 400]]);
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300], ["HOLD_RELEASE", 300], ["HOLD", -400], ["HOLD_RELEASE", 400]]);
  });

  it.each([0, 1000, 1500])("a balance part of %i (not between 0 and the total) is split_amount_invalid and changes nothing", async (part) => {
    const { u, order } = await splitOrder(1000, 2000, 0);
    await expect(createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: part }, opts())).rejects.toMatchObject({ code: "VALIDATION", reason: "split_amount_invalid", details: { max: "9.99" } });
    expect(await holdsOf(order.id)).toEqual([]);
    expect(await shop.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect(await balanceOf(shop.db, u.id)).toBe(2000);
  });

  it("a balance short of the part is insufficient_balance: no hold, no attempt", async () => {
    const { u, order } = await splitOrder(1000, 200, 0);
    await expect(createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: 300 }, opts())).rejects.toMatchObject({ reason: "insufficient_balance" });
    expect(await holdsOf(order.id)).toEqual([]);
    expect(await shop.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: "PENDING", balancePaidMinor: 0 });
    expect(await balanceOf(shop.db, u.id)).toBe(200);
  });
});

describe("split payment: release", () => {
  it("a cancel releases the hold exactly once", async () => {
    const { u, order } = await splitOrder(1000, 1000, 300);
    await cancelMyOrder(u.ctx, order.id);
    await expect(cancelMyOrder(u.ctx, order.id)).rejects.toMatchObject({ reason: "order_not_pending" });
    await expect(cancelOrder(shop.admin.ctx, order.id)).rejects.toMatchObject({ reason: "order_not_pending" });
    expect(await balanceOf(shop.db, u.id)).toBe(1000);
    const [hold] = await holdsOf(order.id);
    expect(hold!.status).toBe("RELEASED");
    expect((await ledger(u.id)).at(-1)).toMatchObject({ kind: "HOLD_RELEASE", amountMinor: 300, idempotencyKey: `hold-release:${hold!.id}`, note: "order cancelled" });
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300], ["HOLD_RELEASE", 300]]);
  });

  it("the expiry job run by two instances at once releases the hold exactly once", async () => {
    const { u, order } = await splitOrder(1000, 1000, 300);
    const later = new Date(order.expiresAt.getTime() + 1000);
    await Promise.all([expireDueOrders(shop.db, later), expireDueOrders(second.db, later)]);
    expect((await orderRow(order.id)).status).toBe("EXPIRED");
    expect((await holdsOf(order.id)).map((h) => h.status)).toEqual(["RELEASED"]);
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300], ["HOLD_RELEASE", 300]]);
    expect((await ledger(u.id)).at(-1)!.note).toBe("order expired");
    expect(await balanceOf(shop.db, u.id)).toBe(1000);
  });
});

describe("gateway money that does not match the split", () => {
  it("an older attempt for a larger gateway part, paid after the split changed: the hold shrinks to what is left and is captured", async () => {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    await createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: 400 }, opts());
    const r = await recordVerifiedPayment(shop.db, { tradeNo: pay.tradeNo, amountMinor: 700, evidence: {}, now: new Date() });
    expect(r.kind).toBe("settled");
    expect(await orderRow(order.id)).toMatchObject({ status: "PAID", balancePaidMinor: 300 });
    expect(await balanceOf(shop.db, u.id)).toBe(700);
    expect((await holdsOf(order.id)).map((h) => [h.status, h.amountMinor])).toEqual([["RELEASED", 300], ["RELEASED", 400], ["CAPTURED", 300]]);
  });

  it("an attempt that no longer covers the order settles nothing: recorded, flagged and credited to the balance", async () => {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    const whole = await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts()); // the hold goes back
    const r = await recordVerifiedPayment(shop.db, { tradeNo: pay.tradeNo, amountMinor: 700, evidence: {}, now: new Date() });
    expect(r).toMatchObject({ kind: "late", orderStatus: "PENDING" });
    const o = await orderRow(order.id);
    expect(o).toMatchObject({ status: "PENDING", reviewStatus: "FLAGGED" });
    expect(o.reviewNote).toContain("does not cover the order");
    expect(o.reviewNote).toContain("7.00 credited to the balance");
    expect(await balanceOf(shop.db, u.id)).toBe(1700);
    // The full attempt still pays the order.
    expect((await recordVerifiedPayment(shop.db, { tradeNo: whole.tradeNo, amountMinor: 1000, evidence: {}, now: new Date() })).kind).toBe("settled");
    expect((await orderRow(order.id)).status).toBe("PAID");
    expect(await balanceOf(shop.db, u.id)).toBe(1700);
  });

  it("the admin's confirm of that still-pending order takes back the money credited for it (no plan for free)", async () => {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    await createPayment(u.ctx, { orderId: order.id, provider: "epay" }, opts()); // the hold goes back
    expect((await recordVerifiedPayment(shop.db, { tradeNo: pay.tradeNo, amountMinor: 700, evidence: {}, now: new Date() })).kind).toBe("late");
    expect(await balanceOf(shop.db, u.id)).toBe(1700);
    const confirmed = await confirmOrder(shop.admin.ctx, order.id);
    expect(confirmed).toMatchObject({ status: "PAID", paidVia: "ADMIN" });
    expect(await balanceOf(shop.db, u.id)).toBe(1000);
    expect((await moves(u.id)).slice(-2)).toEqual([["LATE_PAYMENT", 700], ["ORDER_PAYMENT", -700]]);
    expect((await ledger(u.id)).at(-1)).toMatchObject({ idempotencyKey: `late-confirm:${order.id}`, actorId: shop.admin.id });
  });

  it("a confirm with no credited money moves no balance", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    await fund(u.id, 50);
    await confirmOrder(shop.admin.ctx, order.id);
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 50]]);
  });
});

describe("gateway money after the release", () => {
  async function expiredThenPaid() {
    const { u, order, pay } = await splitOrder(1000, 1000, 300);
    const later = new Date(order.expiresAt.getTime() + 1000);
    await expireDueOrders(shop.db, later);
    const r = await recordVerifiedPayment(shop.db, { tradeNo: pay.tradeNo, amountMinor: 700, evidence: {}, now: later });
    return { u, order, pay, r };
  }

  it("is recorded, flagged and credited to the balance once; the held part came back once", async () => {
    const { u, order, pay, r } = await expiredThenPaid();
    expect(r).toMatchObject({ kind: "late", orderStatus: "EXPIRED" });
    const p = await paymentRow(pay.tradeNo);
    expect(p).toMatchObject({ status: "PAID", late: true });
    const o = await orderRow(order.id);
    expect(o).toMatchObject({ status: "EXPIRED", reviewStatus: "FLAGGED" });
    expect(o.reviewNote).toBe(`payment ${pay.tradeNo} (epay) arrived while the order was EXPIRED; 7.00 credited to the balance`);
    expect(await balanceOf(shop.db, u.id)).toBe(1700);
    expect((await ledger(u.id)).at(-1)).toMatchObject({ kind: "LATE_PAYMENT", amountMinor: 700, referenceType: "payment", referenceId: p.id, idempotencyKey: `late:${p.id}` });
    // The same notify again: a duplicate, nothing more.
    expect((await recordVerifiedPayment(shop.db, { tradeNo: pay.tradeNo, amountMinor: 700, evidence: {}, now: new Date() })).kind).toBe("duplicate");
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300], ["HOLD_RELEASE", 300], ["LATE_PAYMENT", 700]]);
    const audit = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "payment.late"), eq(auditLogs.targetId, order.id)));
    expect(audit[0]!.metadata).toMatchObject({ creditedMinor: 700, orderStatus: "EXPIRED" });
  });

  it("the admin's confirm takes the late money and the balance part back, then provisions", async () => {
    const { u, order } = await expiredThenPaid();
    const confirmed = await confirmOrder(shop.admin.ctx, order.id);
    expect(confirmed).toMatchObject({ status: "PAID", paidVia: "ADMIN", balancePaidMinor: 300 });
    expect(await balanceOf(shop.db, u.id)).toBe(700);
    expect(await moves(u.id)).toEqual([["ADMIN_CREDIT", 1000], ["HOLD", -300], ["HOLD_RELEASE", 300], ["LATE_PAYMENT", 700], ["ORDER_PAYMENT", -700], ["HOLD", -300]]);
    expect((await ledger(u.id)).at(-2)).toMatchObject({ idempotencyKey: `late-confirm:${order.id}`, actorId: shop.admin.id });
    expect((await holdsOf(order.id)).map((h) => h.status)).toEqual(["RELEASED", "CAPTURED"]);
    expect((await orderRow(order.id)).reviewStatus).toBe("RESOLVED");
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(1);
  });

  it("the admin's confirm is refused with insufficient_balance when the buyer spent that money, and changes nothing", async () => {
    const { u, order } = await expiredThenPaid();
    await shop.db.transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: -1200, now: new Date() }));
    await expect(confirmOrder(shop.admin.ctx, order.id)).rejects.toMatchObject({ reason: "insufficient_balance" });
    expect(await orderRow(order.id)).toMatchObject({ status: "EXPIRED", reviewStatus: "FLAGGED" });
    expect(await balanceOf(shop.db, u.id)).toBe(500);
    expect((await holdsOf(order.id)).map((h) => h.status)).toEqual(["RELEASED"]);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(0);
  });

  it("the expiry job racing the gateway's notify, 20 rounds: paid with the hold captured, or expired with the hold released once and the gateway amount credited", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const u = await buyer(shop);
    await fund(u.id, 300);
    const seen = { settled: 0, late: 0 };
    for (let round = 0; round < 20; round++) {
      const start = await balanceOf(shop.db, u.id);
      const order = await buyNow(u.ctx, { planId: plan.id });
      const pay = await createPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: 300 }, opts());
      const later = new Date(order.expiresAt.getTime() + 1000);
      const [dbA, dbB] = round % 2 ? [shop.db, second.db] : [second.db, shop.db];
      const [, r] = await Promise.all([expireDueOrders(dbA, later), recordVerifiedPayment(dbB, { tradeNo: pay.tradeNo, amountMinor: 700, evidence: {}, now: later })]);
      const o = await orderRow(order.id);
      const holds = await holdsOf(order.id);
      const mine = (await ledger(u.id)).filter((m) => m.referenceId === order.id);
      const late = (await ledger(u.id)).filter((m) => m.kind === "LATE_PAYMENT" && m.note?.includes(pay.tradeNo));
      expect((await paymentRow(pay.tradeNo)).status).toBe("PAID");
      if (r.kind === "settled") {
        seen.settled++;
        expect(o.status).toBe("PAID");
        expect(holds.map((h) => h.status)).toEqual(["CAPTURED"]);
        expect(mine.map((m) => m.kind)).toEqual(["HOLD"]);
        expect(late).toEqual([]);
        expect(await balanceOf(shop.db, u.id)).toBe(start - 300);
        await fund(u.id, 300);
      } else {
        seen.late++;
        expect(r).toMatchObject({ kind: "late", orderStatus: "EXPIRED" });
        expect(o).toMatchObject({ status: "EXPIRED", reviewStatus: "FLAGGED" });
        expect(holds.map((h) => h.status)).toEqual(["RELEASED"]);
        expect(mine.map((m) => m.kind)).toEqual(["HOLD", "HOLD_RELEASE"]);
        expect(late.map((m) => m.amountMinor)).toEqual([700]);
        expect(await balanceOf(shop.db, u.id)).toBe(start + 700);
        expect((await paymentRow(pay.tradeNo)).late).toBe(true);
      }
    }
    expect(seen.settled + seen.late).toBe(20);
  }, 240_000);
});
