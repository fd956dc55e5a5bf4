// Trace ingest: classified by us (the agent's label never decides), one row per node + carrier.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodes, routeTraces } from "../../src/server/db/schema";
import { getRouteTraces, reportTraces } from "../../src/server/services/telemetry";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { agentCtx, insertNode } from "./helpers";

let t: TestDb;
let nodeId: string;
beforeAll(async () => {
  t = await createTestDb();
  nodeId = (await insertNode(t.db)).id;
});
afterAll(() => t.close());

const plain163 = [
  { hop: 1, ip: "10.0.0.1", geo: "US", latency: 0.5, asn: "", owner: "", isp: "" },
  { hop: 2, ip: "202.97.50.1", geo: "CN", latency: 150, asn: "AS4134", owner: "CHINANET-BACKBONE", isp: "China Telecom" },
  { hop: 3, ip: "202.97.12.9", geo: "CN", latency: 160, asn: "AS4134", owner: "CHINANET-BACKBONE", isp: "China Telecom" },
];
const gia = [
  { hop: 1, ip: "10.0.0.1", geo: "US", latency: 0.5, asn: "", owner: "", isp: "" },
  { hop: 2, ip: "59.43.182.2", geo: "CN", latency: 130, asn: "AS4809", owner: "CHINATELECOM", isp: "China Telecom" },
];
const rowsFor = (carrier?: "telecom" | "unicom" | "mobile") =>
  t.db.select().from(routeTraces).where(carrier ? and(eq(routeTraces.nodeId, nodeId), eq(routeTraces.carrier, carrier)) : eq(routeTraces.nodeId, nodeId));

describe("reportTraces", () => {
  it("refuses callers that are not an agent", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    await expect(reportTraces(admin.ctx, { traces: [{ carrier: "telecom", hops: gia }] })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await rowsFor()).toHaveLength(0);
  });

  it("stores our own classification and keeps the agent's label only as agentSummary", async () => {
    const now = new Date("2030-02-02T02:02:02Z");
    const r = await reportTraces(agentCtx(t.db, nodeId, now), { traces: [{ carrier: "telecom", hops: plain163, summary: "CN2 GIA", hopCount: 3 }] });
    expect(r).toEqual({ ok: true, updated: 1, traces: [{ carrier: "telecom", summary: "163", hopCount: 3 }] });
    const [row] = await rowsFor("telecom");
    expect(row).toMatchObject({ summary: "163", agentSummary: "CN2 GIA", hopCount: 3, updatedAt: now });
    expect(row!.hops).toEqual(plain163);
    const [node] = await t.db.select().from(nodes).where(eq(nodes.id, nodeId));
    expect(node!.lastAgentReportAt).toEqual(now);
  });

  it("upserts by node + carrier: a new report replaces the old one, other carriers are separate", async () => {
    await reportTraces(agentCtx(t.db, nodeId), { traces: [{ carrier: "telecom", hops: gia, summary: "163" }] });
    await reportTraces(agentCtx(t.db, nodeId), { traces: [{ carrier: "mobile", hops: [{ hop: 1, ip: "223.120.1.1", asn: "58453" }] }] });
    const telecom = await rowsFor("telecom");
    expect(telecom).toHaveLength(1);
    expect(telecom[0]).toMatchObject({ summary: "CN2 GIA", agentSummary: "163", hopCount: 2 });
    expect((await rowsFor()).map((r) => [r.carrier, r.summary]).sort()).toEqual([
      ["mobile", "CMI"],
      ["telecom", "CN2 GIA"],
    ]);
  });

  it("normalizes hops before storing them", async () => {
    await reportTraces(agentCtx(t.db, nodeId), {
      traces: [{ carrier: "unicom", hops: [{ hop: "2", ip: "219.158.3.1", asn: 4837, latency: "33.3" }, { hop: 1, ip: "*" }, { ip: "10.1.1.1" }], hopCount: 99 }],
    });
    const [row] = await rowsFor("unicom");
    expect(row!.hops).toEqual([
      { hop: 2, ip: "219.158.3.1", geo: "", latency: 33.3, asn: "AS4837", owner: "", isp: "" },
      { hop: 3, ip: "10.1.1.1", geo: "", latency: 0, asn: "", owner: "", isp: "" },
    ]);
    expect(row).toMatchObject({ summary: "AS4837", hopCount: 3 });
  });

  it.each([
    ["an unknown carrier", { traces: [{ carrier: "telecom", hops: gia }, { carrier: "cable", hops: gia }] }, "VALIDATION"],
    ["hops not an array", { traces: [{ carrier: "telecom", hops: "59.43.1.1" }] }, "VALIDATION"],
    ["a hop that is not an object", { traces: [{ carrier: "telecom", hops: [gia[1], "junk"] }] }, "VALIDATION"],
    ["a hop field of the wrong type", { traces: [{ carrier: "telecom", hops: [{ ...gia[1], asn: { n: 4809 } }] }] }, "VALIDATION"],
    ["a non-integer hopCount", { traces: [{ carrier: "telecom", hops: gia, hopCount: 2.5 }] }, "VALIDATION"],
    ["too many traces", { traces: Array.from({ length: 11 }, () => ({ carrier: "telecom", hops: gia })) }, "PAYLOAD_TOO_LARGE"],
    ["too many hops", { traces: [{ carrier: "mobile", hops: Array.from({ length: 65 }, (_, i) => ({ hop: i + 1, ip: "1.1.1.1" })) }] }, "PAYLOAD_TOO_LARGE"],
  ])("refuses %s and changes nothing", async (_, body, code) => {
    const before = await rowsFor();
    await expect(reportTraces(agentCtx(t.db, nodeId), body)).rejects.toMatchObject({ code });
    expect(await rowsFor()).toEqual(before);
  });

  it("re-normalizes and re-classifies stored rows on read", async () => {
    // A row as an older release (or a bad agent) may have left it: wrong label, raw hop shapes.
    const other = (await insertNode(t.db)).id;
    await t.db.insert(routeTraces).values({
      nodeId: other,
      carrier: "telecom",
      summary: "CN2 GIA",
      hopCount: 4,
      hops: [{ hop: "1", ip: "202.97.1.1", asn: "4134" }, { hop: 2, ip: "202.97.2.2", asn: "as4134", owner: "GEORGIA" }, null, { hop: 4, ip: "*" }] as never,
    });
    const user = await makeUser(t.db, "USER");
    const view = await getRouteTraces(user.ctx, { nodeId: other });
    expect(view.traces).toEqual([
      {
        carrier: "telecom",
        summary: "163",
        hopCount: 4,
        hops: [
          { hop: 1, ip: "202.97.1.1", geo: "", latency: 0, asn: "AS4134", owner: "", isp: "" },
          { hop: 2, ip: "202.97.2.2", geo: "", latency: 0, asn: "AS4134", owner: "GEORGIA", isp: "" },
        ],
        updatedAt: expect.any(String),
      },
    ]);
    await expect(getRouteTraces(user.ctx, { nodeId: "3f0c6a5e-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getRouteTraces(user.ctx, { nodeId: "not-a-uuid" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getRouteTraces(user.ctx, {})).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
