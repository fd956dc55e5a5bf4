// Latency ingest: latest upserted, log rows written, last report time set; any invalid item or an
// oversized batch writes nothing at all.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nodeLatencies, nodeLatencyLogs, nodes } from "../../src/server/db/schema";
import { reportLatency } from "../../src/server/services/telemetry";
import { anonCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { agentCtx, insertNode } from "./helpers";

let t: TestDb;
let nodeA: string;
let nodeB: string;
beforeAll(async () => {
  t = await createTestDb();
  nodeA = (await insertNode(t.db)).id;
  nodeB = (await insertNode(t.db)).id;
});
afterAll(() => t.close());

const latestOf = async (nodeId: string) =>
  Object.fromEntries((await t.db.select().from(nodeLatencies).where(eq(nodeLatencies.nodeId, nodeId))).map((r) => [r.carrier, r.latencyMs]));
const logCount = async (nodeId?: string) => Number((await t.db.select({ n: count() }).from(nodeLatencyLogs).where(nodeId ? eq(nodeLatencyLogs.nodeId, nodeId) : undefined))[0]!.n);
const lastReport = async (nodeId: string) => (await t.db.select({ at: nodes.lastAgentReportAt }).from(nodes).where(eq(nodes.id, nodeId)))[0]!.at;

describe("reportLatency", () => {
  let snapshot: { latest: Record<string, number>; logs: number; last: Date | null };
  beforeEach(async () => {
    snapshot = { latest: await latestOf(nodeA), logs: await logCount(), last: await lastReport(nodeA) };
  });
  const expectNothingWritten = async () => {
    expect(await latestOf(nodeA)).toEqual(snapshot.latest);
    expect(await logCount()).toBe(snapshot.logs);
    expect(await lastReport(nodeA)).toEqual(snapshot.last);
  };

  it("refuses callers that are not an agent", async () => {
    const user = await makeUser(t.db, "ADMIN");
    for (const ctx of [anonCtx(t.db), user.ctx]) {
      await expect(reportLatency(ctx, { latencies: [{ carrier: "telecom", latencyMs: 5 }] })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expectNothingWritten();
  });

  it("upserts the latest value per carrier, logs every item and stamps the node", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const r = await reportLatency(agentCtx(t.db, nodeA, now), {
      latencies: [
        { carrier: "telecom", latencyMs: 120.5 },
        { carrier: "unicom", latencyMs: 0 },
        { carrier: "mobile", latencyMs: 60_000 },
      ],
    });
    expect(r).toEqual({ ok: true, updated: 3, logged: 3 });
    expect(await latestOf(nodeA)).toEqual({ telecom: 120.5, unicom: 0, mobile: 60_000 });
    expect(await logCount(nodeA)).toBe(3);
    expect(await lastReport(nodeA)).toEqual(now);

    const later = new Date("2030-01-01T00:01:00Z");
    await reportLatency(agentCtx(t.db, nodeA, later), { latencies: [{ carrier: "telecom", latencyMs: 80 }] });
    expect(await latestOf(nodeA)).toEqual({ telecom: 80, unicom: 0, mobile: 60_000 });
    const [row] = await t.db.select().from(nodeLatencies).where(and(eq(nodeLatencies.nodeId, nodeA), eq(nodeLatencies.carrier, "telecom")));
    expect(row!.updatedAt).toEqual(later);
    expect(await logCount(nodeA)).toBe(4);
    expect(await logCount(nodeB)).toBe(0);
  });

  it("logs several samples of one carrier and keeps the last as latest", async () => {
    const before = await logCount(nodeB);
    const r = await reportLatency(agentCtx(t.db, nodeB), { latencies: [{ carrier: "mobile", latencyMs: 30 }, { carrier: "mobile", latencyMs: 35 }] });
    expect(r).toEqual({ ok: true, updated: 1, logged: 2 });
    expect(await latestOf(nodeB)).toEqual({ mobile: 35 });
    expect(await logCount(nodeB)).toBe(before + 2);
  });

  it.each([
    ["an unknown carrier", { latencies: [{ carrier: "telecom", latencyMs: 10 }, { carrier: "satellite", latencyMs: 10 }] }, /carrier/],
    ["a negative value", { latencies: [{ carrier: "telecom", latencyMs: 10 }, { carrier: "unicom", latencyMs: -1 }] }, /latencyMs/],
    ["an absurd value", { latencies: [{ carrier: "telecom", latencyMs: 10 }, { carrier: "unicom", latencyMs: 1e9 }] }, /latencyMs/],
    ["an infinite value", { latencies: [{ carrier: "telecom", latencyMs: Infinity }] }, /latencyMs/],
    ["a string value", { latencies: [{ carrier: "telecom", latencyMs: "12" }] }, /latencyMs/],
    ["a missing value", { latencies: [{ carrier: "telecom" }] }, /latencyMs/],
    ["latencies not an array", { latencies: { carrier: "telecom", latencyMs: 1 } }, /latencies/],
    ["no latencies key", { traces: [] }, /latencies/],
    ["a non-object body", "telecom=10", /./],
  ])("refuses %s with VALIDATION and writes nothing", async (_, body, message) => {
    await expect(reportLatency(agentCtx(t.db, nodeA), body)).rejects.toMatchObject({ code: "VALIDATION", message: expect.stringMatching(message) });
    await expectNothingWritten();
  });

  it("refuses an oversized batch with PAYLOAD_TOO_LARGE and writes nothing", async () => {
    const latencies = Array.from({ length: 51 }, (_, i) => ({ carrier: "telecom", latencyMs: i }));
    await expect(reportLatency(agentCtx(t.db, nodeA), { latencies })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    await expectNothingWritten();
    // 50 is the limit, not 49.
    await expect(reportLatency(agentCtx(t.db, nodeB), { latencies: latencies.slice(0, 50) })).resolves.toMatchObject({ logged: 50 });
  });

  it("treats an agent whose node was deleted as revoked", async () => {
    const gone = await insertNode(t.db);
    await t.db.delete(nodes).where(eq(nodes.id, gone.id));
    await expect(reportLatency(agentCtx(t.db, gone.id), { latencies: [{ carrier: "telecom", latencyMs: 5 }] })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await logCount(gone.id)).toBe(0);
  });

  it("accepts an empty batch as a heartbeat", async () => {
    const now = new Date("2031-05-05T05:05:05Z");
    await expect(reportLatency(agentCtx(t.db, nodeB, now), { latencies: [] })).resolves.toEqual({ ok: true, updated: 0, logged: 0 });
    expect(await lastReport(nodeB)).toEqual(now);
  });
});
