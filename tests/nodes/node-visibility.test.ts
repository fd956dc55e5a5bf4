// Issue 7 item 1: a node reaches customers (Lines page, recommendations, /api/latency*, /api/traces)
// only once it is visible: automatically at its first successful sync, or by the admin's switch.
// Admins keep seeing every node. Real nodes service against the 3x-ui simulator.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { makeCtx, type Ctx } from "../../src/server/context";
import { auditLogs, nodes } from "../../src/server/db/schema";
import * as svc from "../../src/server/services/nodes";
import { updateSettings } from "../../src/server/services/settings";
import { getLatencyHistory, getLatencyRecommendations, getLatestLatency, getLinesOverview, getRouteTraces, reportLatency } from "../../src/server/services/telemetry";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { PASS, seedInbounds, USER } from "../panel/helpers";
import { agentCtx } from "../telemetry/helpers";

const t = testDbForFile();
let sim: XuiSimulator;
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  sim = await startXuiSimulator({ username: USER, password: PASS, basePath: "/visibility/", inbounds: seedInbounds() });
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
});
afterAll(async () => {
  await sim?.close();
});

let seq = 0;
const form = (over: Record<string, unknown> = {}) => ({ name: `vis-${seq++}-${Date.now().toString(36)}`, panelUrl: sim.url, panelUsername: USER, panelPassword: PASS, ...over });

/** A node whose first sync failed (wrong panel password), with a fresh latency report from its agent. */
async function brokenNewNode() {
  const r = await svc.createNode(admin.ctx, form({ panelPassword: "wrong-password" }));
  expect(r.sync.ok).toBe(false);
  await reportLatency(agentCtx(t.db, r.node.id), { latencies: [{ carrier: "telecom", latencyMs: 12 }] });
  return r.node;
}

/** Fixes the panel password: the sync that follows succeeds. */
const fixPanel = (node: { id: string; name: string }) => svc.updateNode(admin.ctx, node.id, { name: node.name, panelUrl: sim.url, panelUsername: USER, panelPassword: PASS });

const outcome = (p: Promise<unknown>) => p.then(() => "ok", (err: { code?: string }) => err.code ?? "thrown");

/** Everything a caller can learn about one node through the telemetry reads. */
async function view(ctx: Ctx, nodeId: string) {
  const lines = (await getLinesOverview(ctx)).find((n) => n.id === nodeId);
  const recommended = (await getLatencyRecommendations(ctx)).carriers.some((c) => c.nodes.some((n) => n.nodeId === nodeId));
  const reads = await Promise.all([
    outcome(getLatestLatency(ctx, { nodeId })),
    outcome(getLatencyHistory(ctx, { nodeId, carrier: "telecom", range: "1d" })),
    outcome(getRouteTraces(ctx, { nodeId })),
  ]);
  return { listed: Boolean(lines), markedHidden: lines ? !lines.visible : null, recommended, reads };
}
const SHOWN = { listed: true, markedHidden: false, recommended: true, reads: ["ok", "ok", "ok"] };
const ABSENT = { listed: false, markedHidden: null, recommended: false, reads: ["NOT_FOUND", "NOT_FOUND", "NOT_FOUND"] };
/** An admin's view of a node users do not see: everything, marked hidden on the Lines page. */
const ADMIN_HIDDEN = { ...SHOWN, markedHidden: true };

const visibilityOf = async (id: string) => (await t.db.select({ v: nodes.visibility }).from(nodes).where(eq(nodes.id, id)))[0]!.v;

