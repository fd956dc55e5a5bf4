// Device limits through serveContent (the pipeline of both transports): the third device on a
// two-device plan is refused and removing one lets it in; known devices always pass, fetches without
// a valid x-hwid are never refused by this rule; the response headers clients read; the access-log
// row, the owner's notification (once per device and day); the aggregate link.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { notifications, plans, subscriptionAccessLogs, subscriptionDevices } from "../../src/server/db/schema";
import { forgetDeviceCache } from "../../src/server/services/risk/device-cache";
import { parseDeviceHeaders } from "../../src/server/services/risk/device-headers";
import { admitDevice, listMyDevices, removeMyDevice } from "../../src/server/services/risk/devices";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { buyer, openShop } from "../commerce/fixtures";
import { aggregateToken, asDevice, fetchContent, hwidOf, planWithLimit, reasonOf, subscribe } from "./fixtures";

const shop = openShop();
// Rows still buffered are written before the database closes.
afterAll(() => flushAccessLogs());
beforeEach(() => forgetDeviceCache());

const devicesOf = (db: Db, subscriptionId: string) => db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, subscriptionId));
// A public address the pinned GeoLite2 data places in the US.
const PUBLIC_IP = "2001:4860:4860::8888";
const hwidHeaders = (h: Record<string, string>) => Object.keys(h).filter((k) => k.startsWith("x-hwid")).sort();

