// The content endpoint through the custom server's request listener on a real socket: every refusal
// with its status and reason, the access log, headers, cache invalidation, the browser rewrite, and
// 1,000 concurrent fetches of one subscription without a 5xx.
import { eq } from "drizzle-orm";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { inbounds, nodeClients, plans, subscriptionAccessLogs, subscriptions, users } from "../../src/server/db/schema";
import { parseTrustedProxies } from "../../src/server/http/client-ip";
import { makeRequestListener } from "../../src/server/http/request-listener";
import { updateInboundDisplayName } from "../../src/server/services/nodes";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { newDownloadToken } from "../../src/server/services/provisioning/provision-order";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { clearContentCache } from "../../src/server/services/subscription-content/render";
import { forgetContentSettings } from "../../src/server/services/subscription-content/content-settings";
import { updateSettings } from "../../src/server/services/settings";
import { myAggregateToken, rotateAggregateToken } from "../../src/server/services/subscriptions";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { subscribedIn } from "./gate-fixtures";

const shop = openShop();
let server: Server;
let base = "";

beforeAll(async () => {
  // A stand-in for Next: says which URL it was handed, so the browser rewrite is visible.
  const next = async (req: { url?: string }, res: import("node:http").ServerResponse) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(`next:${req.url}`);
  };
  server = createServer(makeRequestListener(next, { trusted: parseTrustedProxies("127.0.0.1"), appHttps: false, dev: false, db: shop.db }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await flushAccessLogs(); // before the database closes
});

let ipN = 1;
const ip = () => `198.51.${(ipN >> 8) & 255}.${ipN++ & 255}`;

const subscribed = () => subscribedIn(shop);

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { "x-forwarded-for": ip(), ...headers } });
const reasonOf = async (res: Response) => ((await res.json()) as { error: { details: { reason: string } } }).error.details.reason;

