// Registration holds under concurrency (PostgreSQL, two pools = two app instances, requests fired
// together): new devices racing for the last place on a subscription get exactly the places left,
// and one new device fetched many times at once is registered once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type Db } from "../../src/server/db/client";
import { subscriptionDevices } from "../../src/server/db/schema";
import { forgetDeviceCache } from "../../src/server/services/risk/device-cache";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { openSecondInstance } from "../helpers/db";
import { describeOnPostgres } from "../helpers/requirements";
import { openShop } from "../commerce/fixtures";
import { asDevice, docIp, fetchContent, planWithLimit, subscribe } from "./fixtures";

describeOnPostgres("device registration under concurrency (PostgreSQL, separate connections)", () => {
  const shop = openShop();
  let second: { db: Db; close: () => Promise<void> };
  beforeAll(() => {
    second = openSecondInstance(shop);
  });
  afterAll(async () => {
    await flushAccessLogs();
    await second?.close();
  });
  beforeEach(() => forgetDeviceCache());

  const fetchOn = (db: Db, id: string, token: string, device: string) =>
    serveContent(db, { id, token, format: "plain", userAgent: "Happ/3.1.0", ip: docIp(), locale: "en", device: asDevice(device) }).then((r) => r.status);
  const countDevices = async (subscriptionId: string) => (await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, subscriptionId))).length;

  it("two new devices at the same moment on a two-device plan with one registered: exactly one gets in", async () => {
    const plan = await planWithLimit(shop, 2);
    for (let round = 0; round < 5; round++) {
      const { sub, token } = await subscribe(shop, plan.id);
      expect((await fetchContent(shop, sub.id, token, { device: asDevice("first") })).status).toBe(200);
      const statuses = await Promise.all([fetchOn(shop.db, sub.id, token, `x${round}`), fetchOn(second.db, sub.id, token, `y${round}`)]);
      expect(statuses.sort(), `round ${round}`).toEqual([200, 403]);
      expect(await countDevices(sub.id)).toBe(2);
    }
  });

  it("ten new devices racing for two free places: two get in, eight are refused, no 5xx", async () => {
    const { sub, token } = await subscribe(shop, (await planWithLimit(shop, 3)).id);
    expect((await fetchContent(shop, sub.id, token, { device: asDevice("first") })).status).toBe(200);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => fetchOn(i % 2 ? second.db : shop.db, sub.id, token, `racer${i}`)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(8);
    expect(await countDevices(sub.id)).toBe(3);
  });

  it("one new device fetched ten times at once is registered once and always served", async () => {
    const { sub, token } = await subscribe(shop, (await planWithLimit(shop, 2)).id);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => fetchOn(i % 2 ? second.db : shop.db, sub.id, token, "same")));
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await countDevices(sub.id)).toBe(1);
  });
});
