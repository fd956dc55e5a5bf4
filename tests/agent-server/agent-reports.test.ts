// The agent's identity and last report per kind: written by the route wrapper after a verb
// succeeded, from our agent's User-Agent only, one kind per route.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as postLatency } from "../../src/app/api/agent/latency/route";
import { POST as postMetrics } from "../../src/app/api/agent/metrics/route";
import { POST as postAccess } from "../../src/app/api/agent/node-access/route";
import { POST as postTrace } from "../../src/app/api/agent/trace/route";
import { nodes } from "../../src/server/db/schema";
import { agentVersionOf } from "../../src/server/services/telemetry";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { insertNode } from "../telemetry/helpers";
import { newKey, postAgent, type RouteHandler } from "./post";

const t = testDbForFile({ install: true });
beforeAll(() => {
  useMemoryLimiter();
});
let node: Awaited<ReturnType<typeof insertNode>>;
beforeEach(async () => {
  node = await insertNode(t.db);
});

const nodeRow = async () => (await t.db.select().from(nodes).where(eq(nodes.id, node.id)))[0]!;
const UA = "relayboard-agent/1.4.2";

describe("agentVersionOf", () => {
  it.each([
    ["relayboard-agent/0.1.0", "0.1.0"],
    ["relayboard-agent/2.0.0-rc.1+build.5 (linux; x64)", "2.0.0-rc.1+build.5"],
    [" relayboard-agent/10.20.30 ", "10.20.30"],
    [`relayboard-agent/1.0.0-${"x".repeat(60)}`, `1.0.0-${"x".repeat(34)}`],
  ])("reads %s", (ua, version) => {
    expect(agentVersionOf(ua)).toBe(version);
    expect(agentVersionOf(ua)!.length).toBeLessThanOrEqual(40);
  });

  it.each([null, "", "curl/8.5.0", "Mozilla/5.0", "relayboard-agent/", "relayboard-agent/latest", "relayboard-agent/1.2", "other relayboard-agent/1.2.3", "relayboard-agentx/1.2.3"])(
    "ignores %j",
    (ua) => expect(agentVersionOf(ua)).toBeNull(),
  );
});

describe("last report per kind", () => {
  const routes: [string, RouteHandler, unknown][] = [
    ["latency", postLatency, { latencies: [{ carrier: "telecom", latencyMs: 20 }] }],
    ["trace", postTrace, { traces: [] }],
    ["access", postAccess, { events: [] }],
    ["metrics", postMetrics, { metrics: { cpuPercent: 3 } }],
  ];

  it.each(routes)("records %s with the version, with and without a key", async (kind, handler, body) => {
    const before = await nodeRow();
    expect(before.agentLastReports).toEqual({});
    expect(before.agentVersion).toBeNull();
    const res = await postAgent(handler, { token: node.token, userAgent: UA, body });
    expect(res.status).toBe(200);
    const after = await nodeRow();
    expect(after.agentVersion).toBe("1.4.2");
    expect(Object.keys(after.agentLastReports)).toEqual([kind]);
    const at = Date.parse(after.agentLastReports[kind as "latency"]!);
    expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
    expect(after.lastAgentReportAt?.getTime()).toBe(at);

    const keyed = await postAgent(handler, { token: node.token, key: newKey(), userAgent: "relayboard-agent/1.5.0", body });
    expect(keyed.status).toBe(200);
    const later = await nodeRow();
    expect(later.agentVersion).toBe("1.5.0");
    expect(Date.parse(later.agentLastReports[kind as "latency"]!)).toBeGreaterThanOrEqual(at);
  });

  it("keeps one time per kind, and each route moves only its own", async () => {
    for (const [, handler, body] of routes) expect((await postAgent(handler, { token: node.token, userAgent: UA, body })).status).toBe(200);
    const all = (await nodeRow()).agentLastReports;
    expect(Object.keys(all).sort()).toEqual(["access", "latency", "metrics", "trace"]);
    await new Promise((r) => setTimeout(r, 5));
    await postAgent(postTrace, { token: node.token, userAgent: UA, body: { traces: [] } });
    const next = (await nodeRow()).agentLastReports;
    expect(next.latency).toBe(all.latency);
    expect(next.access).toBe(all.access);
    expect(next.metrics).toBe(all.metrics);
    expect(Date.parse(next.trace!)).toBeGreaterThan(Date.parse(all.trace!));
  });

  it("does not let another client's User-Agent overwrite the version", async () => {
    await postAgent(postLatency, { token: node.token, userAgent: UA, body: { latencies: [] } });
    await postAgent(postLatency, { token: node.token, userAgent: "curl/8.5.0", body: { latencies: [] } });
    await postAgent(postLatency, { token: node.token, body: { latencies: [] } });
    expect((await nodeRow()).agentVersion).toBe("1.4.2");
  });

  it("takes the version from the metrics sample when the User-Agent has none", async () => {
    await postAgent(postMetrics, { token: node.token, userAgent: "curl/8.5.0", body: { metrics: [{ agentVersion: "0.9.0" }, { agentVersion: "0.9.1" }] } });
    expect((await nodeRow()).agentVersion).toBe("0.9.1");
    await postAgent(postMetrics, { token: node.token, userAgent: UA, body: { metrics: { agentVersion: "0.9.1" } } });
    expect((await nodeRow()).agentVersion).toBe("1.4.2");
    await postAgent(postMetrics, { token: node.token, body: { metrics: { agentVersion: "not a version" } } });
    expect((await nodeRow()).agentVersion).toBe("1.4.2");
  });

  it("records nothing for a refused report", async () => {
    expect((await postAgent(postLatency, { token: node.token, userAgent: UA, body: { latencies: [{ carrier: "satellite", latencyMs: 1 }] } })).status).toBe(400);
    expect((await postAgent(postMetrics, { token: node.token, userAgent: UA, key: newKey(), body: { metrics: { cpuPercent: 101 } } })).status).toBe(400);
    const row = await nodeRow();
    expect(row.agentLastReports).toEqual({});
    expect(row.agentVersion).toBeNull();
    expect(row.lastAgentReportAt).toBeNull();
  });

  it("moves the report time on a replayed batch, which the agent sent again after all", async () => {
    const key = newKey();
    await postAgent(postLatency, { token: node.token, key, userAgent: UA, body: { latencies: [] } });
    const first = (await nodeRow()).agentLastReports.latency!;
    await new Promise((r) => setTimeout(r, 5));
    const again = await postAgent(postLatency, { token: node.token, key, userAgent: UA, body: { latencies: [] } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(Date.parse((await nodeRow()).agentLastReports.latency!)).toBeGreaterThan(Date.parse(first));
  });
});
