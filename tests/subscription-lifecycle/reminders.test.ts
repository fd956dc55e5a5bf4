// Reminders: expiring within 3 days, and traffic over 80 %, each sent once (per expiry date / per
// reset period), in the owner's language, linking to /subscriptions; two instances send one.
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, subscriptions, users } from "../../src/server/db/schema";
import { sendReminders } from "../../src/server/services/subscription-lifecycle";
import { formatDateTime } from "../../src/i18n/format";
import { openShop } from "../commerce/fixtures";
import { GIB, subscribe } from "./fixtures";
import { secondInstanceForFile } from "../helpers/race";

const shop = openShop();
const other = secondInstanceForFile(shop);
const DAY = 86_400_000;

const noticesOf = (userId: string, prefix: string) =>
  shop.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, `${prefix}%`)));

describe("reminders", () => {
  it("expiring within 3 days: once per expiry date, again after a renewal moves it", async () => {
    const { sub, userId } = await subscribe(shop);
    const far = await subscribe(shop);
    await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, userId));
    const soon = new Date(Date.now() + 2 * DAY);
    await shop.db.update(subscriptions).set({ expiresAt: soon }).where(eq(subscriptions.id, sub.id));

    await Promise.all([sendReminders(shop.db), sendReminders(other.db)]);
    await sendReminders(shop.db);
    const sent = await noticesOf(userId, "sub-expiring:");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "SUBSCRIPTION", level: "WARNING", link: "/subscriptions", dedupeKey: `sub-expiring:${sub.id}:${soon.getTime()}` });
    expect(sent[0]!.title).toContain("expires soon");
    // The expiry in the site's time zone and the reader's language, as pages write it.
    expect(sent[0]!.body).toContain(formatDateTime(soon, "en"));
    expect(await noticesOf(far.userId, "sub-expiring:")).toHaveLength(0);

    // Renewed to a date still within 3 days: a new expiry, a new reminder.
    await shop.db.update(subscriptions).set({ expiresAt: new Date(soon.getTime() + DAY / 2) }).where(eq(subscriptions.id, sub.id));
    await sendReminders(shop.db);
    expect(await noticesOf(userId, "sub-expiring:")).toHaveLength(2);
  });

  it("traffic over 80 %: once per reset period, worded in Chinese for a zh-CN user", async () => {
    const { sub, userId } = await subscribe(shop, { trafficGb: 10 });
    await shop.db.update(subscriptions).set({ trafficUsedBytes: 7 * GIB }).where(eq(subscriptions.id, sub.id));
    await sendReminders(shop.db);
    expect(await noticesOf(userId, "sub-traffic80:")).toHaveLength(0);

    await shop.db.update(subscriptions).set({ trafficUsedBytes: Math.ceil(8.5 * GIB) }).where(eq(subscriptions.id, sub.id));
    await Promise.all([sendReminders(shop.db), sendReminders(other.db)]);
    await sendReminders(shop.db);
    const sent = await noticesOf(userId, "sub-traffic80:");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.dedupeKey).toBe(`sub-traffic80:${sub.id}:${sub.startsAt.getTime()}`);
    expect(sent[0]!.title).toContain("85%");
    expect(sent[0]!.title).toMatch(/流量/);

    // A reset starts a new period: the next 80 % is announced again.
    await shop.db.update(subscriptions).set({ lastTrafficResetAt: new Date() }).where(eq(subscriptions.id, sub.id));
    await sendReminders(shop.db);
    expect(await noticesOf(userId, "sub-traffic80:")).toHaveLength(2);
  });

  it("unlimited and inactive subscriptions get no traffic or expiry reminder", async () => {
    const unlimited = await subscribe(shop);
    await shop.db.update(subscriptions).set({ trafficLimitBytes: 0, trafficUsedBytes: 100 * GIB }).where(eq(subscriptions.id, unlimited.sub.id));
    const suspended = await subscribe(shop);
    await shop.db.update(subscriptions).set({ status: "SUSPENDED", expiresAt: new Date(Date.now() + DAY), trafficUsedBytes: 10 * GIB }).where(eq(subscriptions.id, suspended.sub.id));
    await sendReminders(shop.db);
    expect(await noticesOf(unlimited.userId, "sub-")).toHaveLength(0);
    expect(await noticesOf(suspended.userId, "sub-")).toHaveLength(0);
  });
});
