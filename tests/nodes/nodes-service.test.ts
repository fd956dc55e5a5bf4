import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { auditLogs, inbounds, nodes } from "../../src/server/db/schema";
import { decryptSecret, keyedHash } from "../../src/server/crypto/secrets";
import * as svc from "../../src/server/services/nodes";
import { anonCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { PASS, seedInbounds, USER } from "../panel/helpers";

let t: TestDb;
let sim: XuiSimulator;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestDb();
  sim = await startXuiSimulator({ username: USER, password: PASS, basePath: "/secret-path/", inbounds: seedInbounds() });
  admin = await makeUser(t.db, "ADMIN");
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const form = (over: Record<string, unknown> = {}) => ({ name: `node-${Math.random().toString(36).slice(2, 8)}`, panelUrl: sim.url, panelUsername: USER, panelPassword: PASS, ...over });

describe("nodes service", () => {
  it("creates a node, stores the panel password encrypted, and syncs inbounds without other clients' secrets", async () => {
    const r = await svc.createNode(admin.ctx, form({ name: "Tokyo 1" }));
    expect(r.sync).toMatchObject({ ok: true, inboundCount: 4 });
    expect(r.node.panelStatus).toBe("OK");
    expect(JSON.stringify(r.node)).not.toContain(PASS);
    const [row] = await t.db.select().from(nodes).where(eq(nodes.id, r.node.id));
    expect(row!.panelPasswordEnc).not.toContain(PASS);
    expect(decryptSecret(row!.panelPasswordEnc)).toBe(PASS);
    const mirror = await t.db.select().from(inbounds).where(eq(inbounds.nodeId, r.node.id));
    expect(mirror.map((i) => i.protocol).sort()).toEqual(["shadowsocks", "trojan", "vless", "vmess"]);
    for (const i of mirror) {
      expect(i.settings).not.toHaveProperty("clients");
      expect(JSON.stringify(i.settings)).not.toMatch(/keep-/);
      expect(i.clientCount).toBe(1);
    }
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, r.node.id));
    expect(audits.map((a) => a.action)).toContain("admin.node.create");
    expect(JSON.stringify(audits)).not.toContain(PASS);
  });

  it("keeps display names across syncs, marks vanished inbounds inactive, and never touches the panel on mirror delete", async () => {
    const { node } = await svc.createNode(admin.ctx, form());
    const list = await svc.listNodeInbounds(admin.ctx, node.id);
    const vmess = list.find((i) => i.protocol === "vmess")!;
    await svc.updateInboundDisplayName(admin.ctx, vmess.id, { displayName: "HK premium" });
    sim.state.deleteInbound(3);
    const again = await svc.testNodeConnection(admin.ctx, node.id);
    expect(again.ok).toBe(true);
    const after = await svc.listNodeInbounds(admin.ctx, node.id);
    expect(after.find((i) => i.id === vmess.id)!.name).toBe("HK premium");
    expect(after.find((i) => i.panelInboundId === 3)!.active).toBe(false);
    const before = sim.requests.length;
    await svc.deleteInbound(admin.ctx, vmess.id);
    expect(sim.requests.length).toBe(before);
    expect((await svc.listNodeInbounds(admin.ctx, node.id)).some((i) => i.id === vmess.id)).toBe(false);
  });

  it("records a failing panel on the node instead of throwing, with a clear reason", async () => {
    const r = await svc.createNode(admin.ctx, form({ panelPassword: "wrong" }));
    expect(r.sync.ok).toBe(false);
    expect(r.sync.error?.reason).toBe("panel_bad_credentials");
    expect(r.node.panelStatus).toBe("ERROR");
    const down = await svc.createNode(admin.ctx, form({ panelUrl: "http://127.0.0.1:9/" }));
    expect(down.sync.error?.reason).toBe("panel_unreachable");
  });

  it("batch-tests nodes and reports each", async () => {
    const a = await svc.createNode(admin.ctx, form());
    const b = await svc.createNode(admin.ctx, form({ panelPassword: "nope" }));
    const results = await svc.batchTestNodeConnections(admin.ctx, { nodeIds: [a.node.id, b.node.id] });
    expect(results.map((r) => r.ok)).toEqual([true, false]);
  });

  it("validates input and rejects duplicate names", async () => {
    await expect(svc.createNode(admin.ctx, form({ panelUrl: "ftp://x" }))).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(svc.createNode(admin.ctx, form({ name: "" }))).rejects.toMatchObject({ code: "VALIDATION" });
    await svc.createNode(admin.ctx, form({ name: "dup-node" }));
    await expect(svc.createNode(admin.ctx, form({ name: "dup-node" }))).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(svc.testNodeConnection(admin.ctx, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("updates connection info (empty password keeps the stored one) and deletes local data", async () => {
    const { node } = await svc.createNode(admin.ctx, form());
    const u = await svc.updateNode(admin.ctx, node.id, { name: node.name + "-x", panelUrl: sim.url, panelUsername: USER, panelPassword: "" });
    expect(u.sync.ok).toBe(true);
    await svc.deleteNode(admin.ctx, node.id);
    expect(await t.db.select().from(inbounds).where(eq(inbounds.nodeId, node.id))).toHaveLength(0);
    await expect(svc.getNode(admin.ctx, node.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("generates an agent token shown once, stored encrypted and as a keyed hash; revoke clears it", async () => {
    const { node } = await svc.createNode(admin.ctx, form());
    const { token } = await svc.generateAgentToken(admin.ctx, node.id);
    expect(token).toMatch(/^rbn_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row!.agentTokenHash).toBe(keyedHash(token, "agent-token"));
    expect(decryptSecret(row!.agentTokenEnc!)).toBe(token);
    const listed = await svc.listNodes(admin.ctx);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.find((n) => n.id === node.id)!.agentToken.active).toBe(true);
    const second = await svc.generateAgentToken(admin.ctx, node.id);
    expect(second.token).not.toBe(token);
    expect(await svc.revokeAgentToken(admin.ctx, node.id)).toEqual({ revoked: true });
    const [after] = await t.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(after!.agentTokenHash).toBeNull();
  });

  it("refuses every write verb to ordinary users and anonymous callers", async () => {
    const { node } = await svc.createNode(admin.ctx, form());
    const [ib] = await svc.listNodeInbounds(admin.ctx, node.id);
    const user = await makeUser(t.db);
    const calls: Array<[string, (c: typeof user.ctx) => Promise<unknown>]> = [
      ["createNode", (c) => svc.createNode(c, form())],
      ["updateNode", (c) => svc.updateNode(c, node.id, form())],
      ["deleteNode", (c) => svc.deleteNode(c, node.id)],
      ["testNodeConnection", (c) => svc.testNodeConnection(c, node.id)],
      ["batchTestNodeConnections", (c) => svc.batchTestNodeConnections(c, { nodeIds: [node.id] })],
      ["updateInboundDisplayName", (c) => svc.updateInboundDisplayName(c, ib!.id, { displayName: "x" })],
      ["deleteInbound", (c) => svc.deleteInbound(c, ib!.id)],
      ["generateAgentToken", (c) => svc.generateAgentToken(c, node.id)],
      ["revokeAgentToken", (c) => svc.revokeAgentToken(c, node.id)],
    ];
    for (const [name, call] of calls) {
      await expect(call(user.ctx), name).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(call(anonCtx(t.db)), name).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await svc.getNode(admin.ctx, node.id)).toBeTruthy();
  });
});
