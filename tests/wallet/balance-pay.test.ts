// Paying an order from the balance (issue 23 item 3): one transaction debits the total and settles
// the order through the settleOrder door, so it provisions like a gateway payment; a short balance
// changes nothing; two payments racing for one balance pay once; and the Xboard #1021 shape (a user's
// cancel and a balance payment of the same order at the same moment) never refunds or debits twice.
// On PostgreSQL the racers run on separate connections (half through a second pool).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, nodeClients, orders, payments, subscriptions, walletHolds, walletTransactions } from "../../src/server/db/schema";
import { buyNow, cancelMyOrder } from "../../src/server/services/orders";
import { createOrderPayment, listPaymentMethods } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { balanceOf, moveBalance, payOrderFromBalance } from "../../src/server/services/wallet";
import { withEnv } from "../helpers/env";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

const shop = openShop();
walletEditionForFile(() => shop.db);
const second = secondInstanceForFile(shop);
const { on } = second;
const opts = { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" };

async function fund(userId: string, amountMinor: number): Promise<void> {
  await shop.db.transaction((tx) => moveBalance(tx, { userId, kind: "ADMIN_CREDIT", amountMinor, now: new Date() }));
}
const ledger = (userId: string) => shop.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)).orderBy(walletTransactions.id);
const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function newOrder(price = 1000) {
  const plan = await proxyPlan(shop, { priceMinor: price });
  const u = await buyer(shop);
  const order = await buyNow(u.ctx, { planId: plan.id });
  return { u, order, plan };
}

describe("GET /api/payment/providers (wallet edition)", () => {
  it("lists balance with the caller's balance after the gateways, and target=wallet leaves it out", async () => {
    await updatePaymentProviderConfig(shop.admin.ctx, "epay", { enabled: true, gatewayUrl: "http://127.0.0.1:9/", pid: "1001", key: "k".repeat(32), channels: ["alipay"] });
    const u = await buyer(shop);
    await fund(u.id, 1234);
    const all = await listPaymentMethods(u.ctx);
    expect(all.map((m) => m.provider)).toEqual(["epay", "balance"]);
    expect(all[0]).toEqual({ provider: "epay", displayName: expect.any(String) });
    expect(all.at(-1)).toEqual({ provider: "balance", displayName: "Balance", balanceMinor: 1234 });
    expect((await listPaymentMethods(u.ctx, { target: "wallet" })).map((m) => m.provider)).toEqual(["epay"]);
  });
});

describe("paying an order from the balance", () => {
  it("debits the total and settles in one go: PAID via BALANCE, provisioned on the panel, one ledger row", async () => {
    const { u, order } = await newOrder(1050);
    await fund(u.id, 2000);
    const view = await createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, opts);
    expect(view).toMatchObject({ orderId: order.id, provider: "balance", status: "PAID", amountMinor: 1050, balanceMinor: 950 });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: "PAID", paidVia: "BALANCE", provider: "balance", balancePaidMinor: 1050 });
    expect(await balanceOf(shop.db, u.id)).toBe(950);
    const rows = await ledger(u.id);
    expect(rows.map((r) => [r.kind, r.amountMinor, r.balanceAfterMinor, r.idempotencyKey])).toEqual([
      ["ADMIN_CREDIT", 2000, 2000, null],
      ["ORDER_PAYMENT", -1050, 950, `order-pay:${order.id}`],
    ]);
    expect(rows[1]).toMatchObject({ referenceType: "order", referenceId: order.id, actorId: u.id });
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(sub!.status).toBe("ACTIVE");
    await drainTasks(shop.db);
    const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id));
    expect(clients).toHaveLength(2);
    for (const c of clients) expect(shop.sim.state.findClientByEmail(c.email)?.client).toMatchObject({ totalGB: 10 * 1024 ** 3, expiryTime: sub!.expiresAt.getTime() });
    const audit = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "order.paid"), eq(auditLogs.targetId, order.id)));
    expect(audit).toHaveLength(1);
    // Paid is paid: a second attempt changes nothing.
    await expect(createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, opts)).rejects.toMatchObject({ reason: "order_not_pending" });
    expect(await balanceOf(shop.db, u.id)).toBe(950);
  });

  it("a balance short of the total is insufficient_balance and changes nothing", async () => {
    const { u, order } = await newOrder(1000);
    await fund(u.id, 999);
    await expect(createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, opts)).rejects.toMatchObject({ code: "CONFLICT", reason: "insufficient_balance", details: { balance: "9.99" } });
    expect(await orderRow(order.id)).toMatchObject({ status: "PENDING", paidVia: null, balancePaidMinor: 0 });
    expect(await balanceOf(shop.db, u.id)).toBe(999);
    expect(await ledger(u.id)).toHaveLength(1);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(0);
  });

  it("a user without any wallet account is refused the same way", async () => {
    const { u, order } = await newOrder(500);
    await expect(createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, opts)).rejects.toMatchObject({ reason: "insufficient_balance" });
    expect((await orderRow(order.id)).status).toBe("PENDING");
  });

  it("someone else's order is not found; an expired one is not pending", async () => {
    const { u, order } = await newOrder(500);
    const other = await buyer(shop);
    await fund(other.id, 5000);
    await expect(createOrderPayment(other.ctx, { orderId: order.id, provider: "balance" }, opts)).rejects.toMatchObject({ reason: "order_not_found" });
    await fund(u.id, 500);
    const late = { ...u.ctx, now: () => new Date(order.expiresAt.getTime() + 1000) };
    await expect(createOrderPayment(late, { orderId: order.id, provider: "balance" }, opts)).rejects.toMatchObject({ reason: "order_not_pending" });
    expect(await balanceOf(shop.db, u.id)).toBe(500);
    expect(await balanceOf(shop.db, other.id)).toBe(5000);
  });

  it("paying the whole order while a split hold exists releases the hold first, in the same transaction", async () => {
    const { u, order } = await newOrder(1000);
    await fund(u.id, 1000);
    await createOrderPayment(u.ctx, { orderId: order.id, provider: "epay", balanceMinor: 400 }, opts);
    expect(await balanceOf(shop.db, u.id)).toBe(600);
    await createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, opts);
    expect(await balanceOf(shop.db, u.id)).toBe(0);
    expect((await ledger(u.id)).map((r) => [r.kind, r.amountMinor, r.balanceAfterMinor])).toEqual([
      ["ADMIN_CREDIT", 1000, 1000],
      ["HOLD", -400, 600],
      ["HOLD_RELEASE", 400, 1000],
      ["ORDER_PAYMENT", -1000, 0],
    ]);
    const holds = await shop.db.select().from(walletHolds).where(eq(walletHolds.orderId, order.id));
    expect(holds.map((h) => h.status)).toEqual(["RELEASED"]);
    expect(await orderRow(order.id)).toMatchObject({ status: "PAID", provider: "balance", balancePaidMinor: 1000 });
    // The gateway attempt for the rest is closed: paid anyway, it is late money, not a second settlement.
    expect((await shop.db.select().from(payments).where(eq(payments.orderId, order.id))).map((p) => p.status)).toEqual(["CLOSED"]);
  });
});

