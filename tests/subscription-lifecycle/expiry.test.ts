// The expiry job: ACTIVE subscriptions past their expiry become EXPIRED once (even with two instances
// at once), their clients are switched off on the panel, and their stock unit comes back once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../src/server/db/schema";
import { expireDueSubscriptions } from "../../src/server/services/subscription-lifecycle";
import { drainTasks, openShop } from "../commerce/fixtures";
import { clientRows, planRow, subRow, subscribe } from "./fixtures";
import { secondInstanceForFile } from "../helpers/race";

const shop = openShop();
const other = secondInstanceForFile(shop);

const backdate = (id: string, ms: number) => shop.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - ms) }).where(eq(subscriptions.id, id));

describe("subscription expiry", () => {
  it("expires past-due subscriptions once, disables their panel clients and releases their stock once", async () => {
    const { sub, clients, planId } = await subscribe(shop, { stockTotal: 5 });
    expect((await planRow(shop.db, planId)).stockHeld).toBe(1);
    const live = await subscribe(shop);
    await backdate(sub.id, 1000);

    // Two instances at once: one expires it.
    const [a, b] = await Promise.all([expireDueSubscriptions(shop.db), expireDueSubscriptions(other.db)]);
    expect(a + b).toBe(1);
    const after = await subRow(shop.db, sub.id);
    expect(after).toMatchObject({ status: "EXPIRED", holdsStock: false });
    expect(after.contentVersion).toBeGreaterThan(sub.contentVersion);
    expect((await planRow(shop.db, planId)).stockHeld).toBe(0);
    expect((await clientRows(shop.db, sub.id)).every((c) => !c.enable)).toBe(true);
    await drainTasks(shop.db);
    for (const c of clients) expect(shop.sim.state.findClientByEmail(c.email)!.client.enable).toBe(false);

    // Nothing more to do: no second release, the live one untouched.
    expect(await expireDueSubscriptions(shop.db)).toBe(0);
    expect((await subRow(shop.db, live.sub.id)).status).toBe("ACTIVE");
    expect((await clientRows(shop.db, live.sub.id)).every((c) => c.enable)).toBe(true);
  });

  it("leaves suspended and cancelled subscriptions as they are", async () => {
    const { sub } = await subscribe(shop);
    await shop.db.update(subscriptions).set({ status: "SUSPENDED", expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, sub.id));
    expect(await expireDueSubscriptions(shop.db)).toBe(0);
    expect((await subRow(shop.db, sub.id)).status).toBe("SUSPENDED");
  });

  it("drains a backlog larger than one batch", async () => {
    const subs = await Promise.all([subscribe(shop), subscribe(shop), subscribe(shop)]);
    for (const s of subs) await backdate(s.sub.id, 5000);
    expect(await expireDueSubscriptions(shop.db, new Date(), 2)).toBe(3);
  });
});
