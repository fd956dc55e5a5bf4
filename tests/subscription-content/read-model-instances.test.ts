// The gate's read model across instances (issue 25): a second instance (its own pool and model)
// learns of every change that must revoke or alter access within one second, through the change
// feed alone: the changes are written by a plain connection that, like another process, leaves this
// process no trace. A feed that is lost or stalls makes the model read the database. PostgreSQL
// only: PGlite is one process with no second instance and no network.
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { forgetContentSettings } from "../../src/server/services/subscription-content/content-settings";
import { postgresFeed } from "../../src/server/services/subscription-content/read-model/feed";
import { gateModel, GateReadModel, type OneRow } from "../../src/server/services/subscription-content/read-model/gate-model";
import { updateSettings } from "../../src/server/services/settings";
import { openShop } from "../commerce/fixtures";
import { secondInstanceForFile } from "../helpers/race";
import { describeOnPostgres } from "../helpers/requirements";
import { fetchOn, subscribedIn, titleOf, userinfo } from "./gate-fixtures";

describeOnPostgres("the gate's read model on a second instance (PostgreSQL)", () => {
  const shop = openShop();
  const second = secondInstanceForFile(shop);
  let writer: pg.Client;
  const url = () => (shop.raw as { pool: pg.Pool }).pool.options.connectionString!;

  beforeAll(async () => {
    await updateSettings(shop.admin.ctx, { subscriptionRateLimitPerHour: 100_000, subscriptionIpRateLimitPerHour: 100_000 });
    forgetContentSettings();
    writer = new pg.Client({ connectionString: url() });
    await writer.connect();
  });
  afterAll(async () => {
    await writer.end();
    await flushAccessLogs(); // B's rows, before its pool closes
  });

  const onB = (id: string, token: string) => fetchOn(second.db, id, token);
  const statsB = () => gateModel(second.db)!.stats();

  /** A subscription that instance B holds in memory (a fetch answered without a read). */
  async function heldByB() {
    const s = await subscribedIn(shop);
    expect((await onB(s.sub.id, s.token)).status).toBe(200);
    await expect.poll(() => statsB().current).toBe(true);
    await onB(s.sub.id, s.token);
    const hits = statsB().hits;
    expect((await onB(s.sub.id, s.token)).status).toBe(200);
    expect(statsB().hits).toBe(hits + 1);
    return s;
  }

  /** Milliseconds until B's answer shows the change (polled every 10 ms, given up after 3 s). */
  async function untilSeen(check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 3_000) {
      if (await check()) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
    return Infinity;
  }

  const kinds: Array<[string, (s: { id: string; userId: string; planId: string }) => string, (s: { id: string }, token: string) => Promise<boolean>]> = [
    ["a suspension", (s) => `update subscriptions set status = 'SUSPENDED' where id = '${s.id}'`, async (s, t) => (await onB(s.id, t)).status === 403],
    ["a ban", (s) => `update users set status = 'BANNED' where id = '${s.userId}'`, async (s, t) => (await onB(s.id, t)).status === 403],
    ["a token rotation", (s) => `update subscriptions set download_token_hash = 'rotated-${s.id}' where id = '${s.id}'`, async (s, t) => (await onB(s.id, t)).status === 404],
    ["an expiry moved to the past", (s) => `update subscriptions set expires_at = now() - interval '1 second' where id = '${s.id}'`, async (s, t) => (await onB(s.id, t)).status === 403],
    ["a quota change", (s) => `update subscriptions set traffic_limit_bytes = 123456789 where id = '${s.id}'`, async (s, t) => userinfo((await onB(s.id, t)).headers).total === 123456789],
    ["a plan rename", (s) => `update plans set name = 'Renamed on A' where id = '${s.planId}'`, async (s, t) => titleOf((await onB(s.id, t)).headers).includes("Renamed on A")],
  ];
  for (const [what, change, seen] of kinds) {
    it(`honours ${what} made elsewhere within one second`, async () => {
      const { sub, token } = await heldByB();
      await writer.query(change(sub));
      expect(await untilSeen(() => seen(sub, token))).toBeLessThan(1_000);
    });
  }

  it("reads the database while its feed is lost, and holds rows again once it is back", async () => {
    const { sub, token } = await heldByB();
    await writer.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'relayboard-gate-feed' and datname = current_database()");
    await expect.poll(() => statsB().current).toBe(false);
    await writer.query(`update subscriptions set status = 'SUSPENDED' where id = '${sub.id}'`);
    const misses = statsB().misses;
    expect((await onB(sub.id, token)).status).toBe(403);
    expect(statsB().misses).toBe(misses + 1);
    await expect.poll(() => statsB().current, { timeout: 10_000 }).toBe(true);
    await onB(sub.id, token);
    const hits = statsB().hits;
    expect((await onB(sub.id, token)).status).toBe(403);
    expect(statsB().hits).toBe(hits + 1);
  });

  it("stops answering from memory within one second when its feed stalls (no packet comes back)", async () => {
    // The feed's connection goes through a TCP relay the test can freeze, as a dead network would.
    const relay = await freezableRelay(new URL(url()).port || "5432");
    const target = new URL(url());
    target.host = `127.0.0.1:${relay.port}`;
    const pool = new pg.Pool({ connectionString: target.toString(), max: 1 });
    let model: GateReadModel | null = null;
    const feed = postgresFeed(pool, { message: (p) => model?.message(p), reset: () => model?.reset() });
    model = new GateReadModel(feed, 100);
    try {
      const sub = { id: randomUUID() };
      let reads = 0;
      const row = { id: sub.id } as OneRow;
      const load = async () => (reads++, row);
      await expect.poll(() => model.stats().current).toBe(true);
      await model.one(sub.id, load);
      await model.one(sub.id, load);
      expect(reads).toBe(1);
      relay.freeze();
      expect(await untilSeen(async () => (await model.one(sub.id, load), reads > 1))).toBeLessThan(1_000);
    } finally {
      await feed.close();
      await pool.end();
      await relay.close();
    }
  });
});

/** A TCP relay to PostgreSQL whose traffic can be stopped without closing anything. */
async function freezableRelay(pgPort: string): Promise<{ port: number; freeze(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((inbound) => {
    const outbound = connect(Number(pgPort), "127.0.0.1");
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on("error", () => undefined);
    }
    inbound.on("data", (d) => frozen || outbound.write(d));
    outbound.on("data", (d) => frozen || inbound.write(d));
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => void (frozen = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
