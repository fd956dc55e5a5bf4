// The admin subscription reads: the list's filters, search and pages; one subscription in full
// (without its token); its access history a page at a time; its daily traffic; and who may read.
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Subscription } from "../../src/server/db/schema";
import {
  getSubscriptionAdmin,
  getSubscriptionTraffic,
  listSubscriptionAccessLogs,
  listSubscriptionFilterChoices,
  listSubscriptionsAdmin,
} from "../../src/server/services/subscriptions/admin-queries";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { accessLog, client, node, proxyPlan, streamingPlan, subscription, traffic, utcDay } from "./fixtures";

const t = testDbForFile();
const NOW = new Date("2025-03-10T12:00:00Z");
const MIN = 60_000;

let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
let ctx: Ctx;
let w: {
  nodeA: Awaited<ReturnType<typeof node>>;
  nodeB: Awaited<ReturnType<typeof node>>;
  planA: { id: string };
  planB: { id: string };
  planS: { id: string };
  serviceId: string;
  alice: string;
  a1: Subscription;
  a2: Subscription;
  b1: Subscription;
  b2: Subscription;
  c1: Subscription;
};

beforeAll(async () => {
  const db = t.db;
  admin = await makeUser(db, "ADMIN");
  user = await makeUser(db);
  ctx = makeCtx(db, admin.ctx.actor, { now: () => NOW });
  const alice = await makeUser(db, "USER", `alice.${Date.now()}@example.com`);
  const bob = await makeUser(db, "USER", `bob.${Date.now()}@example.com`);
  const carol = await makeUser(db, "USER", `carol.${Date.now()}@example.org`);
  const nodeA = await node(db, "Tokyo A");
  const nodeB = await node(db, "Osaka B");
  const planA = await proxyPlan(db, nodeA.id, "Basic A");
  const planB = await proxyPlan(db, nodeB.id, "Basic B");
  const { plan: planS, serviceId } = await streamingPlan(db, "Stream S");
  const at = (m: number) => new Date(NOW.getTime() - m * MIN);
  const a1 = await subscription(db, { userId: alice.id, planId: planA.id, nodeId: nodeA.id, createdAt: at(50), usedBytes: 3 * 1024 ** 3 });
  const a2 = await subscription(db, { userId: alice.id, planId: planB.id, nodeId: nodeB.id, status: "SUSPENDED", createdAt: at(40) });
  const b1 = await subscription(db, { userId: bob.id, planId: planA.id, nodeId: nodeA.id, status: "EXPIRED", createdAt: at(30) });
  const b2 = await subscription(db, { userId: bob.id, planId: planS.id, kind: "STREAMING", streamingServiceId: serviceId, createdAt: at(20) });
  const c1 = await subscription(db, { userId: carol.id, planId: planB.id, nodeId: nodeB.id, status: "CANCELLED", createdAt: at(10) });
  w = { nodeA, nodeB, planA, planB, planS, serviceId, alice: alice.email, a1, a2, b1, b2, c1 };
});

const ids = (r: { rows: { id: string }[] }) => r.rows.map((x) => x.id);