describe("racing for one balance", () => {
  it("two orders, a balance for one, both paid at the same moment: exactly one succeeds", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 800 });
    const another = await proxyPlan(shop, { priceMinor: 800 });
    const u = await buyer(shop);
    // Two plans: buying the same one twice would bring back the first order (issue 24 item 2).
    const a = await buyNow(u.ctx, { planId: plan.id });
    const b = await buyNow(u.ctx, { planId: another.id });
    await fund(u.id, 1200);
    const rs = settledReasons(await Promise.allSettled([a, b].map((o, i) => createOrderPayment(on(i, u.ctx), { orderId: o.id, provider: "balance" }, opts))));
    expect(rs.sort()).toEqual(["insufficient_balance", "ok"]);
    expect(await balanceOf(shop.db, u.id)).toBe(400);
    const statuses = [(await orderRow(a.id)).status, (await orderRow(b.id)).status].sort();
    expect(statuses).toEqual(["PAID", "PENDING"]);
    expect((await ledger(u.id)).filter((r) => r.kind === "ORDER_PAYMENT")).toHaveLength(1);
  });

  it("one order paid from the balance 10 times at once: one debit", async () => {
    const { u, order } = await newOrder(300);
    await fund(u.id, 3000);
    const rs = settledReasons(await Promise.allSettled(Array.from({ length: 10 }, (_, i) => createOrderPayment(on(i, u.ctx), { orderId: order.id, provider: "balance" }, opts))));
    expect(rs.filter((r) => r === "ok")).toHaveLength(1);
    expect(rs.filter((r) => r !== "ok").every((r) => r === "order_not_pending")).toBe(true);
    expect(await balanceOf(shop.db, u.id)).toBe(2700);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(1);
  });
});