describe("node visibility", () => {
  it("keeps a new node whose first sync fails away from users and public readers; admins see it, marked", async () => {
    const node = await brokenNewNode();
    expect(node.visibility).toBe("PENDING");
    expect(await view(user.ctx, node.id)).toEqual(ABSENT);
    expect(await view(admin.ctx, node.id)).toEqual(ADMIN_HIDDEN);
    expect((await svc.listNodes(admin.ctx)).find((n) => n.id === node.id)).toMatchObject({ visibility: "PENDING" });

    await updateSettings(cliCtx(t.db), { telemetryPublic: true });
    try {
      expect(await view(anonCtx(t.db), node.id)).toEqual(ABSENT);
    } finally {
      await updateSettings(cliCtx(t.db), { telemetryPublic: false });
    }

    // Another failed sync changes nothing.
    expect((await svc.testNodeConnection(admin.ctx, node.id)).ok).toBe(false);
    expect(await visibilityOf(node.id)).toBe("PENDING");
    expect(await view(user.ctx, node.id)).toEqual(ABSENT);
  });

  it("shows the node to users after its first successful sync", async () => {
    const node = await brokenNewNode();
    const fixed = await fixPanel(node);
    expect(fixed.sync.ok).toBe(true);
    expect(fixed.node.visibility).toBe("VISIBLE");
    expect(await view(user.ctx, node.id)).toEqual(SHOWN);

    // A node whose panel works when it is added is visible at once.
    const good = await svc.createNode(admin.ctx, form());
    expect(good.sync.ok).toBe(true);
    expect(good.node.visibility).toBe("VISIBLE");
  });

  it("hides a node from users when the admin switches it off, keeps it listed for admins, and no sync reveals it again", async () => {
    const { node } = await svc.createNode(admin.ctx, form());
    await reportLatency(agentCtx(t.db, node.id), { latencies: [{ carrier: "telecom", latencyMs: 20 }] });
    expect(await view(user.ctx, node.id)).toEqual(SHOWN);

    expect(await svc.setNodeVisibility(admin.ctx, node.id, { visible: false })).toEqual({ id: node.id, visibility: "HIDDEN" });
    expect(await view(user.ctx, node.id)).toEqual(ABSENT);
    expect(await view(admin.ctx, node.id)).toEqual(ADMIN_HIDDEN);
    expect(await view(cliCtx(t.db), node.id)).toEqual(ADMIN_HIDDEN);
    expect((await svc.listNodes(admin.ctx)).find((n) => n.id === node.id)).toMatchObject({ visibility: "HIDDEN" });

    expect((await svc.testNodeConnection(admin.ctx, node.id)).ok).toBe(true);
    expect(await visibilityOf(node.id)).toBe("HIDDEN");

    await svc.setNodeVisibility(admin.ctx, node.id, { visible: true });
    expect(await view(user.ctx, node.id)).toEqual(SHOWN);

    const audits = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, node.id), eq(auditLogs.action, "admin.node.visibility")));
    expect(audits.map((a) => a.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: "VISIBLE", to: "HIDDEN" }),
        expect.objectContaining({ from: "HIDDEN", to: "VISIBLE" }),
      ]),
    );
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);
  });

  it("treats the admin's choice before the first sync as final: hidden stays hidden, shown is shown at once", async () => {
    const hidden = await brokenNewNode();
    await svc.setNodeVisibility(admin.ctx, hidden.id, { visible: false });
    expect((await fixPanel(hidden)).sync.ok).toBe(true);
    expect(await visibilityOf(hidden.id)).toBe("HIDDEN");
    expect(await view(user.ctx, hidden.id)).toEqual(ABSENT);

    const shown = await brokenNewNode();
    await svc.setNodeVisibility(admin.ctx, shown.id, { visible: true });
    expect(await view(user.ctx, shown.id)).toEqual(SHOWN);
  });

  it("lets only admins use the switch", async () => {
    const node = await brokenNewNode();
    await expect(svc.setNodeVisibility(user.ctx, node.id, { visible: true })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(svc.setNodeVisibility(anonCtx(t.db), node.id, { visible: true })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(svc.setNodeVisibility(makeCtx(t.db, { kind: "agent", nodeId: node.id }), node.id, { visible: true })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await visibilityOf(node.id)).toBe("PENDING");
    expect(await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, node.id), eq(auditLogs.action, "admin.node.visibility")))).toEqual([]);

    await expect(svc.setNodeVisibility(admin.ctx, node.id, { visible: "yes" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(svc.setNodeVisibility(admin.ctx, "00000000-0000-4000-8000-000000000000", { visible: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(svc.setNodeVisibility(cliCtx(t.db), node.id, { visible: true })).resolves.toMatchObject({ visibility: "VISIBLE" });
  });
});
