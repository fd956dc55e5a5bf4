// A recharge's gateway notify racing its cancel, on two connections (PostgreSQL): the notify locks the
// recharge before its payment, as the cancel does, so the two never deadlock; whichever wins, the
// money is credited exactly once (as the recharge, or as a late payment of a cancelled one).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, walletRechargeOrders, walletTransactions } from "../../src/server/db/schema";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { newTradeNo } from "../../src/server/services/payments/trade-no";
import { balanceOf, cancelRechargeOrder, createRechargeOrder } from "../../src/server/services/wallet";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

let t: TestDb | undefined;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});
walletEditionForFile(() => t?.db);
const db = () => t!.db;
const second = secondInstanceForFile({
  get raw() {
    return t!.raw;
  },
  get db() {
    return t!.db;
  },
});

describe("recharge notify racing its cancel", () => {
  it("20 rounds: no deadlock, no error but recharge_not_pending, and the amount credited once each round", async () => {
    const u = await makeUser(db());
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
      const now = new Date();
      const tradeNo = newTradeNo(now);
      await db().insert(payments).values({ purpose: "RECHARGE", rechargeId: r.id, userId: u.id, provider: "epay", tradeNo, amountMinor: 1_000, expiresAt: new Date(now.getTime() + 600_000) });
      const before = await balanceOf(db(), u.id);
      const [notified, cancelled] = await Promise.allSettled([
        recordVerifiedPayment(round % 2 ? second.db : db(), { tradeNo, amountMinor: 1_000, evidence: { via: "test" }, now }),
        cancelRechargeOrder(second.on(round + 1, u.ctx), r.id),
      ]);
      expect(notified.status, JSON.stringify(notified)).toBe("fulfilled");
      const reasons = settledReasons([cancelled]);
      expect(["ok", "recharge_not_pending"]).toContain(reasons[0]);
      const kind = (notified as PromiseFulfilledResult<{ kind: string }>).value.kind;
      outcomes.add(`${kind}/${reasons[0]}`);
      expect(await balanceOf(db(), u.id)).toBe(before + 1_000);
      const [rec] = await db().select().from(walletRechargeOrders).where(eq(walletRechargeOrders.id, r.id));
      const credits = await db().select().from(walletTransactions).where(and(eq(walletTransactions.userId, u.id), eq(walletTransactions.referenceId, rec!.status === "CREDITED" ? r.id : (await db().select({ id: payments.id }).from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!.id)));
      expect(credits).toHaveLength(1);
      expect(credits[0]!.kind).toBe(rec!.status === "CREDITED" ? "RECHARGE" : "LATE_PAYMENT");
    }
    // Both orders of events happen over the rounds on PostgreSQL; on PGlite they run one after the other.
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });
});
