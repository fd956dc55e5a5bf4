// "Exactly once" for the subscription operations. On PostgreSQL every racer has its own pooled
// connection (odd ones through a second pool, as a second app instance would), so the conditional
// updates and row locks decide; on PGlite the calls run one after another and prove the outcome only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { PANEL_CLIENT_DELETE } from "../../src/server/services/provisioning/panel-client-delete";
import { cancelSubscription, deleteSubscriptionPermanently, myAggregateToken, reassignStreamingSlot } from "../../src/server/services/subscriptions";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { clientsOf, gift, planOf, serviceOf, streamingPlan, streamingService, tasksOfKind } from "./helpers";

const shop = openShop();
const second = secondInstanceForFile(shop);
const { on } = second;
const outcomes = settledReasons;

describe("subscription operations under concurrency", () => {
  it("10 simultaneous cancels: one cancels, the stock comes back once", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    const u = await buyer(shop);
    const keep = await gift(shop, u.email, plan.id);
    const id = await gift(shop, u.email, plan.id);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(2);
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => cancelSubscription(on(i, shop.admin.ctx), id)));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "subscription_is_cancelled")).toBe(true);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(1);
    expect(keep).toBeTruthy();
  });

  it("10 subscriptions racing for the last slot of a service: one moves, the service is never oversold", async () => {
    const from = await streamingService(shop, 10);
    const to = await streamingService(shop, 1);
    const plan = await streamingPlan(shop, from.id);
    const u = await buyer(shop);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await gift(shop, u.email, plan.id));
    const rs = await Promise.allSettled(ids.map((id, i) => reassignStreamingSlot(on(i, shop.admin.ctx), { subscriptionId: id, serviceId: to.id })));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "streaming_no_free_slot")).toBe(true);
    expect((await serviceOf(shop.db, to.id)).slotsHeld).toBe(1);
    expect((await serviceOf(shop.db, from.id)).slotsHeld).toBe(9);
  });

  it("one subscription moved to the same service 10 times at once: moved once, one slot taken and one given back", async () => {
    const from = await streamingService(shop, 3);
    const to = await streamingService(shop, 5);
    const plan = await streamingPlan(shop, from.id);
    const id = await gift(shop, (await buyer(shop)).email, plan.id);
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => reassignStreamingSlot(on(i, shop.admin.ctx), { subscriptionId: id, serviceId: to.id })));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "streaming_slot_same_service")).toBe(true);
    expect((await serviceOf(shop.db, to.id)).slotsHeld).toBe(1);
    expect((await serviceOf(shop.db, from.id)).slotsHeld).toBe(0);
  });

  it("10 first views of the aggregate link at once all get the same token", async () => {
    const u = await buyer(shop);
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => myAggregateToken(on(i, u.ctx))));
    expect(new Set(rs.map((r) => r.token)).size).toBe(1);
    const [row] = await shop.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionTokenHash).toBeTruthy();
    expect((await myAggregateToken(u.ctx)).token).toBe(rs[0]!.token);
  });

  it("5 simultaneous permanent deletes: one deletes, stock back once, one panel delete per client", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    const id = await gift(shop, (await buyer(shop)).email, plan.id);
    await drainTasks(shop.db);
    const clients = await clientsOf(shop.db, id);
    const rs = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => deleteSubscriptionPermanently(on(i, shop.admin.ctx), id)));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "subscription_not_found")).toBe(true);
    expect((await planOf(shop.db, plan.id)).stockHeld).toBe(0);
    const queued = (await tasksOfKind(shop.db, PANEL_CLIENT_DELETE)).filter((t) => clients.some((c) => c.email === t.payload.email));
    expect(queued).toHaveLength(clients.length);
  });
});
