// A plan change paid twice moves the subscription once (issue 28 item 2), on PostgreSQL with two
// connection pools (two instances), so the racers really run at once:
// - one change's order settled by 20 payments at once (notifies, pollers and admins on both
//   instances): settleOrder's door lets one through, and the subscription, its stock, its panel
//   clients, its notice and its audit row change once;
// - two changes of one subscription paid at once (a late payment an admin honours for an earlier,
//   cancelled change, and the payment of the open one): the change rows' doors and the
//   subscription's "still on the plan it was quoted on" let one move it; the other's money comes
//   back (a coupon: base edition), nothing is kept and nothing is moved twice.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { auditLogs, nodeClients, notifications, payments } from "../../src/server/db/schema";
import { cancelMyOrder, confirmOrder, settleOrder } from "../../src/server/services/orders";
import { orderPlanChange } from "../../src/server/services/plan-change";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { describeOnPostgres } from "../helpers/requirements";
import { planOf } from "../subscriptions/helpers";
import { changeOf, creditBasis, ctxAt, grantedCoupons, pay, plusDays, subOf, subscribed } from "./helpers";

const ROUNDS = 5;

describeOnPostgres("plan changes paid at once (PostgreSQL, two pools)", () => {
  const shop = openShop();
  const second = secondInstanceForFile(shop);
  const inbound = (protocol: string) => shop.inbounds.find((i) => i.protocol === protocol)!.id;
  const dbOf = (i: number): Db => (i % 2 ? second.db : shop.db);

  it(`one change's order settled 20 times at once, ${ROUNDS} rounds: the subscription moves once`, async () => {
    await creditBasis(shop, "TIME", { currency: "CNY" });
    for (let round = 0; round < ROUNDS; round++) {
      const from = await proxyPlan(shop, { priceMinor: 1000, inboundIds: [inbound("vmess")] });
      const to = await proxyPlan(shop, { priceMinor: 3000, inboundIds: [inbound("vless"), inbound("trojan")] });
      const u = await buyer(shop);
      const t0 = new Date();
      const subId = await subscribed(u.ctx, from.id, t0);
      const at = plusDays(t0, 10);
      const order = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: to.id });
      const rs = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          i % 4 === 3
            ? confirmOrder(ctxAt(shop.admin.ctx, at, dbOf(i)), order.id)
            : dbOf(i).transaction(async (tx) => {
                const r = await settleOrder(tx, order.id, "GATEWAY", at, "epay");
                if (!r.settled) throw Object.assign(new Error("already paid"), { reason: "already_paid" });
              }),
        ),
      );
      const outcomes = settledReasons(rs);
      expect(outcomes.filter((o) => o === "ok"), outcomes.join(",")).toHaveLength(1);
      expect(outcomes.every((o) => o === "ok" || o === "already_paid" || o === "order_not_pending"), outcomes.join(",")).toBe(true);

      const change = await changeOf(shop.db, order.id);
      expect(change.status).toBe("APPLIED");
      expect(await subOf(shop.db, subId)).toMatchObject({ planId: to.id, holdsStock: true });
      expect((await planOf(shop.db, from.id)).stockHeld).toBe(0);
      expect((await planOf(shop.db, to.id)).stockHeld).toBe(1);
      const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, subId));
      expect(clients.map((c) => c.protocol).sort()).toEqual(["trojan", "vless"]);
      expect(await shop.db.select().from(notifications).where(and(eq(notifications.userId, u.id), eq(notifications.dedupeKey, `plan-change:${change.id}`)))).toHaveLength(1);
      expect(await shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, subId), eq(auditLogs.action, "plan_change.applied")))).toHaveLength(1);
    }
  });

  it(`two changes of one subscription paid at once, ${ROUNDS} rounds: one moves it, the other's money comes back`, async () => {
    await creditBasis(shop, "TIME", { currency: "CNY" });
    for (let round = 0; round < ROUNDS; round++) {
      const from = await proxyPlan(shop, { priceMinor: 1000 });
      const b = await proxyPlan(shop, { priceMinor: 2000 });
      const c = await proxyPlan(shop, { priceMinor: 2500 });
      const u = await buyer(shop);
      const t0 = new Date();
      const subId = await subscribed(u.ctx, from.id, t0);
      const at = plusDays(t0, 10);
      // The first change is ordered, then cancelled (its row CLOSED); its money arrives late and waits for an admin.
      const first = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: b.id });
      await cancelMyOrder(ctxAt(u.ctx, at), first.id);
      await shop.db.insert(payments).values({ orderId: first.id, userId: u.id, provider: "epay", tradeNo: `T${randomUUID().replace(/-/g, "")}`, amountMinor: first.totalMinor, status: "PAID", late: true, expiresAt: at, paidAt: at });
      const secondOrder = await orderPlanChange(ctxAt(u.ctx, at), { subscriptionId: subId, planId: c.id });

      const racers = [() => confirmOrder(ctxAt(shop.admin.ctx, at, dbOf(round)), first.id), () => pay(dbOf(round + 1), secondOrder.id, at)];
      const rs = await Promise.allSettled(round % 2 ? racers.reverse().map((f) => f()) : racers.map((f) => f()));
      expect(settledReasons(rs)).toEqual(["ok", "ok"]);

      const [one, two] = [await changeOf(shop.db, first.id), await changeOf(shop.db, secondOrder.id)];
      const statuses = [one.status, two.status].sort();
      expect(statuses).toEqual(["APPLIED", "NOT_APPLIED"]);
      const [lost, wonPlan, lostPlan, lostTotal] = one.status === "APPLIED" ? [two, b, c, secondOrder.totalMinor] : [one, c, b, first.totalMinor];
      expect(await subOf(shop.db, subId)).toMatchObject({ planId: wonPlan.id, holdsStock: true });
      expect(lost).toMatchObject({ outcomeReason: "plan_change_no_longer_applies", creditedMinor: lostTotal, creditedTo: "COUPON" });
      expect(await grantedCoupons(shop.db, u.id)).toEqual([expect.objectContaining({ amountOffMinor: lostTotal })]);
      expect((await planOf(shop.db, from.id)).stockHeld).toBe(0);
      expect((await planOf(shop.db, wonPlan.id)).stockHeld).toBe(1);
      expect((await planOf(shop.db, lostPlan.id)).stockHeld).toBe(0);
    }
  });
});
