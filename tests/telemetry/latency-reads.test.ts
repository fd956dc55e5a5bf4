// Latency reads: latest per carrier, and history bucketed in SQL for each range.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeLatencyLogs } from "../../src/server/db/schema";
import { getLatencyHistory, getLatestLatency, reportLatency } from "../../src/server/services/telemetry";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { agentCtx, fixedCtx, insertNode } from "./helpers";
import type { Ctx } from "../../src/server/context";

let t: TestDb;
let reader: Ctx;
beforeAll(async () => {
  t = await createTestDb();
  reader = (await makeUser(t.db)).ctx;
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
async function logRows(nodeId: string, rows: [carrier: "telecom" | "unicom" | "mobile", latencyMs: number, iso: string][]) {
  await t.db.insert(nodeLatencyLogs).values(rows.map(([carrier, latencyMs, iso]) => ({ nodeId, carrier, latencyMs, createdAt: at(iso) })));
}

describe("getLatestLatency", () => {
  it("returns the latest value per carrier in carrier order", async () => {
    const node = await insertNode(t.db, { name: "Tokyo" });
    await reportLatency(agentCtx(t.db, node.id, at("2030-01-01T00:00:00Z")), { latencies: [{ carrier: "mobile", latencyMs: 90 }, { carrier: "telecom", latencyMs: 70 }] });
    const r = await getLatestLatency(reader, { nodeId: node.id });
    expect(r).toEqual({
      nodeId: node.id,
      nodeName: "Tokyo",
      lastReportAt: "2030-01-01T00:00:00.000Z",
      latencies: [
        { carrier: "telecom", latencyMs: 70, updatedAt: "2030-01-01T00:00:00.000Z" },
        { carrier: "mobile", latencyMs: 90, updatedAt: "2030-01-01T00:00:00.000Z" },
      ],
    });
  });

  it("404s an unknown or malformed node id and 400s a missing one", async () => {
    await expect(getLatestLatency(reader, { nodeId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getLatestLatency(reader, { nodeId: "1; drop table nodes" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getLatestLatency(reader, {})).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("getLatencyHistory", () => {
  let nodeId: string;
  beforeAll(async () => {
    nodeId = (await insertNode(t.db)).id;
    const noise = (await insertNode(t.db)).id;
    await logRows(nodeId, [
      // 1d window ending 2030-03-10T12:00Z, 5-minute buckets
      ["telecom", 30, "2030-03-10T11:00:10Z"],
      ["telecom", 50, "2030-03-10T11:04:59Z"],
      ["telecom", 70, "2030-03-10T11:05:00Z"],
      ["telecom", 10, "2030-03-09T12:30:00Z"],
      ["telecom", 999, "2030-03-09T11:59:00Z"], // just outside 1d
      ["unicom", 5, "2030-03-10T11:01:00Z"], // other carrier
      // 7d: 30-minute buckets
      ["telecom", 100, "2030-03-04T10:00:00Z"],
      ["telecom", 200, "2030-03-04T10:29:59Z"],
      ["telecom", 300, "2030-03-02T12:00:00Z"], // 8 days back: outside 7d
      // 30d: 2-hour buckets
      ["telecom", 400, "2030-02-10T13:00:00Z"],
      ["telecom", 600, "2030-02-10T14:00:00Z"], // next 2h bucket
      ["telecom", 800, "2030-02-08T11:00:00Z"], // 30 days + 1 h back: outside
      ["telecom", 5000, "2030-03-10T12:00:01Z"], // after "now": never shown
    ]);
    await logRows(noise, [["telecom", 1, "2030-03-10T11:00:10Z"]]);
  });
  const ctx = () => fixedCtx(reader, at("2030-03-10T12:00:00Z"));

  it("1d: 5-minute buckets with avg/min/max/samples", async () => {
    const r = await getLatencyHistory(ctx(), { nodeId, carrier: "telecom", range: "1d" });
    expect(r).toMatchObject({ range: "1d", bucketSeconds: 300, from: "2030-03-09T12:00:00.000Z", to: "2030-03-10T12:00:00.000Z" });
    expect(r.points).toEqual([
      { t: "2030-03-09T12:30:00.000Z", avgMs: 10, minMs: 10, maxMs: 10, samples: 1 },
      { t: "2030-03-10T11:00:00.000Z", avgMs: 40, minMs: 30, maxMs: 50, samples: 2 },
      { t: "2030-03-10T11:05:00.000Z", avgMs: 70, minMs: 70, maxMs: 70, samples: 1 },
    ]);
  });

  it("7d: 30-minute buckets over the week", async () => {
    const r = await getLatencyHistory(ctx(), { nodeId, carrier: "telecom", range: "7d" });
    expect(r.bucketSeconds).toBe(1800);
    expect(r.points).toEqual([
      { t: "2030-03-04T10:00:00.000Z", avgMs: 150, minMs: 100, maxMs: 200, samples: 2 },
      { t: "2030-03-09T11:30:00.000Z", avgMs: 999, minMs: 999, maxMs: 999, samples: 1 },
      { t: "2030-03-09T12:30:00.000Z", avgMs: 10, minMs: 10, maxMs: 10, samples: 1 },
      { t: "2030-03-10T11:00:00.000Z", avgMs: 50, minMs: 30, maxMs: 70, samples: 3 },
    ]);
  });

  it("30d: 2-hour buckets over the month", async () => {
    const r = await getLatencyHistory(ctx(), { nodeId, carrier: "telecom", range: "30d" });
    expect(r.bucketSeconds).toBe(7200);
    expect(r.points.map((p) => [p.t, p.avgMs, p.samples])).toEqual([
      ["2030-02-10T12:00:00.000Z", 400, 1],
      ["2030-02-10T14:00:00.000Z", 600, 1],
      ["2030-03-02T12:00:00.000Z", 300, 1],
      ["2030-03-04T10:00:00.000Z", 150, 2],
      ["2030-03-09T10:00:00.000Z", 999, 1],
      ["2030-03-09T12:00:00.000Z", 10, 1],
      ["2030-03-10T10:00:00.000Z", 50, 3],
    ]);
  });

  it("defaults to 1d and refuses bad carriers and ranges", async () => {
    expect((await getLatencyHistory(ctx(), { nodeId, carrier: "unicom" })).points).toEqual([{ t: "2030-03-10T11:00:00.000Z", avgMs: 5, minMs: 5, maxMs: 5, samples: 1 }]);
    await expect(getLatencyHistory(ctx(), { nodeId, carrier: "satellite", range: "1d" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(getLatencyHistory(ctx(), { nodeId, carrier: "telecom", range: "2d" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(getLatencyHistory(ctx(), { nodeId, range: "1d" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(getLatencyHistory(ctx(), { nodeId: "nope", carrier: "telecom", range: "1d" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