describe("device limit on the content endpoint", () => {
  it("refuses the third device on a two-device plan; removing one lets it in", async () => {
    const plan = await planWithLimit(shop, 2);
    const { user, sub, token } = await subscribe(shop, plan.id);
    const first = await fetchContent(shop, sub.id, token, { device: asDevice("a") });
    expect(first.status).toBe(200);
    expect(first.headers["x-hwid-active"]).toBe("true");
    expect(first.headers["x-hwid-limit"]).toBeUndefined();
    const second = await fetchContent(shop, sub.id, token, { device: asDevice("b") });
    expect(second.status).toBe(200);
    // Two of two: the limit header is on allowed answers too (3x-ui's X-Hwid-Limit).
    expect(second.headers["x-hwid-limit"]).toBe("true");

    const third = await fetchContent(shop, sub.id, token, { device: asDevice("c") });
    expect(third.status).toBe(403);
    expect(reasonOf(third)).toMatchObject({ reason: "subscription_device_limit", limit: 2 });
    expect(JSON.parse(third.body).error.message).toContain("2 devices");
    expect(third.headers).toMatchObject({ "x-hwid-active": "true", "x-hwid-limit": "true", "x-hwid-max-devices-reached": "true" });
    expect(await devicesOf(shop.db, sub.id)).toHaveLength(2);

    // The owner removes device b: c gets the free place, and b is now the one over the limit.
    const b = (await listMyDevices(user.ctx, sub.id)).rows.find((d) => d.deviceModel === "Phone b")!;
    await removeMyDevice(user.ctx, { subscriptionId: sub.id, deviceId: b.id });
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("c") })).status).toBe(200);
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("b") })).status).toBe(403);
    expect((await devicesOf(shop.db, sub.id)).map((d) => d.deviceModel).sort()).toEqual(["Phone a", "Phone c"]);
  });

  it("always admits a known device, also when the plan's limit is later lowered below the devices registered", async () => {
    const plan = await planWithLimit(shop, 3);
    const { sub, token } = await subscribe(shop, plan.id);
    for (const n of ["a", "b", "c"]) expect((await fetchContent(shop, sub.id, token, { device: asDevice(n) })).status).toBe(200);
    await shop.db.update(plans).set({ deviceLimit: 1 }).where(eq(plans.id, plan.id));
    forgetDeviceCache();
    for (const n of ["a", "b", "c"]) expect((await fetchContent(shop, sub.id, token, { device: asDevice(n) })).status, n).toBe(200);
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("d") })).status).toBe(403);
  });

  it("never refuses a fetch without a valid x-hwid, and says the limit cannot be applied to it", async () => {
    const plan = await planWithLimit(shop, 1);
    const { sub, token } = await subscribe(shop, plan.id);
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("a") })).status).toBe(200);
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("b") })).status).toBe(403);
    for (const device of [undefined, {}, { hwid: "short" }, { hwid: "has spaces inside" }, { hwid: "x".repeat(200) }]) {
      const out = await fetchContent(shop, sub.id, token, { device });
      expect(out.status, JSON.stringify(device)).toBe(200);
      expect(out.headers["x-hwid-not-supported"]).toBe("true");
      expect(out.headers["x-hwid-active"]).toBe("true");
      expect(out.headers["x-hwid-max-devices-reached"]).toBeUndefined();
    }
    expect(await devicesOf(shop.db, sub.id)).toHaveLength(1);
  });

  it("records devices on a plan without a limit and sends no device headers for it", async () => {
    const plan = await planWithLimit(shop, 0);
    const { sub, token } = await subscribe(shop, plan.id);
    for (const n of ["a", "b", "c", "d"]) {
      const out = await fetchContent(shop, sub.id, token, { device: asDevice(n) });
      expect(out.status).toBe(200);
      expect(hwidHeaders(out.headers)).toEqual([]);
    }
    expect(hwidHeaders((await fetchContent(shop, sub.id, token)).headers)).toEqual([]);
    const rows = await devicesOf(shop.db, sub.id);
    expect(rows).toHaveLength(4);
    // Stored as a keyed hash, never the id itself.
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hwidHash) && r.hwidHash !== hwidOf("a"))).toBe(true);
  });

  it("stores model, OS, first and last seen, last address and place; refreshes them at most every few minutes", async () => {
    const plan = await planWithLimit(shop, 2);
    const { sub, token } = await subscribe(shop, plan.id);
    const t0 = new Date(Date.now() - 3_600_000);
    await fetchContent(shop, sub.id, token, { device: { ...asDevice("a"), deviceModel: "Pixel 8\u0000" }, ip: PUBLIC_IP, now: t0 });
    const [row] = await devicesOf(shop.db, sub.id);
    expect(row).toMatchObject({ deviceModel: "Pixel 8", deviceOs: "Android", osVersion: "14", userAgent: "Happ/3.1.0", lastIp: PUBLIC_IP, firstSeenAt: t0, lastSeenAt: t0 });
    expect(row!.lastPlace).toMatch(/^US/);
    // A minute later: answered from memory, the row is not written.
    await fetchContent(shop, sub.id, token, { device: asDevice("a"), ip: "198.51.100.7", now: new Date(t0.getTime() + 60_000) });
    expect((await devicesOf(shop.db, sub.id))[0]).toMatchObject({ lastIp: PUBLIC_IP, lastSeenAt: t0 });
    // Ten minutes later: written again (an address without a place clears the place; an empty model keeps the old one).
    const t1 = new Date(t0.getTime() + 600_000);
    await fetchContent(shop, sub.id, token, { device: { hwid: hwidOf("a"), deviceOs: "Android", osVersion: "15" }, ip: "198.51.100.7", now: t1 });
    expect((await devicesOf(shop.db, sub.id))[0]).toMatchObject({ lastIp: "198.51.100.7", lastPlace: "", lastSeenAt: t1, firstSeenAt: t0, osVersion: "15", deviceModel: "Pixel 8" });
  });

  it("costs no query for a device this process saw minutes ago", async () => {
    const plan = await planWithLimit(shop, 2);
    const { sub } = await subscribe(shop, plan.id);
    const subject = [{ id: sub.id, userId: sub.userId, planName: "p", deviceLimit: 2 }];
    const device = parseDeviceHeaders(asDevice("a"), "Happ/3.1.0");
    const now = new Date();
    expect((await admitDevice(shop.db, { subscriptions: subject, device, ip: "198.51.100.1", place: null, now })).allowed).toBe(true);
    // A database that fails any use: the second fetch must not touch it.
    const untouchable = new Proxy(shop.db, {
      get() {
        throw new Error("the database was used");
      },
    });
    const again = await admitDevice(untouchable, { subscriptions: subject, device, ip: "198.51.100.1", place: null, now: new Date(now.getTime() + 60_000) });
    expect(again).toMatchObject({ allowed: true, headers: { "x-hwid-active": "true" } });
    // Past the refresh interval it does go to the database.
    await expect(admitDevice(untouchable, { subscriptions: subject, device, ip: "198.51.100.1", place: null, now: new Date(now.getTime() + 6 * 60_000) })).rejects.toThrow("the database was used");
  });

  it("logs a refused fetch as device_limit and tells the owner once per device and day", async () => {
    const plan = await planWithLimit(shop, 1);
    const { user, sub, token } = await subscribe(shop, plan.id);
    await fetchContent(shop, sub.id, token, { device: asDevice("a") });
    for (let i = 0; i < 3; i++) expect((await fetchContent(shop, sub.id, token, { device: asDevice("b") })).status).toBe(403);
    // A restart (empty memory) does not repeat it either: the dedupe key is in the database.
    forgetDeviceCache();
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("b") })).status).toBe(403);
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("c", "Tablet c") })).status).toBe(403);
    const mine = await shop.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, "SUBSCRIPTION")));
    const limitNotes = mine.filter((n) => n.dedupeKey?.startsWith("device-limit:"));
    expect(limitNotes).toHaveLength(2);
    expect(limitNotes.map((n) => n.body).join(" ")).toContain("Tablet c");
    expect(limitNotes[0]!.link).toBe(`/subscriptions/${sub.id}`);
    // The next day, the same device is worth a notification again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    forgetDeviceCache();
    await fetchContent(shop, sub.id, token, { device: asDevice("b"), now: tomorrow });
    expect((await shop.db.select().from(notifications).where(eq(notifications.userId, user.id))).filter((n) => n.dedupeKey?.startsWith("device-limit:"))).toHaveLength(3);

    await flushAccessLogs();
    const logs = await shop.db.select().from(subscriptionAccessLogs).where(eq(subscriptionAccessLogs.subscriptionId, sub.id));
    expect(logs.filter((l) => l.outcome === "device_limit")).toHaveLength(6);
    expect(logs.filter((l) => l.outcome === "OK")).toHaveLength(1);
  });
});

