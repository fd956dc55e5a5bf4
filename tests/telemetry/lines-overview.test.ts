import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeLatencies, nodes, routeTraces } from "../../src/server/db/schema";
import { getLinesOverview } from "../../src/server/services/telemetry";
import { anonCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("getLinesOverview", () => {
  it("gives each node's latency and re-classified route per carrier, and nothing about the panel", async () => {
    const [a, b] = await t.db
      .insert(nodes)
      .values([
        { name: "A", panelUrl: "http://panel.internal:2053/p/", panelUsername: "root", panelPasswordEnc: "v1.x", sortOrder: 1, visibility: "VISIBLE" },
        { name: "B", panelUrl: "http://panel.internal:2054/p/", panelUsername: "root", panelPasswordEnc: "v1.x", sortOrder: 0, visibility: "VISIBLE" },
      ])
      .returning();
    await t.db.insert(nodeLatencies).values({ nodeId: a!.id, carrier: "telecom", latencyMs: 42 });
    await t.db.insert(routeTraces).values({
      nodeId: a!.id,
      carrier: "telecom",
      summary: "163",
      hopCount: 1,
      hops: [{ hop: 1, ip: "59.43.1.1", geo: "CN", latency: 30, asn: "AS4809", owner: "CN2", isp: "GIA" }],
    });
    const user = await makeUser(t.db);
    const overview = await getLinesOverview(user.ctx);
    expect(overview.map((n) => n.name)).toEqual(["B", "A"]);
    const na = overview.find((n) => n.id === a!.id)!;
    expect(na.latency.telecom?.latencyMs).toBe(42);
    expect(na.routes.telecom).toBe("CN2 GIA");
    expect(overview.find((n) => n.id === b!.id)).toMatchObject({ latency: {}, routes: {} });
    expect(JSON.stringify(overview)).not.toMatch(/panel\.internal|root|v1\.x/);
  });

  it("is refused to anonymous callers while telemetry is not public", async () => {
    await expect(getLinesOverview(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
