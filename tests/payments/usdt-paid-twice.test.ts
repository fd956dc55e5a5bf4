// A second USDT transfer to an attempt that is already paid: someone paid twice. It was logged and
// counted as a duplicate, but the order stayed NORMAL, so no admin would ever see the money to
// refund. Now the order is flagged for review (note and `payment.duplicate` audit row) exactly once
// per transaction id: on a later poll, and with two pollers on separate PostgreSQL connections. The
// same amount sent again after the payment (a later block) was left unmatched; it is the same case.
// Through the TronGrid simulator, with every clock set explicitly an hour in the past.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, chainReceipts, orders, payments, subscriptions } from "../../src/server/db/schema";
import { pollUsdtReceipts } from "../../src/server/services/payments";
import { captureOutput } from "../helpers/capture-logs";
import { openSecondInstance } from "../helpers/db";
import { itOnPostgres } from "../helpers/requirements";
import { openUsdtShop } from "./usdt-shop";

const { shop, ourAddress, tron, orderOf, attempt } = openUsdtShop();
const duplicateAudits = (orderId: string) => shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, orderId), eq(auditLogs.action, "payment.duplicate")));

describe("USDT: a second transfer to a paid attempt flags the order for review", () => {
  it("two transfers in one poll: the first pays, the second flags the order once (note, audit row, warning); later polls add nothing", async () => {
    const t0 = Date.now() - 3_600_000;
    const a = await attempt(1401, t0);
    const first = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + 5_000 });
    const second = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + 8_000 });
    const { result, output } = await captureOutput(() => pollUsdtReceipts(shop.db, new Date(t0 + 60_000)));
    expect(result).toMatchObject({ settled: 1, late: 0, unmatched: 0 });
    const order = await orderOf(a.order.id);
    expect(order).toMatchObject({ status: "PAID", reviewStatus: "FLAGGED" });
    expect(output).toContain('"level":"warn","msg":"USDT transfer for an attempt that was already paid; order flagged for review"');
    expect(order.reviewNote).toContain(second);
    expect(order.reviewNote).not.toContain(first);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, a.order.id))).toHaveLength(1);
    const audits = await duplicateAudits(a.order.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.metadata).toMatchObject({ tradeNo: a.pay.tradeNo, txId: second, amountMicro: a.amount });
    // Both transfers are on record against the attempt.
    const [pay] = await shop.db.select().from(payments).where(eq(payments.tradeNo, a.pay.tradeNo));
    for (const tx of [first, second]) expect((await shop.db.select().from(chainReceipts).where(eq(chainReceipts.txId, tx)))[0]).toMatchObject({ paymentId: pay!.id });

    await pollUsdtReceipts(shop.db, new Date(t0 + 90_000));
    await pollUsdtReceipts(shop.db, new Date(t0 + 120_000));
    expect(await duplicateAudits(a.order.id)).toHaveLength(1);
    expect((await orderOf(a.order.id)).reviewNote!.split(second)).toHaveLength(2); // the note names it once
  });

  it("a second transfer first seen by a later poll flags the order then; once an admin resolved it, the same transaction never flags it again", async () => {
    const t0 = Date.now() - 3_500_000;
    const a = await attempt(1402, t0);
    tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + 5_000 });
    expect(await pollUsdtReceipts(shop.db, new Date(t0 + 30_000))).toMatchObject({ settled: 1 });
    expect(await orderOf(a.order.id)).toMatchObject({ status: "PAID", reviewStatus: "NORMAL" });

    // Made before the first poll recorded the payment, but listed by TronGrid only now.
    const second = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + 20_000 });
    await pollUsdtReceipts(shop.db, new Date(t0 + 60_000));
    expect(await orderOf(a.order.id)).toMatchObject({ status: "PAID", reviewStatus: "FLAGGED" });
    expect(await duplicateAudits(a.order.id)).toHaveLength(1);

    // The admin refunded the extra transfer and resolved the flag: the same transaction never flags again.
    await shop.db.update(orders).set({ reviewStatus: "RESOLVED" }).where(eq(orders.id, a.order.id));
    await pollUsdtReceipts(shop.db, new Date(t0 + 90_000));
    expect(await orderOf(a.order.id)).toMatchObject({ reviewStatus: "RESOLVED" });
    expect((await duplicateAudits(a.order.id)).map((r) => (r.metadata as { txId: string }).txId)).toEqual([second]);
  });

  it("the same amount sent again after the attempt was paid (a later block) is a second payment too: flagged, not left unmatched", async () => {
    const t0 = Date.now() - 3_450_000;
    const a = await attempt(1404, t0);
    tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + 5_000 });
    expect(await pollUsdtReceipts(shop.db, new Date(t0 + 30_000))).toMatchObject({ settled: 1 }); // paid at t0 + 30 s
    const again = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + 45_000 });
    expect(await pollUsdtReceipts(shop.db, new Date(t0 + 60_000))).toMatchObject({ settled: 0, late: 0, unmatched: 0 });
    expect(await orderOf(a.order.id)).toMatchObject({ status: "PAID", reviewStatus: "FLAGGED" });
    expect((await duplicateAudits(a.order.id)).map((r) => (r.metadata as { txId: string }).txId)).toEqual([again]);
    const [pay] = await shop.db.select().from(payments).where(eq(payments.tradeNo, a.pay.tradeNo));
    expect((await shop.db.select().from(chainReceipts).where(eq(chainReceipts.txId, again)))[0]).toMatchObject({ paymentId: pay!.id });
  });

  itOnPostgres("on PostgreSQL, two pollers on separate pools over the same three transfers: one payment, two flags, one audit row per extra transaction", async () => {
    const { db: second, close } = openSecondInstance(shop);
    try {
      const t0 = Date.now() - 3_400_000;
      const a = await attempt(1403, t0);
      const txs = [5_000, 6_000, 7_000].map((d) => tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 + d }));
      const now = new Date(t0 + 60_000);
      const results = await Promise.all([pollUsdtReceipts(shop.db, now), pollUsdtReceipts(second, now), pollUsdtReceipts(shop.db, now), pollUsdtReceipts(second, now)]);
      expect(results.reduce((n, r) => n + r.settled, 0)).toBe(1);
      expect(await orderOf(a.order.id)).toMatchObject({ status: "PAID", reviewStatus: "FLAGGED" });
      const audits = await duplicateAudits(a.order.id);
      expect(audits).toHaveLength(2);
      const flagged = audits.map((r) => (r.metadata as { txId: string }).txId);
      expect(new Set(flagged).size).toBe(2);
      for (const tx of flagged) expect(txs).toContain(tx);
      expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, a.order.id))).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
