// Recommendations: best node per carrier by recent average, latest as fallback, stale nodes out.
// Its own database, because recommendations span every node.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../../src/server/context";
import { getLatencyRecommendations, reportLatency } from "../../src/server/services/telemetry";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { agentCtx, fixedCtx, insertNode } from "./helpers";

let t: TestDb;
let reader: Ctx;
beforeAll(async () => {
  t = await createTestDb();
  reader = (await makeUser(t.db)).ctx;
});
afterAll(() => t.close());

const now = new Date("2030-06-01T12:00:00Z");
const minsAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const report = (nodeId: string, when: Date, latencies: [string, number][]) =>
  reportLatency(agentCtx(t.db, nodeId, when), { latencies: latencies.map(([carrier, latencyMs]) => ({ carrier, latencyMs })) });

describe("getLatencyRecommendations", () => {
  it("has no recommendation for a carrier nobody reported", async () => {
    const r = await getLatencyRecommendations(fixedCtx(reader, now));
    expect(r.carriers.map((x) => [x.carrier, x.best, x.nodes])).toEqual([
      ["telecom", null, []],
      ["unicom", null, []],
      ["mobile", null, []],
    ]);
  });

  it("picks the best node per carrier by recent average, falling back to latest, skipping stale nodes", async () => {
    const a = await insertNode(t.db, { name: "Alpha" });
    const b = await insertNode(t.db, { name: "Bravo" });
    const c = await insertNode(t.db, { name: "Charlie" });
    // telecom: Alpha's latest (40) is the lowest, but its recent average is 60; Bravo is steady at 50.
    await report(a.id, minsAgo(20), [["telecom", 80]]);
    await report(a.id, minsAgo(1), [["telecom", 40]]);
    await report(b.id, minsAgo(10), [["telecom", 50]]);
    // unicom: Alpha has only an old sample (latest 100 is the fallback); Bravo's recent average is 140.
    await report(a.id, minsAgo(120), [["unicom", 100]]);
    await report(b.id, minsAgo(25), [["unicom", 200]]);
    await report(b.id, minsAgo(5), [["unicom", 80]]);
    // mobile: Charlie is fastest but silent for two days; Alpha is the answer.
    await report(c.id, minsAgo(48 * 60), [["mobile", 1]]);
    await report(a.id, minsAgo(3), [["mobile", 30]]);

    const r = await getLatencyRecommendations(fixedCtx(reader, now));
    const by = Object.fromEntries(r.carriers.map((x) => [x.carrier, x]));
    expect(r.windowMinutes).toBe(30);
    expect(by.telecom!.best).toEqual({ nodeId: b.id, nodeName: "Bravo", latencyMs: 50, basis: "recent-average", samples: 1, updatedAt: minsAgo(10).toISOString() });
    expect(by.telecom!.nodes.map((n) => [n.nodeName, n.latencyMs, n.samples])).toEqual([["Bravo", 50, 1], ["Alpha", 60, 2]]);
    expect(by.unicom!.best).toMatchObject({ nodeId: a.id, nodeName: "Alpha", latencyMs: 100, basis: "latest" });
    expect(by.unicom!.nodes.map((n) => [n.nodeName, n.latencyMs, n.basis])).toEqual([["Alpha", 100, "latest"], ["Bravo", 140, "recent-average"]]);
    expect(by.mobile!.best).toMatchObject({ nodeName: "Alpha", latencyMs: 30 });
    expect(by.mobile!.nodes.map((n) => n.nodeName)).toEqual(["Alpha"]);
  });
});
