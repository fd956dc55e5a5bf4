// The scale seed's subscriptions are real ones (on PGlite, and on PostgreSQL with TEST_DATABASE_URL):
// at 500 subscriptions on 5 nodes, the subscription endpoint's own pipeline (serveContent) serves
// every servable pair with its raw token, refuses a wrong token and a suspension, the stored
// ciphertexts decrypt under the app's key, each subscription has the order that bought it and one
// panel client per plan inbound, and the admin lists count what was written.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedScale, scaleCounts, type ScaleResult } from "../../scripts/seed-scale-data";
import { makeCtx, type Ctx } from "../../src/server/context";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { nodeClients, subscriptions } from "../../src/server/db/schema";
import { listUsers } from "../../src/server/services/accounts";
import { listNodes } from "../../src/server/services/nodes/queries";
import { listOrdersAdmin } from "../../src/server/services/orders/queries";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { listSubscriptionsAdmin } from "../../src/server/services/subscriptions/admin-queries";
import { ALL_PERMISSIONS } from "../../src/server/auth/permissions";
import type { SeedClient } from "../../scripts/seed-scale-ids";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";

const SCALE = 0.005;
const want = scaleCounts(SCALE);

describe("seed:scale's subscriptions at 500 on 5 nodes", () => {
  const t = testDbForFile();
  let seeded: ScaleResult;
  let admin: Ctx;
  const rowsOf = async <T>(q: ReturnType<typeof sql.raw>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  const one = async (q: string) => Number((await rowsOf<{ n: number }>(sql.raw(q)))[0]!.n);

  beforeAll(async () => {
    useMemoryLimiter();
    let client: SeedClient;
    let release = () => {};
    if (t.raw.kind === "pg") {
      const c = await t.raw.pool.connect();
      client = c;
      release = () => c.release();
    } else {
      client = t.raw.pglite;
    }
    try {
      seeded = await seedScale(client, { scale: SCALE });
    } finally {
      release();
    }
    const [row] = await rowsOf<{ id: string; email: string }>(sql.raw("select id, email from users where role = 'ADMIN' order by created_at limit 1"));
    // The seeded administrator is an owner (issue 29): every permission, as a session would give.
    admin = makeCtx(t.db, { kind: "admin", role: "ADMIN", userId: String(row!.id), email: String(row!.email), staffRole: "owner", permissions: ALL_PERMISSIONS });
  }, 180_000);
  afterAll(async () => {
    await flushAccessLogs();
    useMemoryLimiter();
  });

  it("writes 500 subscriptions on 5 nodes, one client per plan inbound, each bought by a paid order whose line names it", async () => {
    expect(want).toMatchObject({ users: 500, nodes: 5 });
    expect(await one("select count(*)::int as n from subscriptions")).toBe(500);
    expect(await one("select count(*)::int as n from nodes")).toBe(5);
    expect(await one("select count(*)::int as n from node_clients")).toBe(1000);
    // Every node carries the whole mix of states, not only some of them.
    expect(await one("select count(distinct node_id)::int as n from subscriptions where status = 'ACTIVE'")).toBe(5);
    expect(await one("select count(distinct node_id)::int as n from subscriptions where status = 'EXPIRED'")).toBe(5);
    // Every subscription has a client on each inbound of its own plan, on its own node.
    expect(
      await one(`select count(*)::int as n from subscriptions s join plan_inbounds pi on pi.plan_id = s.plan_id join inbounds i on i.id = pi.inbound_id
        left join node_clients c on c.subscription_id = s.id and c.inbound_id = i.id where c.id is null or c.node_id <> s.node_id or i.node_id <> s.node_id`),
    ).toBe(0);
    expect(
      await one(`select count(*)::int as n from subscriptions s join orders o on o.id = s.source_order_id and o.user_id = s.user_id and o.status = 'PAID'
        join order_items oi on oi.order_id = o.id and oi.result_subscription_id = s.id and oi.plan_id = s.plan_id join payments p on p.order_id = o.id and p.status = 'PAID'
        where o.paid_at <= s.starts_at and o.created_at >= (select created_at from users where id = s.user_id)`),
    ).toBe(500);
    // Clients are on exactly when provisioning's rule says so, with the subscription's quota and expiry.
    expect(
      await one(`select count(*)::int as n from node_clients c join subscriptions s on s.id = c.subscription_id
        where c.enable <> (s.status = 'ACTIVE' and s.expires_at > now()) or c.total_bytes <> s.traffic_limit_bytes or c.expiry_ms <> (extract(epoch from s.expires_at) * 1000)::bigint`),
    ).toBe(0);
    expect(await one("select count(*)::int as n from node_clients c join subscriptions s on s.id = c.subscription_id join users u on u.id = s.user_id where c.email not like u.email || '-________'")).toBe(0);
    expect(await one("select coalesce(sum(client_count), 0)::int as n from inbounds")).toBe(1000);
    expect(await one("select sum(stock_held)::int as n from plans")).toBe(await one("select count(*)::int as n from subscriptions where status in ('ACTIVE', 'SUSPENDED')"));
  });

  it("hands back every servable subscription, and the endpoint serves each with its token in every format", async () => {
    const servable = await one(`select count(*)::int as n from subscriptions s join users u on u.id = s.user_id
      where s.status = 'ACTIVE' and s.expires_at > now() and u.status not in ('BANNED', 'DISABLED')`);
    expect(servable).toBeGreaterThan(100);
    expect(seeded.servable).toHaveLength(servable);
    expect(new Set(seeded.servable.map((p) => p.token)).size).toBe(servable);
    const formats = ["base64", "clash", "sing-box"];
    for (const [i, p] of seeded.servable.entries()) {
      const r = await serveContent(t.db, { id: p.id, token: p.token, format: formats[i % 3]!, userAgent: "bench", ip: `10.9.${i >> 8}.${i & 255}`, locale: "en" });
      expect(r.status, `${p.id}: ${r.body.slice(0, 200)}`).toBe(200);
      if (i % 3 === 0) {
        const links = Buffer.from(r.body, "base64").toString("utf8").trim().split("\n");
        expect(links).toHaveLength(2);
        expect(links[0]).toMatch(/^vless:\/\/[0-9a-f-]{36}@node-\d+\.scale\.example\.com:20001\?/);
      }
    }
    await flushAccessLogs();
    expect(await one("select count(*)::int as n from subscription_access_logs where user_agent = 'bench' and outcome = 'OK'")).toBe(servable);
  }, 120_000);

  it("stores the token and credentials as provisioning does: they decrypt under the app's key", async () => {
    const p = seeded.servable[0]!;
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, p.id));
    expect(decryptSecret(sub!.downloadTokenEnc)).toBe(p.token);
    const clients = await t.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, p.id));
    expect(clients).toHaveLength(2);
    for (const c of clients) expect(decryptSecret(c.credentialEnc).length).toBeGreaterThanOrEqual(22);
  });

  it("refuses a wrong token and a suspended subscription", async () => {
    const [a, b] = seeded.servable;
    const wrong = await serveContent(t.db, { id: a!.id, token: b!.token, format: "base64", userAgent: "bench", ip: "10.8.0.1", locale: "en" });
    expect(wrong.status).toBe(404);
    await t.db.update(subscriptions).set({ status: "SUSPENDED", contentVersion: sql`${subscriptions.contentVersion} + 1` }).where(eq(subscriptions.id, b!.id));
    const suspended = await serveContent(t.db, { id: b!.id, token: b!.token, format: "base64", userAgent: "bench", ip: "10.8.0.2", locale: "en" });
    expect(suspended.status).toBe(403);
    await t.db.update(subscriptions).set({ status: "ACTIVE" }).where(eq(subscriptions.id, b!.id));
  });

  it("the admin lists find them: subscriptions (all, by node, by status), users, orders, nodes", async () => {
    const subs = await listSubscriptionsAdmin(admin, {});
    expect(subs.total).toBe(500);
    expect(subs.rows[0]!.nodeName).toMatch(/^scale-node-\d{3}$/);
    const nodeId = subs.rows[0]!.nodeId!;
    expect((await listSubscriptionsAdmin(admin, { nodeId })).total).toBe(100);
    expect((await listSubscriptionsAdmin(admin, { status: "ACTIVE" })).total).toBe(await one("select count(*)::int as n from subscriptions where status = 'ACTIVE'"));
    expect((await listUsers(admin, {})).total).toBe(500);
    // The orders list counts to 1,000 and then says "more than" (issue 25: an exact total of a million
    // orders was a scan on every page view); below the cap it is exact.
    const capped = (n: number) => (n > 1000 ? { total: 1000, totalCapped: true } : { total: n, totalCapped: false });
    expect(await one("select count(*)::int as n from orders")).toBe(want.orders + 500);
    expect(await listOrdersAdmin(admin, {})).toMatchObject(capped(want.orders + 500));
    expect(await listOrdersAdmin(admin, { status: "PAID" })).toMatchObject(capped(await one("select count(*)::int as n from orders where status = 'PAID'")));
    // The e-mail search counts through the owner, with or without the join for the plain list.
    expect((await listOrdersAdmin(admin, { q: "scale-user-7@" })).total).toBe(await one("select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = 'scale-user-7@example.com'"));
    expect((await listSubscriptionsAdmin(admin, { q: "scale-user-7@" })).total).toBe(1);
    const byNumber = await listOrdersAdmin(admin, { q: "scalep000000042" });
    expect(byNumber.total).toBe(1);
    expect(byNumber.rows[0]).toMatchObject({ orderNo: "SCALEP000000042", email: "scale-user-42@example.com" });
    const nodes = await listNodes(admin);
    expect(nodes).toHaveLength(5);
    expect(nodes.every((n) => n.inboundCount === 2)).toBe(true);
  });
});
