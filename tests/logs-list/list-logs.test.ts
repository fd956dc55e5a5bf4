// The admin log lists (issue 12): audit, traffic (reset) and node latency rows, newest first. Each
// filter narrows to exactly its rows; keyset pages give every row exactly once in (created_at desc,
// id desc) order even when many rows share a timestamp or differ by a microsecond; walking back up
// gives the same pages; the index a filter needs is the one the plan uses; only admins read them.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { auditLogs, nodeLatencyLogs, trafficResetLogs, type Carrier } from "../../src/server/db/schema";
import { listAuditLogs, listNodeLatencyLogs, listTrafficLogs, type LogPage } from "../../src/server/services/logs";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { world, type World } from "../logs-cleanup/seed";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let alice: Awaited<ReturnType<typeof makeUser>>;
let bob: Awaited<ReturnType<typeof makeUser>>;
let wa: World;
let wb: World;
let ctx: Ctx;

// Timestamps with microseconds: several rows on one instant, others a microsecond apart.
const STAMPS = ["2025-03-10T12:00:00.000000Z", "2025-03-10T12:00:00.000001Z", "2025-03-10T12:00:00.000500Z", "2025-03-10T11:59:59.999999Z", "2025-03-09T08:00:00.000000Z"];
const at = (i: number) => STAMPS[i % STAMPS.length]!;
const ts = (i: number) => sql`${at(i)}::timestamptz`;
const RANGE = { from: "2025-03-01T00:00:00Z", to: "2025-04-01T00:00:00Z" };

const ids = <T extends { id: number }>(p: LogPage<T>) => p.rows.map((r) => r.id);

/** Every row, page by page, down and back up: each row once, in the order `expected` has. */
async function walk<T extends { id: number }>(list: (f: Record<string, unknown>) => Promise<LogPage<T>>, filter: Record<string, unknown>, pageSize: number, expected: number[]) {
  const pages: number[][] = [];
  let p = await list({ ...filter, pageSize });
  pages.push(ids(p));
  while (p.older) {
    p = await list({ ...filter, pageSize, cursor: p.older });
    pages.push(ids(p));
    expect(pages.length).toBeLessThan(200);
  }
  expect(pages.flat()).toEqual(expected);
  const up: number[][] = [];
  while (p.newer) {
    p = await list({ ...filter, pageSize, cursor: p.newer, direction: "newer" });
    up.push(ids(p));
    expect(up.length).toBeLessThan(200);
  }
  expect(up).toEqual(pages.slice(0, -1).reverse());
}

/** The ids a plain full query gives, as the oracle for pages. */
async function oracle(db: Db, table: string, where: string): Promise<number[]> {
  const r = (await db.execute(sql.raw(`select id from ${table} where ${where} order by created_at desc, id desc`))) as unknown as { rows: { id: number | string }[] };
  return r.rows.map((x) => Number(x.id));
}

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN", `admin-${Date.now()}@logs.example`);
  alice = await makeUser(t.db, "USER", `alice-${Date.now()}@logs.example`);
  bob = await makeUser(t.db, "USER", `bob-${Date.now()}@logs.example`);
  ctx = admin.ctx;
  wa = await world(t.db, alice.id);
  wb = await world(t.db, bob.id);
  const audit = [];
  for (let i = 0; i < 23; i++) {
    const byAdmin = i % 3 !== 0;
    audit.push({
      actorKind: byAdmin ? ("admin" as const) : ("system" as const),
      actorId: byAdmin ? admin.id : null,
      actorLabel: byAdmin ? admin.email : null,
      action: i % 2 ? "seedlist.node.updated" : "seedlist.plan.created",
      targetType: i % 2 ? "node" : "plan",
      targetId: i === 7 ? "needle-target-7" : `t-${i}`,
      createdAt: ts(i) as unknown as Date,
    });
  }
  await t.db.insert(auditLogs).values(audit);
  const traffic = [];
  for (let i = 0; i < 17; i++) {
    const w = i % 2 ? wa : wb;
    traffic.push({ subscriptionId: w.subId, strategy: "MONTHLY", usedBytes: i, upBytes: 0, downBytes: i, periodStart: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000), createdAt: ts(i) as unknown as Date });
  }
  await t.db.insert(trafficResetLogs).values(traffic);
  const carriers: Carrier[] = ["telecom", "unicom", "mobile"];
  const latency = [];
  for (let i = 0; i < 21; i++) latency.push({ nodeId: i % 2 ? wa.nodeId : wb.nodeId, carrier: carriers[i % 3]!, latencyMs: 10 + i, createdAt: ts(i) as unknown as Date });
  await t.db.insert(nodeLatencyLogs).values(latency);
});

