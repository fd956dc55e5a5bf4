// Item 9: a USDT transfer pays the attempt that was open when its block was made, through the
// TronGrid simulator. Before: an attempt created up to 60 s after a block matched it, and an open
// attempt was preferred over the one the buyer actually paid, so buyer X's money (paid while X's
// attempt was open, read by the poller after X cancelled) went to buyer Y, who had taken the freed
// amount 4 s later. Every clock here is set explicitly (the buyer's and the poller's), an hour in
// the past, so block times, creation and closing are exactly where each case needs them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, payments, subscriptions } from "../../src/server/db/schema";
import { buyNow, cancelMyOrder } from "../../src/server/services/orders";
import { createPayment, pollUsdtReceipts } from "../../src/server/services/payments";
import { USDT_AMOUNT_QUARANTINE_MS } from "../../src/server/services/payments/create-payment";
import { makeCtx } from "../../src/server/context";
import { openSecondInstance } from "../helpers/db";
import { itOnPostgres } from "../helpers/requirements";
import { buyer } from "../commerce/fixtures";
import { at, openUsdtShop, usdtOpts as opts } from "./usdt-shop";

const { shop, ourAddress, tron, orderOf, paymentOf, receiptOf, attempt, attemptFor: sameprice } = openUsdtShop();

describe("USDT: a transfer pays the attempt open when its block was made", () => {
  it("a transfer whose block is before the attempt existed does not pay it (no allowance before creation)", async () => {
    const t0 = Date.now() - 3_600_000;
    await attempt(1300, t0 - 60_000); // an older attempt of another amount: the poller's window reaches back before t0
    const a = await attempt(1301, t0);
    const early = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 - 30_000 });
    const justBefore = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 - 1 });
    const r = await pollUsdtReceipts(shop.db, new Date(t0 + 60_000));
    expect(r).toMatchObject({ settled: 0, late: 0, unmatched: 2 });
    expect(await receiptOf(early)).toMatchObject({ paymentId: null });
    expect(await receiptOf(justBefore)).toMatchObject({ paymentId: null });
    expect((await orderOf(a.order.id)).status).toBe("PENDING");
    expect((await paymentOf(a.pay.tradeNo)).status).toBe("PENDING");
  });

  it("a transfer inside the open window pays it, from the very millisecond of its creation", async () => {
    const t0 = Date.now() - 3_500_000;
    const a = await attempt(1302, t0);
    const tx = tron().addTransfer({ to: ourAddress, amountMicro: a.amount, blockTimestampMs: t0 });
    expect(await pollUsdtReceipts(shop.db, new Date(t0 + 60_000))).toMatchObject({ settled: 1, late: 0 });
    expect((await orderOf(a.order.id)).status).toBe("PAID");
    expect(await receiptOf(tx)).toMatchObject({ paymentId: (await paymentOf(a.pay.tradeNo)).id });
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, a.order.id))).toHaveLength(1);
  });

  it("X pays while open, cancels, Y comes 4 s later: the amount is quarantined, and X's money lands on X as late and flagged, never on Y", async () => {
    const t0 = Date.now() - 3_400_000;
    const x = await attempt(1303, t0);
    const paid = tron().addTransfer({ to: ourAddress, amountMicro: x.amount, blockTimestampMs: t0 + 5_000 }); // while X's attempt was open
    await cancelMyOrder(at(x.u.ctx, t0 + 10_000), x.order.id); // before the poller read it
    const y = await sameprice(x.plan.id, t0 + 14_000);
    expect(y.amount).not.toBe(x.amount); // quarantined: not given to Y
    // Had Y been given the amount anyway (as it was before the quarantine), the block time still
    // decides: Y's attempt takes X's amount here, 4 s after X's cancellation.
    await shop.db.update(payments).set({ cryptoAmountMicro: x.amount }).where(eq(payments.tradeNo, y.pay.tradeNo));

    const r = await pollUsdtReceipts(shop.db, new Date(t0 + 60_000));
    expect(r).toMatchObject({ settled: 0, late: 1 });
    expect(await orderOf(x.order.id)).toMatchObject({ status: "CANCELLED", reviewStatus: "FLAGGED" });
    expect(await paymentOf(x.pay.tradeNo)).toMatchObject({ status: "PAID", late: true, providerTradeNo: paid });
    expect(await orderOf(y.order.id)).toMatchObject({ status: "PENDING", reviewStatus: "NORMAL" });
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, y.order.id))).toHaveLength(0);
    const audit = await shop.db.select().from(auditLogs).where(eq(auditLogs.targetId, x.order.id));
    expect(audit.map((a) => a.action)).toContain("payment.late");
  });

  it("after the quarantine the amount is reused; a transfer after X's close and before Y's creation is X's (late), one after Y's creation is Y's", async () => {
    const t0 = Date.now() - 3_300_000;
    const x = await attempt(1304, t0);
    await cancelMyOrder(at(x.u.ctx, t0 + 10_000), x.order.id);
    const inside = await sameprice(x.plan.id, t0 + 10_000 + USDT_AMOUNT_QUARANTINE_MS - 1_000);
    expect(inside.amount).not.toBe(x.amount);
    const yAt = t0 + 10_000 + USDT_AMOUNT_QUARANTINE_MS + 1_000;
    const y = await sameprice(x.plan.id, yAt);
    expect(y.amount).toBe(x.amount); // free again

    const xLate = tron().addTransfer({ to: ourAddress, amountMicro: x.amount, blockTimestampMs: yAt - 2_000 }); // Y did not exist yet
    const yPaid = tron().addTransfer({ to: ourAddress, amountMicro: x.amount, blockTimestampMs: yAt + 20_000 });
    const r = await pollUsdtReceipts(shop.db, new Date(yAt + 60_000));
    expect(r).toMatchObject({ settled: 1, late: 1 });
    expect(await receiptOf(xLate)).toMatchObject({ paymentId: (await paymentOf(x.pay.tradeNo)).id });
    expect(await orderOf(x.order.id)).toMatchObject({ status: "CANCELLED", reviewStatus: "FLAGGED" });
    expect(await receiptOf(yPaid)).toMatchObject({ paymentId: (await paymentOf(y.pay.tradeNo)).id });
    expect(await orderOf(y.order.id)).toMatchObject({ status: "PAID", reviewStatus: "NORMAL" });
  });

  it("an attempt created after the block is never paid by it, even when it holds the amount (no allowance after the block)", async () => {
    const t0 = Date.now() - 3_200_000;
    const x = await attempt(1305, t0);
    await cancelMyOrder(at(x.u.ctx, t0 + 10_000), x.order.id);
    const yAt = t0 + 10_000 + USDT_AMOUNT_QUARANTINE_MS + 1_000;
    const y = await sameprice(x.plan.id, yAt);
    expect(y.amount).toBe(x.amount);
    // Made while X's attempt was open, read only now that Y holds the amount.
    const tx = tron().addTransfer({ to: ourAddress, amountMicro: x.amount, blockTimestampMs: t0 + 5_000 });
    const r = await pollUsdtReceipts(shop.db, new Date(yAt + 4_000));
    expect(r).toMatchObject({ settled: 0, late: 1 });
    expect(await receiptOf(tx)).toMatchObject({ paymentId: (await paymentOf(x.pay.tradeNo)).id });
    expect(await paymentOf(y.pay.tradeNo)).toMatchObject({ status: "PENDING" });
    expect(await orderOf(y.order.id)).toMatchObject({ status: "PENDING" });
  });

  itOnPostgres("on PostgreSQL, 10 attempts created on two pools while X cancels: all amounts distinct, and none is X's", async () => {
    const { db: second, close } = openSecondInstance(shop);
    try {
      const t0 = Date.now() - 3_100_000;
      const x = await attempt(1306, t0);
      const others = await Promise.all(Array.from({ length: 10 }, async () => {
        const u = await buyer(shop);
        return { u, order: await buyNow(at(u.ctx, t0 + 1_000), { planId: x.plan.id }) };
      }));
      const results = await Promise.all([
        cancelMyOrder(at(x.u.ctx, t0 + 1_000), x.order.id),
        ...others.map(({ u, order }, i) => {
          const ctx = i % 2 ? at(makeCtx(second, u.ctx.actor), t0 + 1_000) : at(u.ctx, t0 + 1_000);
          return createPayment(ctx, { orderId: order.id, provider: "usdt_trc20" }, opts);
        }),
      ]);
      const amounts = results.slice(1).map((r) => (r as Awaited<ReturnType<typeof createPayment>>).usdt!.amountMicro);
      expect(new Set(amounts).size).toBe(10);
      expect(amounts).not.toContain(x.amount);
    } finally {
      await close();
    }
  });
});