describe("the admin subscription list", () => {
  it("lists everyone's, newest first, with owner, plan and node by name", async () => {
    const r = await listSubscriptionsAdmin(ctx, {});
    expect(r.total).toBe(5);
    expect(ids(r)).toEqual([w.c1.id, w.b2.id, w.b1.id, w.a2.id, w.a1.id]);
    expect(r.rows.at(-1)).toMatchObject({ email: w.alice, planName: "Basic A", nodeName: "Tokyo A", status: "ACTIVE", kind: "PROXY", trafficUsedBytes: 3 * 1024 ** 3 });
    expect(r.rows.find((x) => x.id === w.b2.id)).toMatchObject({ kind: "STREAMING", nodeName: null, streamingName: expect.stringMatching(/^svc-/) });
    // Never the token or its hash.
    expect(JSON.stringify(r)).not.toMatch(/hash-|secret-ciphertext/);
  });

  it("filters by status, kind, plan and node, alone and together", async () => {
    expect(ids(await listSubscriptionsAdmin(ctx, { status: "ACTIVE" }))).toEqual([w.b2.id, w.a1.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { kind: "STREAMING" }))).toEqual([w.b2.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { planId: w.planA.id }))).toEqual([w.b1.id, w.a1.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { nodeId: w.nodeB.id }))).toEqual([w.c1.id, w.a2.id]);
    const both = await listSubscriptionsAdmin(ctx, { nodeId: w.nodeB.id, status: "SUSPENDED" });
    expect(ids(both)).toEqual([w.a2.id]);
    expect(both.total).toBe(1);
    expect((await listSubscriptionsAdmin(ctx, { planId: w.planS.id, status: "EXPIRED" })).total).toBe(0);
  });

  it("searches the owner's email (any case, any part) and the subscription id (whole or its start)", async () => {
    expect(ids(await listSubscriptionsAdmin(ctx, { q: "ALICE." }))).toEqual([w.a2.id, w.a1.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { q: "example.org" }))).toEqual([w.c1.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { q: w.b1.id }))).toEqual([w.b1.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { q: w.b1.id.toUpperCase() }))).toEqual([w.b1.id]);
    expect(ids(await listSubscriptionsAdmin(ctx, { q: w.b1.id.slice(0, 8) }))).toContain(w.b1.id);
    // Search and a filter narrow together.
    expect(ids(await listSubscriptionsAdmin(ctx, { q: "alice", status: "ACTIVE" }))).toEqual([w.a1.id]);
    // Wildcards are text, not patterns.
    expect((await listSubscriptionsAdmin(ctx, { q: "%" })).total).toBe(0);
    expect((await listSubscriptionsAdmin(ctx, { q: "_" })).total).toBe(0);
    expect((await listSubscriptionsAdmin(ctx, { q: "nobody-here" })).rows).toEqual([]);
  });

  it("pages without overlap or gaps, and a page past the end is empty with the same total", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listSubscriptionsAdmin(ctx, { page, pageSize: 2 })));
    expect(pages.map((p) => p.rows.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap(ids)).toEqual(ids(await listSubscriptionsAdmin(ctx, {})));
    const past = await listSubscriptionsAdmin(ctx, { page: 4, pageSize: 2 });
    expect(past).toMatchObject({ rows: [], total: 5, page: 4, pageSize: 2 });
  });

  it("refuses filter values it does not know", async () => {
    for (const bad of [{ status: "PAUSED" }, { kind: "VPN" }, { planId: "not-a-uuid" }, { nodeId: "1" }, { pageSize: 101 }, { page: 0 }]) {
      await expect(listSubscriptionsAdmin(ctx, bad), JSON.stringify(bad)).rejects.toMatchObject({ code: "VALIDATION" });
    }
  });

  it("offers the plans, nodes and streaming services (with free slots) to filter and reassign by", async () => {
    const c = await listSubscriptionFilterChoices(ctx);
    expect(c.plans.map((p) => p.name).sort()).toEqual(["Basic A", "Basic B", "Stream S"]);
    expect(c.nodes.map((n) => n.name).sort()).toEqual(["Osaka B", "Tokyo A"]);
    expect(c.streamingServices).toEqual([expect.objectContaining({ id: w.serviceId, enabled: true, slotsFree: 4 })]);
  });
});

describe("one subscription", () => {
  it("shows the owner, plan, node and each panel client's state and last error, never the token", async () => {
    await client(t.db, w.a1, w.nodeA, { panelState: "SYNCED", syncedAt: NOW });
    const d = await getSubscriptionAdmin(ctx, w.a1.id);
    expect(d.subscription).toMatchObject({ id: w.a1.id, status: "ACTIVE", trafficUsedBytes: 3 * 1024 ** 3 });
    expect(d.owner).toMatchObject({ email: w.alice, status: "ACTIVE" });
    expect(d.plan).toMatchObject({ id: w.planA.id, name: "Basic A", kind: "PROXY", trafficResetStrategy: "NEVER" });
    expect(d.node).toEqual({ id: w.nodeA.id, name: "Tokyo A" });
    expect(d.streaming).toBeNull();
    expect(d.clients).toHaveLength(1);
    expect(d.clients[0]).toMatchObject({ nodeName: "Tokyo A", protocol: "vmess", panelState: "SYNCED", lastError: null, inboundName: expect.any(String) });
    const text = JSON.stringify(d);
    expect(text).not.toMatch(/hash-|secret-ciphertext|credential-ciphertext/);
    expect(Object.keys(d.subscription)).not.toContain("downloadTokenHash");
    expect(Object.keys(d.clients[0]!)).not.toContain("credentialEnc");
  });

  it("shows a client's failure as recorded", async () => {
    const n = await node(t.db, "Failing C");
    const s = await subscription(t.db, { userId: user.id, planId: (await proxyPlan(t.db, n.id)).id, nodeId: n.id });
    await client(t.db, s, n, { panelState: "ERROR", lastError: "connection refused", enable: false });
    const d = await getSubscriptionAdmin(ctx, s.id);
    expect(d.clients).toEqual([expect.objectContaining({ nodeName: "Failing C", panelState: "ERROR", lastError: "connection refused", enable: false })]);
  });

  it("a streaming subscription names its service and no node", async () => {
    const d = await getSubscriptionAdmin(ctx, w.b2.id);
    expect(d.node).toBeNull();
    expect(d.streaming).toMatchObject({ id: w.serviceId });
    expect(d.clients).toEqual([]);
  });

  it("is 'not found' for an unknown or malformed id, before any query", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "-".repeat(36)]) {
      await expect(getSubscriptionAdmin(ctx, id)).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "subscription_not_found" } });
      await expect(listSubscriptionAccessLogs(ctx, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(getSubscriptionTraffic(ctx, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });
});

