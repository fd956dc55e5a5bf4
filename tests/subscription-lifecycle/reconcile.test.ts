// Reconciliation: the report names clients missing, switched the wrong way, or with the wrong quota,
// expiry or credential (never the credential itself); "Repair" queues their syncs and a new check,
// after which the report is empty. Admin only.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { auditLogs, nodeClients, nodes, tasks } from "../../src/server/db/schema";
import { getNodeDrift, NODE_RECONCILE, reconcileAllNodes, reconcileNode, repairNodeDrift } from "../../src/server/services/subscription-lifecycle";
import { anonCtx } from "../helpers/actors";
import { makeUser } from "../helpers/actors";
import { drainTasks, openShop } from "../commerce/fixtures";
import { subscribe } from "./fixtures";

const shop = openShop();

/** Changes a client on the panel behind our back (what an admin editing 3x-ui by hand would do). */
function patchOnPanel(email: string, patch: Record<string, unknown>) {
  const { inbound } = shop.sim.state.findClientByEmail(email)!;
  const clients = shop.sim.state.clientsOf(inbound);
  const i = clients.findIndex((c) => String(c.email).toLowerCase() === email.toLowerCase());
  shop.sim.state.replaceClient(inbound, clients, i, { ...clients[i]!, ...patch });
}

const driftOf = async () => (await shop.db.select({ drift: nodes.drift, at: nodes.driftCheckedAt }).from(nodes).where(eq(nodes.id, shop.nodeId)))[0]!;

describe("reconciliation", () => {
  it("finds no drift when the panel matches, and records when it checked", async () => {
    await subscribe(shop);
    const r = await reconcileNode(shop.db, shop.nodeId);
    expect(r).toMatchObject({ ok: true, checked: 2, drift: [] });
    const stored = await driftOf();
    expect(stored.drift).toEqual([]);
    expect(stored.at).toBeInstanceOf(Date);
  });

  it("reports missing, disabled, quota, expiry and credential drift, then Repair fixes it", async () => {
    const one = await subscribe(shop);
    const two = await subscribe(shop);
    const [a, b] = one.clients.map((c) => c.email) as [string, string];
    const c = two.clients.find((x) => x.protocol === "vmess")!.email;
    const { inbound } = shop.sim.state.findClientByEmail(a)!;
    shop.sim.state.deleteClient(inbound.id, a, "email");
    patchOnPanel(b, { enable: false, totalGB: 123 });
    patchOnPanel(c, { expiryTime: 42, id: "00000000-0000-4000-8000-000000000000" });

    const r = await reconcileNode(shop.db, shop.nodeId);
    const kinds = r.drift.map((d) => `${d.email}:${d.kind}`).sort();
    expect(kinds).toEqual([`${a}:missing`, `${b}:enable`, `${b}:quota`, `${c}:credential`, `${c}:expiry`].sort());
    expect(r.drift.find((d) => d.kind === "enable")).toMatchObject({ want: true, have: false, subscriptionId: one.sub.id });
    expect(r.drift.find((d) => d.kind === "quota")).toMatchObject({ want: 10 * 1024 ** 3, have: 123 });
    const cred = r.drift.find((d) => d.kind === "credential")!;
    expect(cred.want).toBeUndefined();
    expect(cred.have).toBeUndefined();
    expect(JSON.stringify((await driftOf()).drift)).not.toContain("00000000-0000-4000-8000-000000000000");

    const report = await getNodeDrift(shop.admin.ctx, shop.nodeId);
    expect(report.items).toHaveLength(5);

    const repaired = await repairNodeDrift(shop.admin.ctx, shop.nodeId);
    expect(repaired.queued).toBe(3);
    const [audit] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "admin.node.repair_drift"), eq(auditLogs.targetId, shop.nodeId)));
    expect(audit).toBeDefined();
    // The repaired clients are on their way (PENDING), so a check now does not report them.
    expect((await reconcileNode(shop.db, shop.nodeId)).drift).toEqual([]);
    await drainTasks(shop.db);
    expect(shop.sim.state.findClientByEmail(a)).toBeDefined();
    expect(shop.sim.state.findClientByEmail(b)!.client).toMatchObject({ enable: true, totalGB: 10 * 1024 ** 3 });

    // The re-check was queued for later; run it now: the report is empty again.
    const [recheck] = await shop.db.select().from(tasks).where(and(eq(tasks.kind, NODE_RECONCILE), eq(tasks.status, "PENDING")));
    expect(recheck!.runAt.getTime()).toBeGreaterThan(Date.now());
    await shop.db.update(tasks).set({ runAt: new Date() }).where(eq(tasks.id, recheck!.id));
    await shop.db.update(nodes).set({ drift: [{ email: "stale", subscriptionId: one.sub.id, kind: "missing" }] }).where(eq(nodes.id, shop.nodeId));
    await drainTasks(shop.db);
    expect((await driftOf()).drift).toEqual([]);
    expect((await shop.db.select().from(tasks).where(eq(tasks.id, recheck!.id)))[0]!.status).toBe("SUCCEEDED");
  });

  it("the drift report and Repair are for admins only", async () => {
    const user = await makeUser(shop.db);
    await expect(getNodeDrift(anonCtx(shop.db), shop.nodeId)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getNodeDrift(user.ctx, shop.nodeId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(repairNodeDrift(user.ctx, shop.nodeId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(repairNodeDrift(makeCtx(shop.db, { kind: "agent", nodeId: shop.nodeId }), shop.nodeId)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getNodeDrift(shop.admin.ctx, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(repairNodeDrift(shop.admin.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("an inbound gone from the panel is reported, and Repair leaves it to the admin", async () => {
    const { clients } = await subscribe(shop);
    const vless = clients.find((c) => c.protocol === "vless")!;
    const panelId = shop.sim.state.findClientByEmail(vless.email)!.inbound.id;
    shop.sim.state.deleteInbound(panelId);
    const [r] = (await reconcileAllNodes(shop.db)).filter((x) => x.nodeId === shop.nodeId);
    expect(r!.drift.length).toBeGreaterThan(0);
    expect(r!.drift.every((d) => d.kind === "inbound_missing" && d.want === panelId)).toBe(true);
    expect((await repairNodeDrift(shop.admin.ctx, shop.nodeId)).queued).toBe(0);
    expect((await shop.db.select().from(nodeClients).where(eq(nodeClients.id, vless.id)))[0]!.panelState).not.toBe("PENDING");
  });

  it("a panel that cannot be read is skipped and the last report stays", async () => {
    const before = await driftOf();
    await shop.panelDown();
    const [r] = (await reconcileAllNodes(shop.db)).filter((x) => x.nodeId === shop.nodeId);
    expect(r).toMatchObject({ ok: false });
    expect((await driftOf()).at!.getTime()).toBe(before.at!.getTime());
    await shop.panelUp();
  });
});
