// Issue 26 item 5: several delivery domains and a path prefix. The settings' checks, which base is
// primary, content served on every configured domain and refused on others, links and managed
// profiles on the primary, a blocked domain moving the next render to the next one, and a prefix
// served by the custom server's listener beside the default path.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateSettings } from "../../src/server/services/settings";
import { BaseUrlListSetting, deliveryOf, PathPrefixSetting, RESERVED_FIRST_SEGMENTS } from "../../src/server/services/settings/delivery-domains";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { contentSettings, forgetContentSettings } from "../../src/server/services/subscription-content/content-settings";
import { getMySubscription } from "../../src/server/services/subscriptions";
import { openShop } from "../commerce/fixtures";
import { startListener, type Listener } from "../http/listener-harness";
import { subscribedIn } from "../subscription-content/gate-fixtures";

describe("the settings", () => {
  it("a list is a JSON array or URLs one per line; each is an http(s) base without query, once, at most 10", () => {
    expect(BaseUrlListSetting.parse("https://a.example.com/\nhttps://b.example.com:8443")).toEqual(["https://a.example.com", "https://b.example.com:8443"]);
    expect(BaseUrlListSetting.parse('["https://a.example.com"]')).toEqual(["https://a.example.com"]);
    expect(BaseUrlListSetting.parse("")).toEqual([]);
    for (const bad of ["ftp://a.example.com", "https://a.example.com/?x=1", "https://u:p@a.example.com", "not a url", "https://a.example.com\nhttps://a.example.com/", '["https://a.example.com"'])
      expect([bad, BaseUrlListSetting.safeParse(bad).success]).toEqual([bad, false]);
    expect(BaseUrlListSetting.safeParse(Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`)).success).toBe(false);
  });

  it("a path prefix is a plain path that no page of the site uses", () => {
    for (const ok of ["/sub", "/api/subscription", "/s/v1", "/get-it"]) expect([ok, PathPrefixSetting.safeParse(ok).success]).toEqual([ok, true]);
    for (const bad of ["sub", "/", "/sub/", "/admin", "/api/other", "/_next/x", "/subscription-view", "/a b", "/sub?x"]) expect([bad, PathPrefixSetting.safeParse(bad).success]).toEqual([bad, false]);
  });

  it("the reserved first segments cover every top-level route of the app", () => {
    const app = path.resolve("src/app");
    const tops = new Set<string>();
    for (const entry of readdirSync(app)) {
      if (!statSync(path.join(app, entry)).isDirectory()) continue;
      // A route group "(user)" adds no segment: its children are top-level routes.
      if (!entry.startsWith("(")) tops.add(entry);
      else for (const child of readdirSync(path.join(app, entry))) if (statSync(path.join(app, entry, child)).isDirectory()) tops.add(child);
    }
    expect([...tops].filter((t) => !RESERVED_FIRST_SEGMENTS.includes(t))).toEqual([]);
  });

  it("the primary is the first base not blocked; every base is accepted, and the site's own addresses", () => {
    const s = { subscriptionBaseUrls: ["https://a.example.com", "https://b.example.com", "https://c.example.com"], subscriptionBlockedBaseUrls: ["https://a.example.com"], subscriptionPathPrefix: "/sub", subscriptionUrl: "", siteUrl: "https://shop.example.com" };
    const d = deliveryOf(s, "https://app.example.com");
    expect(d).toMatchObject({ primary: "https://b.example.com", fallbacks: ["https://c.example.com"], prefix: "/sub" });
    expect([...d.hosts!].sort()).toEqual(["a.example.com", "app.example.com", "b.example.com", "c.example.com", "shop.example.com"]);
    // Every listed base blocked: the site's address serves as primary rather than none.
    expect(deliveryOf({ ...s, subscriptionBlockedBaseUrls: s.subscriptionBaseUrls }, "https://app.example.com").primary).toBe("https://shop.example.com");
    // No list: as before (subscription URL, else site URL, else APP_URL), any Host.
    expect(deliveryOf({ ...s, subscriptionBaseUrls: [], subscriptionBlockedBaseUrls: [] }, "https://app.example.com")).toMatchObject({ primary: "https://shop.example.com", hosts: null });
  });
});

describe("through the endpoint", () => {
  const shop = openShop();
  let listener: Listener;
  let ipN = 1;
  beforeAll(async () => {
    listener = await startListener(
      async (req, res) => {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end(`next:${req.url}`);
      },
      { db: shop.db },
    );
  });
  afterAll(async () => {
    await listener.close();
    await flushAccessLogs();
  });

  /** A request to our listener as if addressed to `host` (the Host header nginx passes on; fetch may not set it). */
  const get = async (p: string, host: string) => {
    const r = await listener.send({ path: p, headers: { host, "x-forwarded-for": `198.18.20.${ipN++ % 250}` } });
    return { ...r, text: async () => r.body, json: async () => JSON.parse(r.body) as unknown };
  };
  const configure = async (s: Record<string, unknown>) => {
    await updateSettings(shop.admin.ctx, s);
    forgetContentSettings();
    await contentSettings(shop.db);
  };

  it("serves on every configured domain (a blocked one too), refuses others, and puts the primary in links and managed profiles", async () => {
    await configure({ subscriptionBaseUrls: ["https://one.example.com", "https://two.example.com", "https://three.example.com"], subscriptionBlockedBaseUrls: [], siteUrl: "https://shop.example.com" });
    const { user, sub, token } = await subscribedIn(shop);
    const p = `/api/subscription/${sub.id}?token=${token}`;
    // A default port written out (some clients send it) is the same host.
    for (const host of ["one.example.com", "three.example.com", "shop.example.com", "ONE.example.com:443", "two.example.com:80"]) expect([host, (await get(p, host)).status]).toEqual([host, 200]);
    expect((await get(p, "one.example.com:8443")).status).toBe(404);
    const stranger = await get(p, "evil.example.net");
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("subscription_not_found");
    expect((await getMySubscription(user.ctx, sub.id)).contentUrl).toBe(`https://one.example.com/api/subscription/${sub.id}?token=${token}`);
    const surge = (await (await get(`${p}&format=surge`, "two.example.com")).text()).split("\n");
    expect(surge[0]).toBe(`#!MANAGED-CONFIG https://one.example.com/api/subscription/${sub.id}?token=${token}&format=surge interval=43200 strict=false`);
    expect(surge[1]).toBe(`# If that address is unreachable: https://two.example.com/api/subscription/${sub.id}?token=${token}&format=surge`);
  });

  it("marking the primary blocked moves the next profile, link and page address to the next domain; the blocked one still serves", async () => {
    await configure({ subscriptionBaseUrls: ["https://one.example.com", "https://two.example.com"], subscriptionBlockedBaseUrls: ["https://one.example.com"] });
    const { user, sub, token } = await subscribedIn(shop);
    const p = `/api/subscription/${sub.id}?token=${token}`;
    const res = await get(`${p}&format=surfboard`, "one.example.com");
    expect(res.status).toBe(200);
    expect((await res.text()).split("\n")[0]).toMatch(new RegExp(`^#!MANAGED-CONFIG https://two\\.example\\.com/api/subscription/${sub.id}\\?`));
    expect(res.headers["profile-web-page-url"]).toMatch(/^https:\/\/two\.example\.com\/subscription-view\//);
    expect((await getMySubscription(user.ctx, sub.id)).contentUrl).toMatch(/^https:\/\/two\.example\.com\//);
  });

  it("a path prefix is served by the listener beside the default path, and links use it", async () => {
    await configure({ subscriptionBaseUrls: ["https://one.example.com"], subscriptionBlockedBaseUrls: [], subscriptionPathPrefix: "/sub" });
    const { user, sub, token } = await subscribedIn(shop);
    expect((await get(`/sub/${sub.id}?token=${token}`, "one.example.com")).status).toBe(200);
    expect((await get(`/api/subscription/${sub.id}?token=${token}`, "one.example.com")).status).toBe(200);
    // Another path is not content: it goes on to Next.
    expect(await (await get(`/other/${sub.id}?token=${token}`, "one.example.com")).text()).toBe(`next:/other/${sub.id}?token=${token}`);
    expect((await getMySubscription(user.ctx, sub.id)).contentUrl).toBe(`https://one.example.com/sub/${sub.id}?token=${token}`);
    await configure({ subscriptionBaseUrls: [], subscriptionPathPrefix: "/api/subscription" });
  });
});