describe("access history", () => {
  it("pages this subscription's requests newest first, with what each came to", async () => {
    const base = NOW.getTime() - 10 * 86_400_000;
    for (let i = 0; i < 25; i++) await accessLog(t.db, w.a2, { at: new Date(base + i * MIN), ip: `198.51.100.${i}`, outcome: i % 5 === 0 ? "suspended" : "OK", format: i % 5 === 0 ? "" : "clash" });
    await accessLog(t.db, w.a2, { at: new Date(base + 30 * MIN), source: "NODE", nodeId: w.nodeB.id, format: "", ip: "192.0.2.9", userAgent: "" });
    await accessLog(t.db, w.a1, { at: new Date(base + 40 * MIN), ip: "203.0.113.200" });

    const p1 = await listSubscriptionAccessLogs(ctx, w.a2.id, { page: 1, pageSize: 10 });
    expect(p1.total).toBe(26);
    expect(p1.rows).toHaveLength(10);
    expect(p1.rows[0]).toMatchObject({ source: "NODE", nodeName: "Osaka B", ip: "192.0.2.9" });
    expect(p1.rows[1]).toMatchObject({ ip: "198.51.100.24", outcome: "OK", format: "clash", userAgent: "v2rayN/6.0", source: "API", nodeName: null });
    const times = p1.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const p3 = await listSubscriptionAccessLogs(ctx, w.a2.id, { page: 3, pageSize: 10 });
    expect(p3.rows).toHaveLength(6);
    expect(p3.rows.at(-1)).toMatchObject({ ip: "198.51.100.0", outcome: "suspended", format: "" });
    // Another subscription's requests are not in this one's history.
    const all = [p1, await listSubscriptionAccessLogs(ctx, w.a2.id, { page: 2, pageSize: 10 }), p3].flatMap((p) => p.rows.map((r) => r.ip));
    expect(new Set(all).size).toBe(26);
    expect(all).not.toContain("203.0.113.200");
    expect((await listSubscriptionAccessLogs(ctx, w.b1.id)).total).toBe(0);
  });
});

describe("a subscription's traffic", () => {
  it("is its bytes per UTC day across nodes, zeros where nothing was counted, within the window", async () => {
    await traffic(t.db, w.b1, w.nodeA.id, utcDay(NOW, 0), 100, 1000);
    await traffic(t.db, w.b1, w.nodeB.id, utcDay(NOW, 0), 1, 10);
    await traffic(t.db, w.b1, w.nodeA.id, utcDay(NOW, 3), 5, 50);
    await traffic(t.db, w.b1, w.nodeA.id, utcDay(NOW, 10), 7, 70);
    await traffic(t.db, w.c1, w.nodeA.id, utcDay(NOW, 0), 999, 999);

    const week = await getSubscriptionTraffic(ctx, w.b1.id, { range: "7d" });
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1)).toBe("2025-03-10");
    expect(week.up).toEqual([0, 0, 0, 5, 0, 0, 101]);
    expect(week.down).toEqual([0, 0, 0, 50, 0, 0, 1010]);
    expect({ up: week.upBytes, down: week.downBytes }).toEqual({ up: 106, down: 1060 });

    const month = await getSubscriptionTraffic(ctx, w.b1.id, { range: "30d" });
    expect(month.days).toHaveLength(30);
    expect({ up: month.upBytes, down: month.downBytes }).toEqual({ up: 113, down: 1130 });
    expect(month.up[19]).toBe(7);
    // The default window is 30 days; an unknown one is refused.
    expect((await getSubscriptionTraffic(ctx, w.b1.id)).range).toBe("30d");
    await expect(getSubscriptionTraffic(ctx, w.b1.id, { range: "1y" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("who may read", () => {
  const reads: [string, (c: Ctx) => Promise<unknown>][] = [
    ["listSubscriptionsAdmin", (c) => listSubscriptionsAdmin(c, {})],
    ["listSubscriptionFilterChoices", (c) => listSubscriptionFilterChoices(c)],
    ["getSubscriptionAdmin", (c) => getSubscriptionAdmin(c, w.a1.id)],
    ["listSubscriptionAccessLogs", (c) => listSubscriptionAccessLogs(c, w.a1.id)],
    ["getSubscriptionTraffic", (c) => getSubscriptionTraffic(c, w.a1.id)],
  ];
  it.each(reads)("%s refuses anonymous callers and users (even the owner), and answers admins and the CLI", async (_, read) => {
    await expect(read(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(read(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(read(makeCtx(t.db, { kind: "user", userId: w.a1.userId, role: "USER" }))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(read(admin.ctx)).resolves.toBeDefined();
    await expect(read(cliCtx(t.db))).resolves.toBeDefined();
  });
});
