// Traffic per node and per user over 7/30/90 UTC days, and the top users, summed from traffic_daily:
// window edges, nodes without traffic, ordering, and the per-node narrowing of the top list.
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { getNodeTraffic, getUserTraffic, listTopTrafficUsers } from "../../src/server/services/traffic";
import { rangeDays } from "../../src/server/services/traffic/range";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { node, proxyPlan, subscription, traffic, utcDay } from "./fixtures";

const t = testDbForFile();
const NOW = new Date("2025-03-10T23:59:30Z");
let ctx: Ctx;
let user: Awaited<ReturnType<typeof makeUser>>;
let w: { a: string; b: string; c: string; u1: { id: string; email: string }; u2: { id: string; email: string }; u3: { id: string; email: string } };

beforeAll(async () => {
  const db = t.db;
  const admin = await makeUser(db, "ADMIN");
  user = await makeUser(db);
  ctx = makeCtx(db, admin.ctx.actor, { now: () => NOW });
  const [a, b, c] = [await node(db, "A"), await node(db, "B"), await node(db, "C idle")];
  const plan = await proxyPlan(db, a.id);
  const [u1, u2, u3] = [await makeUser(db), await makeUser(db), await makeUser(db)];
  const s1 = await subscription(db, { userId: u1.id, planId: plan.id, nodeId: a.id });
  const s2 = await subscription(db, { userId: u2.id, planId: plan.id, nodeId: b.id });
  const s2b = await subscription(db, { userId: u2.id, planId: plan.id, nodeId: a.id });
  const s3 = await subscription(db, { userId: u3.id, planId: plan.id, nodeId: b.id });
  const d = (n: number) => utcDay(NOW, n);
  await traffic(db, s1, a.id, d(0), 100, 1000);
  await traffic(db, s1, a.id, d(2), 50, 500);
  await traffic(db, s1, b.id, d(20), 10, 10);
  await traffic(db, s1, a.id, d(100), 9, 9); // outside every window
  await traffic(db, s1, a.id, d(-1), 4, 4); // a day that has not begun (clock skew between instances): not counted
  await traffic(db, s2, b.id, d(0), 1, 5000);
  await traffic(db, s2b, a.id, d(5), 0, 10);
  await traffic(db, s3, b.id, d(60), 7, 7);
  w = { a: a.id, b: b.id, c: c.id, u1, u2, u3 };
});

describe("windows", () => {
  it("are UTC calendar days ending today, across month ends", () => {
    expect(rangeDays("7d", new Date("2025-03-03T00:00:00Z"))).toEqual(["2025-02-25", "2025-02-26", "2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02", "2025-03-03"]);
    // 23:59 UTC is still the same day, whatever the server's zone.
    expect(rangeDays("30d", NOW).at(-1)).toBe("2025-03-10");
    expect(rangeDays("90d", NOW)).toHaveLength(90);
    expect(rangeDays("90d", NOW)[0]).toBe("2024-12-11");
  });
});

describe("per node", () => {
  it("sums each node's bytes in the window, busiest first, with idle nodes at zero", async () => {
    const r = await getNodeTraffic(ctx, { range: "7d" });
    expect(r.days).toHaveLength(7);
    expect(r.nodes.map((n) => [n.name, n.upBytes, n.downBytes, n.totalBytes])).toEqual([
      ["B", 1, 5000, 5001],
      ["A", 150, 1510, 1660],
      ["C idle", 0, 0, 0],
    ]);
    const a = r.nodes.find((n) => n.nodeId === w.a)!;
    expect(a.daily).toEqual([0, 10, 0, 0, 550, 0, 1100]);
    expect({ up: r.series.upBytes, down: r.series.downBytes }).toEqual({ up: 151, down: 6510 });
    expect(r.series.down).toEqual([0, 10, 0, 0, 500, 0, 6000]);
  });

  it("a longer window takes in older days, never days before it", async () => {
    const month = await getNodeTraffic(ctx, { range: "30d" });
    expect(month.nodes.find((n) => n.nodeId === w.b)!.totalBytes).toBe(5021);
    const quarter = await getNodeTraffic(ctx, { range: "90d" });
    expect(quarter.nodes.find((n) => n.nodeId === w.b)!.totalBytes).toBe(5035);
    expect(quarter.nodes.find((n) => n.nodeId === w.a)!.totalBytes).toBe(1660);
    expect(quarter.series.upBytes + quarter.series.downBytes).toBe(5035 + 1660);
  });
});

describe("top users", () => {
  it("ranks users by bytes in the window, counting their subscriptions that moved any", async () => {
    const r = await listTopTrafficUsers(ctx, { range: "7d" });
    expect(r.rows.map((x) => [x.email, x.totalBytes, x.subscriptions])).toEqual([
      [w.u2.email, 5011, 2],
      [w.u1.email, 1650, 1],
    ]);
    expect(r.rows[0]).toMatchObject({ userId: w.u2.id, upBytes: 1, downBytes: 5010 });
    expect((await listTopTrafficUsers(ctx, { range: "7d", limit: 1 })).rows.map((x) => x.userId)).toEqual([w.u2.id]);
    expect((await listTopTrafficUsers(ctx, { range: "90d" })).rows.map((x) => x.userId)).toEqual([w.u2.id, w.u1.id, w.u3.id]);
  });

  it("narrows to one node", async () => {
    const onA = await listTopTrafficUsers(ctx, { range: "7d", nodeId: w.a });
    expect(onA.rows.map((x) => [x.userId, x.totalBytes, x.subscriptions])).toEqual([
      [w.u1.id, 1650, 1],
      [w.u2.id, 10, 1],
    ]);
    expect((await listTopTrafficUsers(ctx, { range: "7d", nodeId: w.c })).rows).toEqual([]);
  });

  it("refuses a window or limit it does not offer", async () => {
    for (const bad of [{ range: "365d" }, { limit: 0 }, { limit: 101 }, { nodeId: "x" }]) {
      await expect(listTopTrafficUsers(ctx, bad), JSON.stringify(bad)).rejects.toMatchObject({ code: "VALIDATION" });
    }
  });
});

describe("per user", () => {
  it("is one user's daily bytes and the split per node", async () => {
    const r = await getUserTraffic(ctx, { userId: w.u1.id, range: "30d" });
    expect(r.email).toBe(w.u1.email);
    expect({ up: r.series.upBytes, down: r.series.downBytes }).toEqual({ up: 160, down: 1510 });
    expect(r.nodes.map((n) => [n.name, n.totalBytes])).toEqual([
      ["A", 1650],
      ["B", 20],
    ]);
    expect(r.series.up[29]).toBe(100);
  });

  it("is 'not found' for an unknown or malformed user", async () => {
    await expect(getUserTraffic(ctx, { userId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "user_not_found" } });
    await expect(getUserTraffic(ctx, { userId: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("who may read", () => {
  const reads: [string, (c: Ctx) => Promise<unknown>][] = [
    ["getNodeTraffic", (c) => getNodeTraffic(c, {})],
    ["listTopTrafficUsers", (c) => listTopTrafficUsers(c, {})],
    ["getUserTraffic", (c) => getUserTraffic(c, { userId: w.u1.id })],
  ];
  it.each(reads)("%s is for admins and the CLI only", async (_, read) => {
    await expect(read(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(read(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(read(cliCtx(t.db))).resolves.toBeDefined();
  });
});