describe("device limit on the aggregate link", () => {
  it("registers the device on each subscription, leaves out the ones that refuse it, and refuses only when all do", async () => {
    const u = await buyer(shop);
    const small = await subscribe(shop, (await planWithLimit(shop, 1)).id, u);
    const roomy = await subscribe(shop, (await planWithLimit(shop, 2)).id, u);
    const token = await aggregateToken(u);
    const links = (out: { body: string }) => out.body.trim().split("\n").filter(Boolean).length;

    const both = await fetchContent(shop, "all", token, { device: asDevice("a") });
    expect(both.status).toBe(200);
    expect(links(both)).toBe(4); // two subscriptions x (vmess + vless)
    expect((await devicesOf(shop.db, small.sub.id)).length).toBe(1);
    expect((await devicesOf(shop.db, roomy.sub.id)).length).toBe(1);

    // Device b: the one-device subscription refuses it and is left out; the other one serves it.
    const partial = await fetchContent(shop, "all", token, { device: asDevice("b") });
    expect(partial.status).toBe(200);
    expect(links(partial)).toBe(2);
    expect(partial.headers).toMatchObject({ "x-hwid-active": "true", "x-hwid-limit": "true" });
    expect(partial.headers["x-hwid-max-devices-reached"]).toBeUndefined();
    const roomyLinks = (await fetchContent(shop, roomy.sub.id, roomy.token, { device: asDevice("b") })).body.trim();
    expect(partial.body.trim()).toBe(roomyLinks);
    expect((await devicesOf(shop.db, small.sub.id)).length).toBe(1);

    // Device c: both are full now, so the aggregate link refuses it.
    const none = await fetchContent(shop, "all", token, { device: asDevice("c") });
    expect(none.status).toBe(403);
    expect(reasonOf(none).reason).toBe("subscription_device_limit");
    expect(none.headers["x-hwid-max-devices-reached"]).toBe("true");

    // Without a hwid the aggregate link serves everything.
    const plain = await fetchContent(shop, "all", token);
    expect(links(plain)).toBe(4);
    expect(plain.headers["x-hwid-not-supported"]).toBe("true");
  });
});
