// The traffic sync: deltas of the panel's counters become usage (subscription and traffic_daily),
// a counter that goes backwards loses nothing, two instances count once, and crossing the limit
// switches the clients off on the panel.
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nodeClients, tasks, trafficDaily } from "../../src/server/db/schema";
import { trafficExhausted } from "../../src/server/services/provisioning/desired-state";
import { counterDelta, syncAllTraffic, syncNodeTraffic } from "../../src/server/services/subscription-lifecycle";
import { drainTasks, openShop } from "../commerce/fixtures";
import { clientRows, GIB, subRow, subscribe } from "./fixtures";
import { secondInstanceForFile } from "../helpers/race";

const shop = openShop();
const other = secondInstanceForFile(shop);

const dailyOf = async (subscriptionId: string) => {
  const rows = await shop.db.select().from(trafficDaily).where(eq(trafficDaily.subscriptionId, subscriptionId));
  return rows.reduce((a, r) => ({ up: a.up + r.upBytes, down: a.down + r.downBytes }), { up: 0, down: 0 });
};

describe("traffic sync", () => {
  it("counterDelta: the difference, or the whole counter after a reset", () => {
    expect(counterDelta(150, 100)).toBe(50);
    expect(counterDelta(100, 100)).toBe(0);
    expect(counterDelta(30, 100)).toBe(30);
  });

  it("adds each client's delta to the subscription and the day, and nothing when counters did not move", async () => {
    const { sub, clients } = await subscribe(shop);
    expect(clients).toHaveLength(2);
    const [a, b] = clients.map((c) => c.email) as [string, string];
    shop.sim.addTraffic(a, 100, 200);
    const r1 = await syncNodeTraffic(shop.db, shop.nodeId);
    expect(r1).toMatchObject({ ok: true, counted: 1, bytes: 300 });
    expect(await subRow(shop.db, sub.id)).toMatchObject({ trafficUpBytes: 100, trafficDownBytes: 200, trafficUsedBytes: 300 });

    shop.sim.addTraffic(a, 50, 0);
    shop.sim.addTraffic(b, 10, 10);
    await syncNodeTraffic(shop.db, shop.nodeId);
    expect(await subRow(shop.db, sub.id)).toMatchObject({ trafficUpBytes: 160, trafficDownBytes: 210, trafficUsedBytes: 370 });
    expect(await dailyOf(sub.id)).toEqual({ up: 160, down: 210 });
    const rowA = (await clientRows(shop.db, sub.id)).find((c) => c.email === a)!;
    expect(rowA).toMatchObject({ lastUpBytes: 150, lastDownBytes: 200 });
    // Per node and day: one row per (day, subscription, node).
    const days = await shop.db.select().from(trafficDaily).where(eq(trafficDaily.subscriptionId, sub.id));
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ nodeId: shop.nodeId, userId: sub.userId, day: new Date().toISOString().slice(0, 10) });

    expect(await syncNodeTraffic(shop.db, shop.nodeId)).toMatchObject({ counted: 0, bytes: 0 });
    expect((await subRow(shop.db, sub.id)).trafficUsedBytes).toBe(370);
  });

  it("a counter that goes backwards (panel reset) counts from zero and loses nothing", async () => {
    const { sub, clients } = await subscribe(shop);
    const email = clients[0]!.email;
    shop.sim.addTraffic(email, 1000, 2000);
    await syncNodeTraffic(shop.db, shop.nodeId);
    shop.sim.state.resetClientTraffic(email);
    shop.sim.addTraffic(email, 30, 40);
    await syncNodeTraffic(shop.db, shop.nodeId);
    expect(await subRow(shop.db, sub.id)).toMatchObject({ trafficUpBytes: 1030, trafficDownBytes: 2040, trafficUsedBytes: 3070 });
    const [row] = await shop.db.select().from(nodeClients).where(eq(nodeClients.email, email));
    expect(row).toMatchObject({ lastUpBytes: 30, lastDownBytes: 40 });
    expect(await dailyOf(sub.id)).toEqual({ up: 1030, down: 2040 });
  });

  it("two instances syncing the same node at once count every byte exactly once", async () => {
    const subs = await Promise.all([subscribe(shop), subscribe(shop), subscribe(shop)]);
    const emails = subs.flatMap((s) => s.clients.map((c) => c.email));
    const expected = new Map(subs.map((s) => [s.sub.id, 0]));
    for (let round = 0; round < 6; round++) {
      for (const s of subs) {
        for (const c of s.clients) {
          const up = 1000 + round * 7 + emails.indexOf(c.email);
          const down = 3 * up;
          shop.sim.addTraffic(c.email, up, down);
          expected.set(s.sub.id, expected.get(s.sub.id)! + up + down);
        }
      }
      // Both instances read the same last counters and race to store the new ones.
      const results = await Promise.all([syncNodeTraffic(shop.db, shop.nodeId), syncNodeTraffic(other.db, shop.nodeId), syncNodeTraffic(other.db, shop.nodeId)]);
      expect(results.reduce((n, r) => n + r.counted, 0)).toBe(emails.length);
    }
    for (const s of subs) {
      expect((await subRow(shop.db, s.sub.id)).trafficUsedBytes).toBe(expected.get(s.sub.id));
      const d = await dailyOf(s.sub.id);
      expect(d.up + d.down).toBe(expected.get(s.sub.id));
    }
  });

  it("crossing the limit switches the clients off (desired state, then the panel after the task runs)", async () => {
    const { sub, clients } = await subscribe(shop, { trafficGb: 1 });
    const [a, b] = clients.map((c) => c.email) as [string, string];
    shop.sim.addTraffic(a, GIB / 2, 0);
    await syncNodeTraffic(shop.db, shop.nodeId);
    expect((await clientRows(shop.db, sub.id)).every((c) => c.enable)).toBe(true);

    shop.sim.addTraffic(b, 0, GIB / 2 + 1);
    const r = await syncNodeTraffic(shop.db, shop.nodeId);
    expect(r.exhausted).toBe(1);
    const after = await subRow(shop.db, sub.id);
    expect(trafficExhausted(after)).toBe(true);
    expect(after.status).toBe("ACTIVE");
    expect((await clientRows(shop.db, sub.id)).every((c) => !c.enable && c.panelState === "PENDING")).toBe(true);
    await drainTasks(shop.db);
    for (const email of [a, b]) expect(shop.sim.state.findClientByEmail(email)!.client.enable).toBe(false);

    // More traffic after the limit is still counted, but the clients are switched off only once.
    const pendingTasks = async () => (await shop.db.select({ n: count() }).from(tasks).where(eq(tasks.status, "PENDING")))[0]!.n;
    const pending = await pendingTasks();
    shop.sim.addTraffic(a, 10, 0);
    expect((await syncNodeTraffic(shop.db, shop.nodeId)).exhausted).toBe(0);
    expect(await pendingTasks()).toBe(pending);
    expect((await subRow(shop.db, sub.id)).trafficUsedBytes).toBe(GIB + 11);
  });

  it("only counts clients of this node's node_clients rows (the panel's own clients are ignored)", async () => {
    shop.sim.addTraffic("keep-vmess", 5000, 5000);
    const before = await shop.db.select({ n: sql<number>`coalesce(sum(${trafficDaily.upBytes} + ${trafficDaily.downBytes}), 0)::bigint` }).from(trafficDaily).where(and(eq(trafficDaily.nodeId, shop.nodeId)));
    await syncNodeTraffic(shop.db, shop.nodeId);
    const after = await shop.db.select({ n: sql<number>`coalesce(sum(${trafficDaily.upBytes} + ${trafficDaily.downBytes}), 0)::bigint` }).from(trafficDaily).where(and(eq(trafficDaily.nodeId, shop.nodeId)));
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it("a node whose panel fails is reported and skipped, not thrown", async () => {
    await shop.panelDown();
    const results = await syncAllTraffic(shop.db);
    expect(results.find((r) => r.nodeId === shop.nodeId)).toMatchObject({ ok: false, counted: 0 });
    await shop.panelUp();
  });
});
