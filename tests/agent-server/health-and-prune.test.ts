// What the admin pages read (stale agents, newest sample, bucketed history) and the periodic
// cleanup of batch keys and samples.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { agentBatches, nodeMetrics, nodes } from "../../src/server/db/schema";
import { PERIODIC_JOBS } from "../../src/server/jobs/periodic";
import { agentStateOf, getNodeHealthHistory, lastReportOf, listNodeHealth, pruneAgentData } from "../../src/server/services/telemetry";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { riskConfig } from "../risk-engine/seed";
import { insertNode } from "../telemetry/helpers";

const t = testDbForFile();
const NOW = new Date("2026-11-25T12:00:00Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const at = (ctx: Ctx): Ctx => ({ ...ctx, now: () => NOW });
let admin: Ctx;
beforeAll(async () => {
  admin = at((await makeUser(t.db, "ADMIN")).ctx);
});

describe("stale computation", () => {
  it("takes the newest report of any kind", () => {
    expect(lastReportOf({ latency: minutesAgo(30).toISOString(), metrics: minutesAgo(2).toISOString(), trace: "garbage" }, minutesAgo(50))).toEqual(minutesAgo(2));
    expect(lastReportOf({}, minutesAgo(50))).toEqual(minutesAgo(50));
    expect(lastReportOf({ trace: minutesAgo(7).toISOString() }, null)).toEqual(minutesAgo(7));
    expect(lastReportOf(null, null)).toBeNull();
  });

  it("is stale only past the threshold, and 'none' without any report", () => {
    expect(agentStateOf(null, NOW, 10)).toBe("none");
    expect(agentStateOf(minutesAgo(10), NOW, 10)).toBe("ok");
    expect(agentStateOf(new Date(minutesAgo(10).getTime() - 1), NOW, 10)).toBe("stale");
    expect(agentStateOf(minutesAgo(59), NOW, 60)).toBe("ok");
  });
});

describe("listNodeHealth", () => {
  it("reports version, per-kind times, state by the setting and the newest sample per node", async () => {
    await riskConfig(t.db, { nodeStaleMinutes: 15 });
    const fresh = await insertNode(t.db);
    const stale = await insertNode(t.db);
    const silent = await insertNode(t.db);
    await t.db
      .update(nodes)
      .set({ agentVersion: "1.2.3", agentLastReports: { latency: minutesAgo(40).toISOString(), metrics: minutesAgo(14).toISOString() }, lastAgentReportAt: minutesAgo(14) })
      .where(eq(nodes.id, fresh.id));
    await t.db.update(nodes).set({ agentLastReports: { trace: minutesAgo(16).toISOString() }, lastAgentReportAt: minutesAgo(16) }).where(eq(nodes.id, stale.id));
    await t.db.insert(nodeMetrics).values([
      { nodeId: fresh.id, sampledAt: minutesAgo(20), cpuPercent: 90, memUsedBytes: 1, memTotalBytes: 4 },
      { nodeId: fresh.id, sampledAt: minutesAgo(14), cpuPercent: 12.5, memUsedBytes: 3, memTotalBytes: 4, diskUsedBytes: 50, diskTotalBytes: 200 },
    ]);
    const byId = new Map((await listNodeHealth(admin)).map((h) => [h.nodeId, h]));
    expect(byId.get(fresh.id)).toMatchObject({ agentVersion: "1.2.3", state: "ok", staleMinutes: 15, lastReportAt: minutesAgo(14).toISOString() });
    expect(byId.get(fresh.id)!.latest).toMatchObject({ cpuPercent: 12.5, memUsedBytes: 3, memTotalBytes: 4, diskUsedBytes: 50, diskTotalBytes: 200, sampledAt: minutesAgo(14).toISOString() });
    expect(byId.get(stale.id)).toMatchObject({ state: "stale", agentVersion: null, latest: null });
    expect(byId.get(silent.id)).toMatchObject({ state: "none", lastReportAt: null, lastReports: {} });
    expect(await listNodeHealth(admin, { nodeId: fresh.id })).toHaveLength(1);
    expect(await listNodeHealth(admin, { nodeId: "not-a-uuid" })).toEqual([]);
  });

  it("is for admins only", async () => {
    const user = await makeUser(t.db);
    await expect(listNodeHealth(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listNodeHealth(makeCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const n = await insertNode(t.db);
    await expect(getNodeHealthHistory(user.ctx, n.id, "1d")).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("getNodeHealthHistory", () => {
  it("averages samples per bucket inside the window only", async () => {
    const n = await insertNode(t.db);
    await t.db.insert(nodeMetrics).values([
      // One 5-minute bucket (11:40-11:45) with two samples, another with one; one sample outside a day.
      { nodeId: n.id, sampledAt: new Date("2026-11-25T11:41:00Z"), cpuPercent: 10, memUsedBytes: 1, memTotalBytes: 4, netRxBytesPerSec: 100, netTxBytesPerSec: 10 },
      { nodeId: n.id, sampledAt: new Date("2026-11-25T11:43:00Z"), cpuPercent: 30, memUsedBytes: 3, memTotalBytes: 4, netRxBytesPerSec: 300, netTxBytesPerSec: 30 },
      { nodeId: n.id, sampledAt: new Date("2026-11-25T11:51:00Z"), cpuPercent: 50, memUsedBytes: null, memTotalBytes: 4 },
      { nodeId: n.id, sampledAt: new Date("2026-11-24T11:00:00Z"), cpuPercent: 99 },
    ]);
    const day = await getNodeHealthHistory(admin, n.id, "1d");
    expect(day).toMatchObject({ range: "1d", bucketSeconds: 300 });
    expect(day.points).toEqual([
      { t: "2026-11-25T11:40:00.000Z", cpuPercent: 20, memPercent: 50, diskPercent: null, rxBytesPerSec: 200, txBytesPerSec: 20 },
      { t: "2026-11-25T11:50:00.000Z", cpuPercent: 50, memPercent: null, diskPercent: null, rxBytesPerSec: null, txBytesPerSec: null },
    ]);
    const week = await getNodeHealthHistory(admin, n.id, "7d");
    expect(week.bucketSeconds).toBe(1800);
    expect(week.points.map((p) => p.cpuPercent)).toEqual([99, 30]);
  });
});

describe("pruneAgentData", () => {
  it("removes batch keys after a day and samples after logRetentionDays, in bounded statements", async () => {
    await riskConfig(t.db, { logRetentionDays: 3 });
    const n = await insertNode(t.db);
    const hours = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
    await t.db.insert(agentBatches).values([
      ...Array.from({ length: 7 }, (_, i) => ({ nodeId: n.id, key: `old-key-${i}`, kind: "latency" as const, response: { ok: true }, createdAt: hours(25 + i) })),
      { nodeId: n.id, key: "new-key-1", kind: "latency", response: { ok: true }, createdAt: hours(23) },
    ]);
    await t.db.insert(nodeMetrics).values([
      ...Array.from({ length: 5 }, (_, i) => ({ nodeId: n.id, sampledAt: hours(73 + i), cpuPercent: 1 })),
      { nodeId: n.id, sampledAt: hours(71), cpuPercent: 2 },
    ]);
    const keys = async () => (await t.db.select({ key: agentBatches.key }).from(agentBatches).where(eq(agentBatches.nodeId, n.id))).map((r) => r.key).sort();
    const samples = async () => (await t.db.select({ cpu: nodeMetrics.cpuPercent }).from(nodeMetrics).where(eq(nodeMetrics.nodeId, n.id))).map((r) => r.cpu);

    // Two statements of three rows: six keys go, the seventh waits for the next run.
    expect(await pruneAgentData(t.db, { now: NOW, batchSize: 3, maxStatements: 2 })).toEqual({ batches: 6, metrics: 0 });
    expect(await keys()).toHaveLength(2);
    const done = await pruneAgentData(t.db, { now: NOW, batchSize: 3, maxStatements: 10 });
    expect(done.batches).toBe(1);
    expect(done.metrics).toBe(5);
    expect(await keys()).toEqual(["new-key-1"]);
    expect(await samples()).toEqual([2]);
    expect(await pruneAgentData(t.db, { now: NOW })).toEqual({ batches: 0, metrics: 0 });
  });

  it("is safe when instances run it at the same time", async () => {
    const n = await insertNode(t.db);
    await t.db.insert(nodeMetrics).values(Array.from({ length: 40 }, (_, i) => ({ nodeId: n.id, sampledAt: new Date(NOW.getTime() - (400 + i) * 86_400_000) })));
    const runs = await Promise.all([0, 1, 2].map(() => pruneAgentData(t.db, { now: NOW, batchSize: 7 })));
    expect(runs.reduce((s, r) => s + r.metrics, 0)).toBe(40);
    expect(await t.db.select().from(nodeMetrics).where(eq(nodeMetrics.nodeId, n.id))).toHaveLength(0);
  });

  it("is one of the periodic jobs", async () => {
    const job = PERIODIC_JOBS.find((j) => j.name === "agents.prune");
    expect(job).toBeDefined();
    await t.db.insert(agentBatches).values({ nodeId: (await insertNode(t.db)).id, key: "ancient-key", kind: "trace", createdAt: new Date("2020-01-01T00:00:00Z") });
    await job!.run(t.db);
    expect((await t.db.execute(sql`select count(*)::int as n from agent_batches where key = 'ancient-key'`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 0 }] });
  });
});
