// Notifications: one verb for every area (worded in the recipient's language, links kept inside the
// site), a dedupe key that holds under concurrency on PostgreSQL with separate connections, mail by
// the user's chosen kinds through the real SMTP path, and the owner's list / read / delete verbs.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleFor, type Db } from "../../src/server/db/client";
import { notifications, tasks, users } from "../../src/server/db/schema";
import {
  clearReadNotifications,
  deleteNotification,
  getMyMailKinds,
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  unreadNotificationCount,
  updateMyMailKinds,
} from "../../src/server/services/notifications";
import { updateSettings } from "../../src/server/services/settings";
import { cliCtx, makeUser } from "../helpers/actors";
import { testPool } from "../helpers/db";
import { deliverAndReceive, testDbWithSmtp } from "../helpers/mail";
import { domainErrorOf } from "../panel/helpers";

const t = testDbWithSmtp();
let second: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { siteUrl: "https://shop.example" });
});
afterAll(() => second?.close());

/** A second "instance" for odd racers on PostgreSQL; the same database object on PGlite. */
async function otherInstance(): Promise<Db> {
  if (!second) {
    const url = process.env.TEST_DATABASE_URL;
    if (url && t.db) {
      const res = (await t.db.execute(sql`select current_database() as db`)) as unknown as { rows: { db: string }[] };
      const name = res.rows[0]!.db;
      const u = new URL(url);
      u.pathname = `/${name}`;
      const pool = testPool(u.toString());
      second = { db: drizzleFor({ kind: "pg", pool }), close: () => pool.end() };
    } else second = { db: t.db, close: async () => undefined };
  }
  return second.db;
}

const mailTasksTo = async (email: string) => (await t.db.select({ payload: tasks.payload }).from(tasks).where(eq(tasks.kind, "mail.send"))).filter((r) => r.payload.to === email);

describe("notify", () => {
  it("words a catalogue text in the recipient's language and keeps literal words as written", async () => {
    const en = await makeUser(t.db);
    const zh = await makeUser(t.db);
    await t.db.update(users).set({ locale: "en" }).where(eq(users.id, en.id));
    await t.db.update(users).set({ locale: "zh-CN" }).where(eq(users.id, zh.id));
    const params = { orderNo: "R-1", amount: "12.50 CNY" };
    await notify(t.db, { userId: en.id, type: "ORDER", level: "SUCCESS", text: { key: "orderPaid", params }, link: "/orders" });
    await notify(t.db, { userId: zh.id, type: "ORDER", level: "SUCCESS", text: { key: "orderPaid", params } });
    await notify(t.db, { userId: en.id, type: "SYSTEM", title: "Maintenance tonight", body: "From 02:00 to 03:00." });
    const [enRows, zhRows] = [(await listMyNotifications(en.ctx)).rows, (await listMyNotifications(zh.ctx)).rows];
    expect(enRows.map((r) => r.title)).toEqual(["Maintenance tonight", "Order R-1 is paid"]);
    expect(enRows[1]).toMatchObject({ body: "We received 12.50 CNY. What you bought is active now.", link: "/orders", level: "SUCCESS", type: "ORDER" });
    expect(zhRows[0]!.title).toBe("订单 R-1 已支付");
  });

  it("refuses links that leave the site and input that is not one of title or text", async () => {
    const u = await makeUser(t.db);
    for (const link of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/a b"]) {
      expect((await domainErrorOf(() => notify(t.db, { userId: u.id, type: "SYSTEM", title: "x", link }))).code, link).toBe("VALIDATION");
    }
    expect((await domainErrorOf(() => notify(t.db, { userId: u.id, type: "SYSTEM" }))).code).toBe("VALIDATION");
    expect((await domainErrorOf(() => notify(t.db, { userId: u.id, type: "SYSTEM", title: "x", text: { key: "orderPaid" } }))).code).toBe("VALIDATION");
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.id))).toHaveLength(0);
  });

  it("one dedupe key, 20 concurrent calls on two instances: one notification and one mail", async () => {
    const u = await makeUser(t.db);
    const other = await otherInstance();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => notify(i % 2 ? other : t.db, { userId: u.id, type: "TICKET", title: "New reply", dedupeKey: "ticket-reply:42" })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, u.id), eq(notifications.dedupeKey, "ticket-reply:42")))).toHaveLength(1);
    expect(await mailTasksTo(u.email)).toHaveLength(1);
    // Another key, or no key, is another notification.
    await notify(t.db, { userId: u.id, type: "TICKET", title: "New reply", dedupeKey: "ticket-reply:43" });
    await notify(t.db, { userId: u.id, type: "TICKET", title: "New reply" });
    await notify(t.db, { userId: u.id, type: "TICKET", title: "New reply" });
    expect((await listMyNotifications(u.ctx)).total).toBe(4);
  });

  it("mails the kinds the user chose, with the link on the site's address", async () => {
    const u = await makeUser(t.db);
    await t.db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
    expect(await getMyMailKinds(u.ctx)).toEqual(["TICKET", "SUBSCRIPTION", "RISK"]);
    await notify(t.db, { userId: u.id, type: "ORDER", title: "Not mailed by default" });
    expect(await mailTasksTo(u.email)).toHaveLength(0);

    expect(await updateMyMailKinds(u.ctx, { kinds: ["ORDER", "ORDER"] })).toEqual(["ORDER"]);
    await notify(t.db, { userId: u.id, type: "ORDER", title: "Your order <b>R-9</b>", body: "Line one\nLine two", link: "/orders/abc" });
    await notify(t.db, { userId: u.id, type: "TICKET", title: "Now off" });
    const mail = await deliverAndReceive(t.db, t.smtp, u.email);
    expect(mail.subject).toContain("Your order <b>R-9</b>");
    expect(mail.text).toContain("Line two");
    expect(mail.text).toContain("https://shop.example/orders/abc");
    expect(mail.html).toContain("&lt;b&gt;R-9&lt;/b&gt;");
    expect(await mailTasksTo(u.email)).toHaveLength(1);

    expect((await domainErrorOf(() => updateMyMailKinds(u.ctx, { kinds: ["SPAM"] }))).code).toBe("VALIDATION");
    // A disabled account gets the bell, not the mail.
    await t.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, u.id));
    await notify(t.db, { userId: u.id, type: "ORDER", title: "Quiet" });
    expect(await mailTasksTo(u.email)).toHaveLength(1);
  });
});

