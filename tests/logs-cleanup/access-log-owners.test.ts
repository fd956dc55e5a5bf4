// The access log has no foreign keys since migration 0019 (ARCHITECTURE.md, "The access log"): what
// the cascades did, the deletion paths do. Deleting a user erases every row of theirs (their own and
// their subscriptions'), deleting a subscription erases its rows, and deleting a node leaves rows
// whose node is gone: every page that shows them still answers (the node reads as unknown).
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subscriptionAccessLogs } from "../../src/server/db/schema";
import { adminDeleteUser } from "../../src/server/services/accounts";
import { deleteNode } from "../../src/server/services/nodes";
import { getRiskEvent } from "../../src/server/services/risk";
import { listRiskAccessLogs } from "../../src/server/services/risk/access-log-queries";
import { deleteSubscriptionPermanently } from "../../src/server/services/subscriptions";
import { listSubscriptionAccessLogs } from "../../src/server/services/subscriptions/admin-queries";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { node } from "../admin-subscriptions/fixtures";
import { access, owner, proxySub, riskEvent } from "../risk-review/fixtures";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
});

const rowsWhere = async (cond: ReturnType<typeof sql>) => Number(((await t.db.execute(sql`select count(*)::int as n from subscription_access_logs where ${cond}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** A user with two subscriptions and rows of every kind: node connections, fetches, an aggregate fetch (no subscription). */
async function userWithRows() {
  const u = await owner(t.db);
  const a = await proxySub(t.db, u.id);
  const b = await proxySub(t.db, u.id);
  const now = new Date();
  for (const s of [a, b]) {
    await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: now, ip: "198.51.100.7", source: "NODE", nodeId: s.node.id, connectionCount: 3 });
    await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: new Date(now.getTime() - 40 * 86_400_000), ip: "198.51.100.8" });
  }
  await access(t.db, { subscriptionId: null, userId: u.id, at: now, ip: "198.51.100.9" });
  // A refused fetch names the subscription it tried but carries no user (written that way before 0019 too).
  await t.db.insert(subscriptionAccessLogs).values({ subscriptionId: a.sub.id, userId: null, outcome: "suspended", ip: "198.51.100.10" });
  return { u, a, b };
}

describe("the access log without foreign keys", () => {
  it("deleting a user erases all of their rows and nobody else's", async () => {
    const gone = await userWithRows();
    const kept = await userWithRows();
    expect(await rowsWhere(sql`user_id = ${gone.u.id}::uuid or subscription_id in (${gone.a.sub.id}::uuid, ${gone.b.sub.id}::uuid)`)).toBe(6);

    await adminDeleteUser(admin.ctx, gone.u.id);
    expect(await rowsWhere(sql`user_id = ${gone.u.id}::uuid or subscription_id in (${gone.a.sub.id}::uuid, ${gone.b.sub.id}::uuid)`)).toBe(0);
    expect(await rowsWhere(sql`user_id = ${kept.u.id}::uuid or subscription_id in (${kept.a.sub.id}::uuid, ${kept.b.sub.id}::uuid)`)).toBe(6);
  });

  it("deleting a subscription erases its rows; the owner's other rows stay", async () => {
    const { u, a, b } = await userWithRows();
    await deleteSubscriptionPermanently(admin.ctx, a.sub.id);
    expect(await rowsWhere(sql`subscription_id = ${a.sub.id}::uuid`)).toBe(0);
    expect(await rowsWhere(sql`subscription_id = ${b.sub.id}::uuid`)).toBe(2);
    expect(await rowsWhere(sql`user_id = ${u.id}::uuid and subscription_id is null`)).toBe(1);
  });

  it("deleting a node keeps its rows, and the pages that show them still answer", async () => {
    const u = await owner(t.db);
    const s = await proxySub(t.db, u.id);
    const other = await node(t.db);
    await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: new Date(), ip: "198.51.100.11", source: "NODE", nodeId: other.id, connectionCount: 2 });
    const event = await riskEvent(t.db, { userId: u.id, subscriptionId: s.sub.id });

    await deleteNode(admin.ctx, other.id);
    expect(await rowsWhere(sql`node_id = ${other.id}::uuid`)).toBe(1);

    const risk = await listRiskAccessLogs(admin.ctx, {});
    expect(risk.rows.find((r) => r.ip === "198.51.100.11")).toMatchObject({ nodeId: other.id, nodeName: null, email: u.email });
    const filtered = await listRiskAccessLogs(admin.ctx, { nodeId: other.id });
    expect(filtered.rows.map((r) => r.ip)).toEqual(["198.51.100.11"]);
    const subPage = await listSubscriptionAccessLogs(admin.ctx, s.sub.id);
    expect(subPage.rows.map((r) => r.ip)).toContain("198.51.100.11");
    const detail = await getRiskEvent(admin.ctx, event.id);
    expect(detail.evidence.nodeStats).toEqual([expect.objectContaining({ nodeId: other.id, nodeName: null, events: 1, connections: 2 })]);
  });

  it("the log's table has no foreign keys left", async () => {
    const fks = (await t.db.execute(sql`select conname from pg_constraint where contype = 'f' and conrelid = 'subscription_access_logs'::regclass`)) as unknown as { rows: unknown[] };
    expect(fks.rows).toEqual([]);
    // Deleting a user whose id is still in the log is not refused either (no key to trip over).
    const u = await owner(t.db);
    await access(t.db, { subscriptionId: null, userId: u.id, at: new Date(), ip: "198.51.100.12" });
    await adminDeleteUser(admin.ctx, u.id);
    expect(await t.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.ip, "198.51.100.12"))).toEqual([]);
  });
});
