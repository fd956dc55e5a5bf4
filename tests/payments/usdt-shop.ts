// A shop taking USDT through the TronGrid simulator (0 confirmations), with clocks set explicitly:
// the USDT matching tests place each attempt, block and poll at exact times an hour in the past.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Ctx } from "../../src/server/context";
import { chainReceipts, orders, payments } from "../../src/server/db/schema";
import { buyNow } from "../../src/server/services/orders";
import { createPayment } from "../../src/server/services/payments";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../simulators/trongrid/server";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";

export const usdtOpts = { baseUrl: "http://127.0.0.1:9", clientIp: "203.0.113.7" };
export const at = (ctx: Ctx, ms: number): Ctx => ({ ...ctx, now: () => new Date(ms) });

/** Call at the top of a test file: registers the hooks that start the simulator and configure USDT. */
export function openUsdtShop() {
  const shop = openShop();
  const ourAddress = randomTronAddress();
  let sim: TronGridSimulator | undefined;
  beforeAll(async () => {
    sim = await startTronGridSimulator();
    await updatePaymentProviderConfig(shop.admin.ctx, "usdt_trc20", { enabled: true, apiUrl: sim.url, address: ourAddress, rateMinorPerUsdt: 720, minConfirmations: 0 });
  });
  afterAll(() => sim?.close());

  /** A buyer's USDT attempt for `planId` at `ms`. */
  async function attemptFor(planId: string, ms: number) {
    const u = await buyer(shop);
    const order = await buyNow(at(u.ctx, ms), { planId });
    const pay = await createPayment(at(u.ctx, ms), { orderId: order.id, provider: "usdt_trc20" }, usdtOpts);
    return { u, order, pay, amount: pay.usdt!.amountMicro };
  }

  return {
    shop,
    ourAddress,
    tron: () => sim!,
    orderOf: async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!,
    paymentOf: async (tradeNo: string) => (await shop.db.select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!,
    receiptOf: async (txId: string) => (await shop.db.select().from(chainReceipts).where(eq(chainReceipts.txId, txId)))[0]!,
    attemptFor,
    /** A buyer with a pending order of a price no other test uses (so amounts never collide across tests), paying by USDT at `ms`. */
    async attempt(priceMinor: number, ms: number) {
      const plan = await proxyPlan(shop, { priceMinor });
      return { ...(await attemptFor(plan.id, ms)), plan };
    },
  };
}
