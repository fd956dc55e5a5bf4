// POST /api/agent/metrics: one sample or up to 60, every figure optional and bounded, sample times
// never in the future, the whole batch refused when one sample is wrong.
import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as postMetrics } from "../../src/app/api/agent/metrics/route";
import { makeCtx } from "../../src/server/context";
import { nodeMetrics, nodes } from "../../src/server/db/schema";
import { MAX_METRIC_SAMPLES, reportMetrics } from "../../src/server/services/telemetry";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { agentCtx, insertNode } from "../telemetry/helpers";
import { newKey, postAgent } from "./post";

const t = testDbForFile({ install: true });
beforeAll(() => {
  useMemoryLimiter();
});
let node: Awaited<ReturnType<typeof insertNode>>;
beforeEach(async () => {
  node = await insertNode(t.db);
});

const rows = () => t.db.select().from(nodeMetrics).where(eq(nodeMetrics.nodeId, node.id)).orderBy(asc(nodeMetrics.sampledAt), asc(nodeMetrics.id));
const send = (body: unknown, key: string | null = null) => postAgent(postMetrics, { token: node.token, key, body });

const sample = {
  sampledAt: "2026-11-25T16:59:24.547Z",
  cpuPercent: 12.5,
  memUsedBytes: 1_001_115_648,
  memTotalBytes: 2_063_233_024,
  diskUsedBytes: 27_553_193_984,
  diskTotalBytes: 270_553_174_016,
  netRxBytesPerSec: 1_200_000,
  netTxBytesPerSec: 300_000,
  load1: 0.52,
  uptimeSeconds: 123_466,
  agentVersion: "0.1.0",
};

describe("storing samples", () => {
  it("stores one sample with every figure as sent", async () => {
    const res = await send({ metrics: sample });
    expect(res).toMatchObject({ status: 200, body: { ok: true, stored: 1 } });
    const [row] = await rows();
    expect(row).toMatchObject({
      sampledAt: new Date(sample.sampledAt),
      cpuPercent: 12.5,
      memUsedBytes: sample.memUsedBytes,
      memTotalBytes: sample.memTotalBytes,
      diskUsedBytes: sample.diskUsedBytes,
      diskTotalBytes: sample.diskTotalBytes,
      netRxBytesPerSec: 1_200_000,
      netTxBytesPerSec: 300_000,
      load1: 0.52,
      uptimeSeconds: 123_466,
    });
  });

  it("stores a queued agent's array of samples in one go", async () => {
    const list = Array.from({ length: MAX_METRIC_SAMPLES }, (_, i) => ({ ...sample, sampledAt: new Date(Date.parse(sample.sampledAt) - i * 60_000).toISOString(), cpuPercent: i }));
    expect((await send({ metrics: list })).body).toEqual({ ok: true, stored: MAX_METRIC_SAMPLES });
    const stored = await rows();
    expect(stored).toHaveLength(MAX_METRIC_SAMPLES);
    expect(stored.map((r) => r.cpuPercent)).toEqual(list.map((s) => s.cpuPercent).reverse());
  });

  it("keeps null and absent figures as null, and takes the arrival time for a sample without one", async () => {
    const before = Date.now();
    expect((await send({ metrics: [{ cpuPercent: null, memUsedBytes: null }, {}] })).body).toEqual({ ok: true, stored: 2 });
    for (const r of await rows()) {
      expect([r.cpuPercent, r.memUsedBytes, r.memTotalBytes, r.diskUsedBytes, r.netRxBytesPerSec, r.load1, r.uptimeSeconds]).toEqual([null, null, null, null, null, null, null]);
      expect(r.sampledAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it("clamps a sample from the future to the arrival time, and keeps an offset's instant", async () => {
    const before = Date.now();
    await send({ metrics: [{ sampledAt: "2099-01-01T00:00:00Z" }, { sampledAt: "2026-11-26T00:59:24.000+08:00" }] });
    const [offset, future] = await rows();
    expect(offset!.sampledAt.toISOString()).toBe("2026-11-25T16:59:24.000Z");
    expect(future!.sampledAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(future!.sampledAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("rounds fractional byte counts instead of refusing the batch", async () => {
    await send({ metrics: { memUsedBytes: 10.6, netRxBytesPerSec: 99.4 } });
    expect(await rows()).toMatchObject([{ memUsedBytes: 11, netRxBytesPerSec: 99 }]);
  });

  it("answers an empty array with nothing stored", async () => {
    expect((await send({ metrics: [] })).body).toEqual({ ok: true, stored: 0 });
    expect(await rows()).toHaveLength(0);
  });

  it("stores a batch once per Idempotency-Key", async () => {
    const key = newKey();
    const body = { metrics: [sample, { ...sample, sampledAt: "2026-11-25T17:00:24.547Z" }] };
    const a = await send(body, key);
    const b = await send(body, key);
    expect(a.body).toEqual({ ok: true, stored: 2 });
    expect(b.body).toEqual(a.body);
    expect(await rows()).toHaveLength(2);
  });
});

describe("refusing samples", () => {
  it.each([
    ["cpuPercent over 100", { cpuPercent: 100.1 }, "metrics.cpuPercent"],
    ["negative memory", { memUsedBytes: -1 }, "metrics.memUsedBytes"],
    ["memory over a pebibyte", { memTotalBytes: 2 ** 50 + 1 }, "metrics.memTotalBytes"],
    ["a string figure", { diskUsedBytes: "12" }, "metrics.diskUsedBytes"],
    ["network beyond any interface", { netTxBytesPerSec: 2 ** 41 }, "metrics.netTxBytesPerSec"],
    ["a huge load", { load1: 1e6 }, "metrics.load1"],
    ["a time without offset", { sampledAt: "2026-11-25T16:59:24" }, "metrics.sampledAt"],
    ["a time that is not one", { sampledAt: "yesterday" }, "metrics.sampledAt"],
    ["an endless uptime", { uptimeSeconds: 1e12 }, "metrics.uptimeSeconds"],
  ])("refuses %s with 400 naming the field", async (_, bad, field) => {
    const res = await send({ metrics: { ...sample, ...bad } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: "VALIDATION" } });
    expect(Object.keys((res.body.error as { details: { fields: Record<string, string> } }).details.fields)).toContain(field);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses the whole array when one sample is wrong, naming it", async () => {
    const res = await send({ metrics: [sample, sample, { ...sample, cpuPercent: -3 }] });
    expect(res.status).toBe(400);
    expect((res.body.error as { details: { fields: Record<string, string> } }).details.fields).toHaveProperty(["metrics.2.cpuPercent"]);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses more than 60 samples with 413, and a missing or wrong envelope with 400", async () => {
    expect((await send({ metrics: Array.from({ length: MAX_METRIC_SAMPLES + 1 }, () => sample) })).status).toBe(413);
    expect((await send({})).status).toBe(400);
    expect((await send({ metrics: "high" })).status).toBe(400);
    expect((await send({ metrics: [1, 2] })).status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses callers that are not this node's agent", async () => {
    expect((await postAgent(postMetrics, { token: null, body: { metrics: sample } })).status).toBe(401);
    await expect(reportMetrics(makeCtx(t.db, { kind: "anonymous" }), { metrics: sample })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("stores nothing for a node deleted after its token was checked", async () => {
    const gone = await insertNode(t.db);
    await t.db.delete(nodes).where(eq(nodes.id, gone.id));
    await expect(reportMetrics(agentCtx(t.db, gone.id), { metrics: sample })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