describe("subscription content endpoint", () => {
  it("serves base64 links with the documented headers and logs the access with the client IP", async () => {
    const { sub, token } = await subscribed();
    const res = await fetch(`${base}/api/subscription/${sub.id}?token=${token}`, { headers: { "x-forwarded-for": "203.0.113.9", "user-agent": "v2rayNG/1.8.0" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("profile-update-interval")).toBe("12");
    expect(res.headers.get("profile-title")).toMatch(/^base64:/);
    expect(res.headers.get("content-disposition")).toMatch(/filename\*=UTF-8''/);
    const info = res.headers.get("subscription-userinfo")!;
    expect(info).toContain(`total=${10 * 1024 ** 3}`);
    expect(info).toContain(`expire=${Math.floor(sub.expiresAt.getTime() / 1000)}`);
    const links = Buffer.from(await res.text(), "base64").toString("utf8").trim().split("\n");
    expect(links.map((l) => l.split("://")[0]).sort()).toEqual(["vless", "vmess"]);
    await flushAccessLogs();
    const logs = await shop.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, sub.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ outcome: "OK", ip: "203.0.113.9", userAgent: "v2rayNG/1.8.0", format: "base64", source: "API" });
  });

  it("picks the format by ?format= and by User-Agent, and refuses an unknown one with 400", async () => {
    const { sub, token } = await subscribed();
    const clash = await get(`/api/subscription/${sub.id}?token=${token}`, { "user-agent": "clash-verge/v2.2.3" });
    expect(clash.headers.get("content-type")).toMatch(/yaml/);
    expect(await clash.text()).toContain("proxies:");
    const sb = await get(`/api/subscription/${sub.id}?token=${token}&format=sing-box`);
    expect((JSON.parse(await sb.text()) as { outbounds: unknown[] }).outbounds.length).toBeGreaterThan(2);
    const bad = await get(`/api/subscription/${sub.id}?token=${token}&format=nope`);
    expect(bad.status).toBe(400);
    expect(await reasonOf(bad)).toBe("subscription_format_unknown");
  });

  it("refuses a missing, wrong or rotated token, and an unknown id, without telling them apart", async () => {
    const { sub, token } = await subscribed();
    const missing = await get(`/api/subscription/${sub.id}`);
    expect(missing.status).toBe(401);
    expect(await reasonOf(missing)).toBe("subscription_token_missing");
    const wrong = await get(`/api/subscription/${sub.id}?token=${token}x`);
    expect(wrong.status).toBe(404);
    expect(await reasonOf(wrong)).toBe("subscription_not_found");
    const unknown = await get(`/api/subscription/00000000-0000-4000-8000-000000000000?token=${token}`);
    expect(unknown.status).toBe(404);
    expect(await reasonOf(unknown)).toBe("subscription_not_found");
    const garbage = await get(`/api/subscription/not-a-uuid?token=${token}`);
    expect(garbage.status).toBe(404);
    // A new token (what rotation writes): the old one stops working, the new one works.
    const fresh = newDownloadToken();
    await shop.db.update(subscriptions).set({ downloadTokenHash: fresh.hash, downloadTokenEnc: fresh.enc }).where(eq(subscriptions.id, sub.id));
    expect((await get(`/api/subscription/${sub.id}?token=${token}`)).status).toBe(404);
    expect((await get(`/api/subscription/${sub.id}?token=${fresh.token}`)).status).toBe(200);
  });

  it("refuses a banned owner, a suspended, risk-restricted, expired or cancelled subscription with 403 and its reason", async () => {
    const cases: [string, (id: string, userId: string) => Promise<unknown>, string][] = [
      ["banned", (_id, userId) => shop.db.update(users).set({ status: "BANNED" }).where(eq(users.id, userId)), "subscription_owner_disabled"],
      ["suspended", (id) => shop.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, id)), "subscription_suspended"],
      ["restricted", (id) => shop.db.update(subscriptions).set({ riskRestricted: true }).where(eq(subscriptions.id, id)), "subscription_restricted"],
      ["past due", (id) => shop.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, id)), "subscription_expired"],
      ["expired", (id) => shop.db.update(subscriptions).set({ status: "EXPIRED" }).where(eq(subscriptions.id, id)), "subscription_expired"],
      ["cancelled", (id) => shop.db.update(subscriptions).set({ status: "CANCELLED" }).where(eq(subscriptions.id, id)), "subscription_cancelled"],
    ];
    for (const [label, change, reason] of cases) {
      const { sub, token, user } = await subscribed();
      await change(sub.id, user.id);
      const res = await get(`/api/subscription/${sub.id}?token=${token}`);
      expect(res.status, label).toBe(403);
      expect(await reasonOf(res), label).toBe(reason);
    }
    await flushAccessLogs();
    const refused = await shop.db.select({ outcome: subscriptionAccessLogs.outcome }).from(subscriptionAccessLogs);
    expect(refused.map((r) => r.outcome)).toEqual(expect.arrayContaining(["owner_disabled", "suspended", "restricted", "expired", "cancelled"]));
  });

  it("limits requests per subscription and per IP, answering 429 with Retry-After", async () => {
    await updateSettings(shop.admin.ctx, { subscriptionRateLimitPerHour: 3, subscriptionIpRateLimitPerHour: 5 });
    forgetContentSettings();
    try {
      const { sub, token } = await subscribed();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await get(`/api/subscription/${sub.id}?token=${token}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await get(`/api/subscription/${sub.id}?token=${token}`);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await reasonOf(limited)).toBe("rate_limited");
      // Per IP: the sixth request from one address is refused before any lookup, whatever the id.
      const other = await subscribed();
      const fixed = { "x-forwarded-for": "192.0.2.77" };
      const perIp = [];
      for (let i = 0; i < 6; i++) perIp.push((await fetch(`${base}/api/subscription/${other.sub.id}?token=wrong${i}`, { headers: fixed })).status);
      expect(perIp).toEqual([404, 404, 404, 404, 404, 429]);
    } finally {
      await updateSettings(shop.admin.ctx, { subscriptionRateLimitPerHour: 60, subscriptionIpRateLimitPerHour: 180 });
      forgetContentSettings();
    }
  });

  it("re-renders after a change that affects the content (an inbound's display name)", async () => {
    const { sub, token } = await subscribed();
    const before = await (await get(`/api/subscription/${sub.id}?token=${token}&format=plain`)).text();
    const vless = shop.inbounds.find((i) => i.protocol === "vless")!;
    await updateInboundDisplayName(shop.admin.ctx, vless.id, { displayName: "Renamed Tokyo" });
    const after = await (await get(`/api/subscription/${sub.id}?token=${token}&format=plain`)).text();
    expect(before).not.toContain("Renamed%20Tokyo");
    expect(decodeURIComponent(after)).toContain("Renamed Tokyo");
    await shop.db.update(inbounds).set({ displayName: null }).where(eq(inbounds.id, vless.id));
    // The plan's name is in the Clash group name: renaming the plan re-renders too.
    const clashBefore = await (await get(`/api/subscription/${sub.id}?token=${token}&format=clash`)).text();
    await shop.db.update(plans).set({ name: "Renamed plan" }).where(eq(plans.id, sub.planId));
    const clashAfter = await (await get(`/api/subscription/${sub.id}?token=${token}&format=clash`)).text();
    expect(clashBefore).not.toContain("Renamed plan");
    expect(clashAfter).toContain("Renamed plan");
  });

  it("serves every live proxy subscription of a user behind the aggregate token, which rotates", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    for (let i = 0; i < 3; i++) {
      const order = await buyNow(u.ctx, { planId: plan.id });
      if (order.status !== "PAID") await confirmOrder(shop.admin.ctx, order.id);
    }
    await drainTasks(shop.db);
    const subs = await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    await shop.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, subs[2]!.id));
    const { token } = await myAggregateToken(u.ctx);
    const res = await get(`/api/subscription/all?token=${token}&format=plain`);
    expect(res.status).toBe(200);
    // Two live subscriptions x (vmess + vless); the suspended one is left out, not refused.
    expect((await res.text()).trim().split("\n")).toHaveLength(4);
    expect(res.headers.get("subscription-userinfo")).toContain(`total=${2 * 10 * 1024 ** 3}`);
    // A subscription's own token does not open the aggregate link, nor the other way round.
    const own = decryptSecret(subs[0]!.downloadTokenEnc);
    expect((await get(`/api/subscription/all?token=${own}`)).status).toBe(404);
    expect((await get(`/api/subscription/${subs[0]!.id}?token=${token}`)).status).toBe(404);
    const rotated = await rotateAggregateToken(u.ctx);
    expect((await get(`/api/subscription/all?token=${token}`)).status).toBe(404);
    expect((await get(`/api/subscription/all?token=${rotated.token}`)).status).toBe(200);
    await shop.db.update(users).set({ status: "BANNED" }).where(eq(users.id, u.id));
    expect(await reasonOf(await get(`/api/subscription/all?token=${rotated.token}`))).toBe("subscription_owner_disabled");
  });

  it("hands a browser (Accept: text/html) to the page for people, with the same query", async () => {
    const { sub, token } = await subscribed();
    const res = await get(`/api/subscription/${sub.id}?token=${token}`, { accept: "text/html,application/xhtml+xml" });
    expect(await res.text()).toBe(`next:/subscription-view/${sub.id}?token=${token}`);
    // An explicit format is always content, whatever the Accept header says.
    const forced = await get(`/api/subscription/${sub.id}?token=${token}&format=base64`, { accept: "text/html" });
    expect(forced.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("answers concurrent first fetches of different subscriptions each with its own document", async () => {
    // Cold reads of different subscriptions share one gate query and one endpoints query (db/coalesce.ts):
    // each answer must still be its own subscription's, and a wrong token among them stays refused.
    const subs: Awaited<ReturnType<typeof subscribed>>[] = [];
    for (let i = 0; i < 6; i++) subs.push(await subscribed());
    const alone = async ({ sub, token }: (typeof subs)[number]) => {
      clearContentCache();
      return (await get(`/api/subscription/${sub.id}?token=${token}`)).text();
    };
    const expected = [];
    for (const s of subs) expected.push(await alone(s));
    expect(new Set(expected).size).toBe(subs.length); // every subscription has its own credentials
    clearContentCache();
    const [first] = subs;
    const answers = await Promise.all([
      ...subs.map(({ sub, token }) => get(`/api/subscription/${sub.id}?token=${token}`)),
      get(`/api/subscription/${first!.sub.id}?token=${newDownloadToken()}`),
      get(`/api/subscription/00000000-0000-4000-8000-000000000000?token=${first!.token}`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([...subs.map(() => 200), 404, 404]);
    expect(await Promise.all(answers.slice(0, subs.length).map((r) => r.text()))).toEqual(expected);
  });

  it("fails only the fetch whose credential no longer decrypts when first fetches share a round", async () => {
    const subs: Awaited<ReturnType<typeof subscribed>>[] = [];
    for (let i = 0; i < 4; i++) subs.push(await subscribed());
    const [broken] = subs;
    await shop.db.update(nodeClients).set({ credentialEnc: "v1:not-a-ciphertext" }).where(eq(nodeClients.subscriptionId, broken!.sub.id));
    clearContentCache();
    const statuses = await Promise.all(subs.map(({ sub, token }) => get(`/api/subscription/${sub.id}?token=${token}`).then((r) => r.status)));
    expect(statuses).toEqual([500, 200, 200, 200]);
  });

  it("answers 1,000 concurrent fetches of one subscription without a 5xx", async () => {
    await updateSettings(shop.admin.ctx, { subscriptionRateLimitPerHour: 100_000, subscriptionIpRateLimitPerHour: 100_000 });
    forgetContentSettings();
    try {
      const { sub, token } = await subscribed();
      const statuses = await Promise.all(Array.from({ length: 1000 }, () => get(`/api/subscription/${sub.id}?token=${token}`).then((r) => r.status)));
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await updateSettings(shop.admin.ctx, { subscriptionRateLimitPerHour: 60, subscriptionIpRateLimitPerHour: 180 });
      forgetContentSettings();
    }
  });
});