describe("cancel racing payment (the Xboard #1021 shape)", () => {
  it("a cancel and a balance payment of the same order at the same moment, 20 rounds: one of them wins, the balance moves once or not at all", async () => {
    const plan = await proxyPlan(shop, { priceMinor: 700 });
    const u = await buyer(shop);
    await fund(u.id, 700);
    const won = { paid: 0, cancelled: 0 };
    for (let round = 0; round < 20; round++) {
      const start = await balanceOf(shop.db, u.id);
      const order = await buyNow(u.ctx, { planId: plan.id });
      const racers = [() => cancelMyOrder(on(round, u.ctx), order.id), () => createOrderPayment(on(round + 1, u.ctx), { orderId: order.id, provider: "balance" }, opts)];
      const rs = settledReasons(await Promise.allSettled((round % 2 ? racers.reverse() : racers).map((f) => f())));
      expect(rs.filter((r) => r === "ok"), `round ${round}: ${rs.join(", ")}`).toHaveLength(1);
      expect(rs.filter((r) => r !== "ok").every((r) => r === "order_not_pending")).toBe(true);
      const after = await orderRow(order.id);
      const moves = (await ledger(u.id)).filter((r) => r.referenceId === order.id);
      if (after.status === "PAID") {
        won.paid++;
        expect(await balanceOf(shop.db, u.id)).toBe(start - 700);
        expect(moves.map((m) => [m.kind, m.amountMinor])).toEqual([["ORDER_PAYMENT", -700]]);
        await fund(u.id, 700); // next round starts with enough again
      } else {
        won.cancelled++;
        expect(after.status).toBe("CANCELLED");
        expect(await balanceOf(shop.db, u.id)).toBe(start);
        expect(moves).toEqual([]);
      }
      // Never above what it started with minus what was paid; never a credit from this order.
      expect(moves.every((m) => m.amountMinor < 0)).toBe(true);
    }
    expect(won.paid + won.cancelled).toBe(20);
    // Every credit on the account is a funding of ours: nothing was refunded or credited by the races.
    const credits = (await ledger(u.id)).filter((r) => r.amountMinor > 0);
    expect(credits.every((r) => r.kind === "ADMIN_CREDIT")).toBe(true);
    expect(credits).toHaveLength(1 + won.paid);
  }, 120_000);

  it("a cancel and a split payment's hold of the same order at the same moment, 20 rounds: the held part comes back exactly once or is never taken", async () => {
    await updatePaymentProviderConfig(shop.admin.ctx, "epay", { enabled: true, gatewayUrl: "http://127.0.0.1:9/", pid: "1001", key: "k".repeat(32), channels: ["alipay"] });
    const plan = await proxyPlan(shop, { priceMinor: 900 });
    const u = await buyer(shop);
    await fund(u.id, 500);
    for (let round = 0; round < 20; round++) {
      const order = await buyNow(u.ctx, { planId: plan.id });
      const racers = [() => cancelMyOrder(on(round, u.ctx), order.id), () => createOrderPayment(on(round + 1, u.ctx), { orderId: order.id, provider: "epay", balanceMinor: 300 }, opts)];
      const rs = settledReasons(await Promise.allSettled((round % 2 ? racers.reverse() : racers).map((f) => f())));
      // The cancel always lands (first, or after the hold); the split either came first or was refused.
      expect(rs.filter((r) => r === "ok").length, `round ${round}: ${rs.join(", ")}`).toBeGreaterThanOrEqual(1);
      expect(rs.filter((r) => r !== "ok").every((r) => r === "order_not_pending")).toBe(true);
      expect((await orderRow(order.id)).status).toBe("CANCELLED");
      expect(await balanceOf(shop.db, u.id)).toBe(500);
      const moves = (await ledger(u.id)).filter((r) => r.referenceId === order.id);
      const holds = await shop.db.select().from(walletHolds).where(eq(walletHolds.orderId, order.id));
      expect(holds.every((h) => h.status === "RELEASED")).toBe(true);
      expect(moves.filter((m) => m.kind === "HOLD")).toHaveLength(holds.length);
      expect(moves.filter((m) => m.kind === "HOLD_RELEASE")).toHaveLength(holds.length);
      expect(holds.length).toBeLessThanOrEqual(1);
    }
  }, 120_000);
});

describe("the base edition", () => {
  it("lists no balance method and answers provider=balance like an unknown method, whatever the balance", async () => {
    await updatePaymentProviderConfig(shop.admin.ctx, "epay", { enabled: true, gatewayUrl: "http://127.0.0.1:9/", pid: "1001", key: "k".repeat(32), channels: ["alipay"] });
    const { u, order } = await newOrder(500);
    await fund(u.id, 5000);
    await withEnv({ EDITION: "base" }, async () => {
      expect((await listPaymentMethods(u.ctx)).map((m) => m.provider)).toEqual(["epay"]);
      expect((await listPaymentMethods(u.ctx, { target: "wallet" })).map((m) => m.provider)).toEqual(["epay"]);
      const unknown = await createOrderPayment(u.ctx, { orderId: order.id, provider: "paypal" }, opts).catch((e: unknown) => e);
      const balance = await createOrderPayment(u.ctx, { orderId: order.id, provider: "balance" }, opts).catch((e: unknown) => e);
      expect(unknown).toMatchObject({ code: "VALIDATION", details: { fields: { provider: expect.any(String) } } });
      expect(balance).toMatchObject({ code: (unknown as { code: string }).code, reason: (unknown as { reason: string }).reason, details: (unknown as { details: unknown }).details });
      await expect(payOrderFromBalance(u.ctx, order)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "wallet_disabled" });
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "PENDING", balancePaidMinor: 0 });
    expect(await balanceOf(shop.db, u.id)).toBe(5000);
  });
});