describe("the owner's notifications", () => {
  it("lists newest first with the unread count; read, read all, delete and clear read touch only one's own", async () => {
    const u = await makeUser(t.db);
    const stranger = await makeUser(t.db);
    // One second apart: two calls inside the same clock tick (PGlite's clock is coarse) would tie on
    // created_at, and then "newest first" has no answer for the order of n3 and n4.
    const start = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) {
      const n = await notify(t.db, { userId: u.id, type: "SYSTEM", title: `n${i}` });
      await t.db.update(notifications).set({ createdAt: new Date(start + i * 1000) }).where(eq(notifications.id, n!.id));
    }
    const theirs = await notify(t.db, { userId: stranger.id, type: "SYSTEM", title: "theirs" });

    let list = await listMyNotifications(u.ctx, { pageSize: 2 });
    expect(list).toMatchObject({ total: 5, unread: 5, pageSize: 2 });
    expect(list.rows.map((r) => r.title)).toEqual(["n4", "n3"]);
    const [first] = list.rows;
    await markNotificationRead(u.ctx, first!.id);
    await markNotificationRead(u.ctx, first!.id);
    expect(await unreadNotificationCount(u.ctx)).toBe(4);
    list = await listMyNotifications(u.ctx, { unread: "1" });
    expect(list.total).toBe(4);
    expect(list.rows.some((r) => r.id === first!.id)).toBe(false);

    // Someone else's is "not found", for reading and for deleting, and stays as it was.
    expect((await domainErrorOf(() => markNotificationRead(u.ctx, theirs!.id))).reason).toBe("notification_not_found");
    expect((await domainErrorOf(() => deleteNotification(u.ctx, theirs!.id))).reason).toBe("notification_not_found");
    expect((await domainErrorOf(() => markNotificationRead(u.ctx, "not-a-uuid"))).code).toBe("VALIDATION");
    expect(await unreadNotificationCount(stranger.ctx)).toBe(1);

    expect(await clearReadNotifications(u.ctx)).toEqual({ deleted: 1 });
    expect(await markAllNotificationsRead(u.ctx)).toEqual({ updated: 4 });
    expect(await unreadNotificationCount(u.ctx)).toBe(0);
    const last = (await listMyNotifications(u.ctx)).rows[0]!;
    await deleteNotification(u.ctx, last.id);
    expect((await listMyNotifications(u.ctx)).total).toBe(3);
    expect(await clearReadNotifications(u.ctx)).toEqual({ deleted: 3 });
    expect(await unreadNotificationCount(stranger.ctx)).toBe(1);
  });
});
