// The subscription gate's read model (issue 25): fetches are answered from memory, and every change
// that must revoke or alter access reaches it through the change feed. Here in this process (PGlite
// and PostgreSQL); the second-instance and lost-feed cases are in read-model-instances.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions, users } from "../../src/server/db/schema";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { forgetContentSettings } from "../../src/server/services/subscription-content/content-settings";
import { gateModel } from "../../src/server/services/subscription-content/read-model/gate-model";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { updateSettings } from "../../src/server/services/settings";
import { myAggregateToken } from "../../src/server/services/subscriptions";
import { openShop } from "../commerce/fixtures";
import { fetchOn, subscribedIn, titleOf, userinfo } from "./gate-fixtures";

const shop = openShop();
beforeAll(async () => {
  await updateSettings(shop.admin.ctx, { subscriptionRateLimitPerHour: 100_000, subscriptionIpRateLimitPerHour: 100_000 });
  forgetContentSettings();
});
afterAll(() => flushAccessLogs());

const subscribed = () => subscribedIn(shop);
const fetchOne = (id: string, token: string) => fetchOn(shop.db, id, token);
const stats = () => gateModel(shop.db)!.stats();

describe("the gate's read model, in this process", () => {
  it("answers a repeated fetch from memory, without reading the database", async () => {
    const { sub, token } = await subscribed();
    expect((await fetchOne(sub.id, token)).status).toBe(200);
    // The model listens from its first use on; until the feed is up, fetches read the database.
    await expect.poll(() => stats().current).toBe(true);
    expect((await fetchOne(sub.id, token)).status).toBe(200);
    const before = stats();
    for (let i = 0; i < 5; i++) expect((await fetchOne(sub.id, token)).status).toBe(200);
    const after = stats();
    expect(after.hits - before.hits).toBe(5);
    expect(after.misses).toBe(before.misses);
  });

  it("honours this process's own writes at once: suspension, ban, token rotation, expiry", async () => {
    const cases: Array<[string, (s: { id: string; userId: string }) => Promise<unknown>, number]> = [
      ["suspended", (s) => shop.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, s.id)), 403],
      ["banned", (s) => shop.db.update(users).set({ status: "BANNED" }).where(eq(users.id, s.userId)), 403],
      ["rotated", (s) => shop.db.update(subscriptions).set({ downloadTokenHash: `rotated-${s.id}` }).where(eq(subscriptions.id, s.id)), 404],
      ["expired", (s) => shop.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, s.id)), 403],
    ];
    for (const [what, change, status] of cases) {
      const { sub, token } = await subscribed();
      expect((await fetchOne(sub.id, token)).status, what).toBe(200);
      expect((await fetchOne(sub.id, token)).status, what).toBe(200); // now held in memory
      await change(sub);
      expect((await fetchOne(sub.id, token)).status, what).toBe(status);
    }
  });

  it("patches traffic figures from the feed's message instead of reading the row again", async () => {
    const { sub, token } = await subscribed();
    await fetchOne(sub.id, token);
    await shop.db.update(subscriptions).set({ trafficUpBytes: 1234, trafficDownBytes: 5678, trafficUsedBytes: 6912 }).where(eq(subscriptions.id, sub.id));
    const misses = stats().misses;
    const res = await fetchOne(sub.id, token);
    expect(userinfo(res.headers)).toMatchObject({ upload: 1234, download: 5678 });
    expect(stats().misses).toBe(misses);
  });

  it("re-reads after a quota change and a plan rename (header total, profile title)", async () => {
    const { sub, token } = await subscribed();
    await fetchOne(sub.id, token);
    await shop.db.update(subscriptions).set({ trafficLimitBytes: 7 * 1024 ** 3 }).where(eq(subscriptions.id, sub.id));
    expect(userinfo((await fetchOne(sub.id, token)).headers).total).toBe(7 * 1024 ** 3);
    await shop.db.execute(sql`update plans set name = 'Renamed plan' where id = ${sub.planId}`);
    expect(titleOf((await fetchOne(sub.id, token)).headers)).toContain("Renamed plan");
  });

  it("drops an aggregate link when one of its subscriptions changes or its owner rotates it", async () => {
    const { user, sub } = await subscribed();
    const all = (token: string) => serveContent(shop.db, { id: "all", token, format: "base64", userAgent: "v2rayN/7.0", ip: "198.51.100.251", locale: "en" });
    const { token } = await myAggregateToken(user.ctx);
    const first = await all(token);
    expect(first.status).toBe(200);
    await shop.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, sub.id));
    // The only live subscription left the aggregate: an empty document, not the old one.
    expect((await all(token)).body).not.toBe(first.body);
    await shop.db.update(users).set({ subscriptionTokenHash: `rotated-${user.id}` }).where(eq(users.id, user.id));
    expect((await all(token)).status).toBe(404);
  });
});