describe("listAuditLogs", () => {
  it("pages every row once, newest first, down and back up, across shared timestamps", async () => {
    const expected = await oracle(t.db, "audit_logs", "action like 'seedlist.%'");
    expect(expected).toHaveLength(23);
    for (const size of [1, 4, 5, 23]) await walk((f) => listAuditLogs(ctx, f), { action: "seedlist.*" }, size, expected);
  });

  it("filters by actor (email, its beginning, id), actor kind, action, keyword and date range", async () => {
    const byAdmin = await oracle(t.db, "audit_logs", `action like 'seedlist.%' and actor_id = '${admin.id}'`);
    expect(byAdmin).toHaveLength(15);
    await walk((f) => listAuditLogs(ctx, f), { action: "seedlist.*", actor: admin.email }, 4, byAdmin);
    await walk((f) => listAuditLogs(ctx, f), { action: "seedlist.*", actor: admin.id }, 4, byAdmin);
    const prefix = await listAuditLogs(ctx, { action: "seedlist.*", actor: admin.email.slice(0, 12), pageSize: 50 });
    expect(ids(prefix)).toEqual(byAdmin);
    expect(prefix.actorMatches).toBe(1);
    const system = await listAuditLogs(ctx, { action: "seedlist.*", actorKind: "system", pageSize: 50 });
    expect(ids(system)).toEqual(await oracle(t.db, "audit_logs", "action like 'seedlist.%' and actor_kind = 'system'"));
    const exact = await listAuditLogs(ctx, { action: "seedlist.node.updated", pageSize: 50 });
    expect(ids(exact)).toEqual(await oracle(t.db, "audit_logs", "action = 'seedlist.node.updated'"));
    expect(exact.rows).toHaveLength(11);
    // The keyword looks at the target, the action and the actor's email, case-insensitively.
    expect((await listAuditLogs(ctx, { q: "NEEDLE-target" })).rows.map((r) => r.targetId)).toEqual(["needle-target-7"]);
    expect(ids(await listAuditLogs(ctx, { q: "plan.created", ...RANGE, pageSize: 50 }))).toEqual(await oracle(t.db, "audit_logs", "action = 'seedlist.plan.created'"));
    expect(ids(await listAuditLogs(ctx, { q: admin.email.toUpperCase(), ...RANGE, pageSize: 50 }))).toEqual(byAdmin);
    // A LIKE wildcard in the keyword is a plain character.
    expect((await listAuditLogs(ctx, { q: "seedlist%plan", ...RANGE })).rows).toEqual([]);
    // Date range: from is inclusive, to exclusive, to the microsecond.
    const day = await listAuditLogs(ctx, { action: "seedlist.*", from: "2025-03-10T12:00:00.000Z", to: "2025-03-10T12:00:00.001Z", pageSize: 50 });
    expect(ids(day)).toEqual(await oracle(t.db, "audit_logs", "action like 'seedlist.%' and created_at >= '2025-03-10T12:00:00Z' and created_at < '2025-03-10T12:00:00.001Z'"));
    expect(day.rows).toHaveLength(15);
    // Unknown actor: no rows, and the page says nobody matched.
    expect(await listAuditLogs(ctx, { actor: "nobody-at-all@nowhere.example" })).toMatchObject({ rows: [], actorMatches: 0 });
    expect(await listAuditLogs(ctx, { actor: "", action: "", q: "", ...RANGE, pageSize: 1 })).toMatchObject({ rows: [{}] });
  });

  it("refuses a bad filter or cursor with a validation error", async () => {
    await expect(listAuditLogs(ctx, { from: "2025-03-10", to: "2025-03-01" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { to: "before_start" } } });
    await expect(listAuditLogs(ctx, { cursor: "2025-06-01T08:00:00.500Z_1" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { cursor: "invalid" } } });
    await expect(listAuditLogs(ctx, { actorKind: "robot" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(listAuditLogs(ctx, { pageSize: 100_000 })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("listTrafficLogs", () => {
  it("pages every row once and filters by user and subscription", async () => {
    const all = await oracle(t.db, "traffic_reset_logs", `subscription_id in ('${wa.subId}', '${wb.subId}')`);
    expect(all).toHaveLength(17);
    await walk((f) => listTrafficLogs(ctx, f), RANGE, 3, all);
    const mine = await oracle(t.db, "traffic_reset_logs", `subscription_id = '${wa.subId}'`);
    await walk((f) => listTrafficLogs(ctx, f), { user: alice.email }, 2, mine);
    await walk((f) => listTrafficLogs(ctx, f), { subscriptionId: wa.subId }, 5, mine);
    const page = await listTrafficLogs(ctx, { user: alice.email.toUpperCase(), pageSize: 1 });
    expect(page.rows[0]).toMatchObject({ subscriptionId: wa.subId, userId: alice.id, email: alice.email, strategy: "MONTHLY" });
    expect(ids(await listTrafficLogs(ctx, { subscriptionId: wb.subId, user: alice.email }))).toEqual([]);
    expect(await listTrafficLogs(ctx, { user: "nobody-at-all@nowhere.example" })).toMatchObject({ rows: [], userMatches: 0 });
    await expect(listTrafficLogs(ctx, { subscriptionId: "not-a-uuid" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("listNodeLatencyLogs", () => {
  it("pages every row once and filters by node, carrier and date range", async () => {
    const all = await oracle(t.db, "node_latency_logs", `node_id in ('${wa.nodeId}', '${wb.nodeId}')`);
    expect(all).toHaveLength(21);
    await walk((f) => listNodeLatencyLogs(ctx, f), RANGE, 4, all);
    await walk((f) => listNodeLatencyLogs(ctx, f), { nodeId: wa.nodeId }, 3, await oracle(t.db, "node_latency_logs", `node_id = '${wa.nodeId}'`));
    await walk((f) => listNodeLatencyLogs(ctx, f), { nodeId: wa.nodeId, carrier: "unicom" }, 2, await oracle(t.db, "node_latency_logs", `node_id = '${wa.nodeId}' and carrier = 'unicom'`));
    const mobile = await listNodeLatencyLogs(ctx, { carrier: "mobile", ...RANGE, pageSize: 50 });
    expect(ids(mobile)).toEqual(await oracle(t.db, "node_latency_logs", `carrier = 'mobile' and node_id in ('${wa.nodeId}', '${wb.nodeId}')`));
    expect(mobile.rows.every((r) => r.carrier === "mobile" && r.nodeName)).toBe(true);
    const old = await listNodeLatencyLogs(ctx, { to: "2025-03-10T00:00:00Z", from: "2025-03-01T00:00:00Z", pageSize: 50 });
    expect(ids(old)).toEqual(await oracle(t.db, "node_latency_logs", "created_at >= '2025-03-01' and created_at < '2025-03-10'"));
    await expect(listNodeLatencyLogs(ctx, { carrier: "pigeon" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("the log lists' plans", () => {
  // With sequential scans priced out, the planner shows which index answers each page's query
  // (the same shape the verbs send): a walk of the named index, never a sort of the whole table.
  async function plan(query: string): Promise<string> {
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as { rows: Record<string, string>[] };
      return r.rows.map((x) => Object.values(x)[0]).join("\n");
    });
  }
  const keyset = "created_at <= '2025-03-10T12:00:00Z' and (created_at < '2025-03-10T12:00:00Z' or id < 5)";
  it.each([
    ["audit, no filter", `select id from audit_logs where ${keyset} order by created_at desc, id desc limit 51`, "audit_logs_created_at_idx"],
    ["audit by actor", `select id from audit_logs where actor_id = '00000000-0000-4000-8000-000000000000' and ${keyset} order by created_at desc, id desc limit 51`, "audit_logs_actor_time_idx"],
    ["audit by action", `select id from audit_logs where action = 'task.retried' and ${keyset} order by created_at desc, id desc limit 51`, "audit_logs_action_time_idx"],
    ["traffic, no filter", `select id from traffic_reset_logs where ${keyset} order by created_at desc, id desc limit 51`, "traffic_reset_logs_created_at_idx"],
    ["traffic by subscription", `select id from traffic_reset_logs where subscription_id = '00000000-0000-4000-8000-000000000000' and ${keyset} order by created_at desc, id desc limit 51`, "traffic_reset_logs_sub_idx"],
    ["latency by node", `select id from node_latency_logs where node_id = '00000000-0000-4000-8000-000000000000' and ${keyset} order by created_at desc, id desc limit 51`, "node_latency_logs_node_time_idx"],
    ["latency by node and carrier", `select id from node_latency_logs where node_id = '00000000-0000-4000-8000-000000000000' and carrier = 'mobile' and ${keyset} order by created_at desc, id desc limit 51`, /node_latency_logs_node_(carrier_)?time_idx/],
  ] as [string, string, string | RegExp][])("%s walks its index", async (_name, query, index) => {
    const p = await plan(query);
    // Either node index serves node and carrier (on a nearly empty table the planner may pick either).
    expect(p).toMatch(index);
    expect(p).not.toMatch(/Seq Scan/);
  });
});

describe("the log lists: who may read them", () => {
  it("refuses anonymous callers and ordinary users, before looking at the filter", async () => {
    for (const list of [listAuditLogs, listTrafficLogs, listNodeLatencyLogs]) {
      await expect(list(anonCtx(t.db), {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(list(alice.ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
      await expect(list(alice.ctx, { cursor: "nonsense" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });
});
