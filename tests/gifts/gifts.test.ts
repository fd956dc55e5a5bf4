// Gifts (issue 28 item 3), base edition: a paid gift provisions nothing for its buyer and mails its
// recipient a one-time link (only a keyed hash stored, the raw code in no row, task or log); the link
// shows the gift to anyone holding it and claims it into the claimer's account once; buy now keeps
// gifts apart from plain orders; wrong, used, expired and cancelled codes get clear answers, and
// guessing is rate limited; expiry refunds once as a personal coupon and releases the stock; an
// admin's refund cancels the unclaimed gift; the buyer can have the mail sent again (new link).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { auditLogs, couponGrants, coupons, gifts, nodeClients, notifications, orders, plans, subscriptions, tasks, users } from "../../src/server/db/schema";
import { keyedHash } from "../../src/server/crypto/secrets";
import { claimGift, expireGifts, getGiftByCode, listMyGifts, listMyOrderGifts, maskEmail, resendGiftMail } from "../../src/server/services/gifts";
import { buyNow, cancelMyOrder, confirmOrder, refundOrder } from "../../src/server/services/orders";
import { myOrderResult } from "../../src/server/services/orders/order-result";
import { listMyNotifications } from "../../src/server/services/notifications";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, freshIp } from "../helpers/actors";
import { buyer, drainTasks, proxyPlan } from "../commerce/fixtures";
import { domainErrorOf } from "../panel/helpers";
import { giftOfOrder, openGiftShop, recipientEmail, sendGift, SITE } from "./helpers";

const shop = openGiftShop();
const DAY = 86_400_000;
const subsOf = (userId: string) => shop.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const stockHeld = async (planId: string) => (await shop.db.select().from(plans).where(eq(plans.id, planId)))[0]!.stockHeld;
const orderOf = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const reasonOf = async (fn: () => Promise<unknown>) => {
  const e = await domainErrorOf(fn);
  return `${e.code}:${e.reason}`;
};

describe("a paid gift", () => {
  it("provisions nothing for the buyer, holds its stock unit, and mails the recipient a working link in the buyer's language", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    const u = await buyer(shop);
    await shop.db.update(users).set({ locale: "en", name: "Alice Buyer" }).where(eq(users.id, u.id));
    const sent = await sendGift(shop, u.ctx, plan.id);

    expect(sent.order.status).toBe("PAID");
    expect(await subsOf(u.id)).toEqual([]);
    expect((await myOrderResult(u.ctx, sent.order.id)).subscriptions).toEqual([]);
    expect(await stockHeld(plan.id)).toBe(1);
    expect(sent.gift).toMatchObject({ status: "UNCLAIMED", buyerId: u.id, recipientEmail: sent.to, mailCount: 1 });
    expect(sent.gift.expiresAt.getTime() - sent.order.paidAt!.getTime()).toBe(30 * DAY);

    // The mail: to the recipient, from the buyer's name, in English, with the site's own link.
    expect(sent.link).toBe(`${SITE}/gift/${sent.code}`);
    expect(sent.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(sent.mail.subject).toMatch(/^Alice Buyer sent you a gift on \S/);
    expect(sent.mail.text).toContain(`${plan.name} (10 GB, 30 days)`);
    expect(sent.mail.text).toMatch(/Claim it before [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // The link works: it names this gift, for anyone holding it.
    const view = await getGiftByCode(anonCtx(shop.db), sent.code);
    expect(view).toMatchObject({ status: "UNCLAIMED", planName: plan.name, trafficGb: 10, durationDays: 30, sender: "Alice Buyer", cancelled: false, claimedByYou: false });
    expect(JSON.stringify(view)).not.toContain(sent.to);
    expect(JSON.stringify(view)).not.toContain(u.email);

    // The buyer is told, and sees it among their gifts.
    const bell = await listMyNotifications(u.ctx);
    expect(bell.rows.map((r) => r.title)).toContain("Your gift is on its way");
    expect((await listMyOrderGifts(u.ctx, [sent.order.id])).map((g) => [g.recipientEmail, g.status, g.canResend])).toEqual([[sent.to, "UNCLAIMED", true]]);
  });

  it("stores only the code's keyed hash: the raw code is in no gift, task, audit, notification or event row", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const sent = await sendGift(shop, u.ctx, plan.id);
    expect(sent.gift.codeHash).toBe(keyedHash(sent.code, "gift-code"));
    for (const table of ["gifts", "tasks", "audit_logs", "notifications", "events", "order_items"]) {
      const { rows } = (await shop.db.execute(sql.raw(`select count(*)::int as n from ${table} t where t::text like '%${sent.code}%'`))) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n, `${table} holds the raw code`).toBe(0);
    }
    // The mail task carried the link only in its encrypted secret part, erased once sent.
    const [task] = await shop.db.select().from(tasks).where(and(eq(tasks.kind, "mail.send"), sql`${tasks.payload} ->> 'template' = 'gift'`, sql`${tasks.payload} ->> 'to' = ${sent.to}`));
    expect(task!.status).toBe("SUCCEEDED");
    expect(JSON.stringify(task!.payload)).not.toContain("/gift/");
  });

  it("a Chinese-speaking buyer's recipient gets the mail in Chinese, signed with the buyer's masked address when they have no name", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    await shop.db.update(users).set({ locale: "zh-CN", name: "" }).where(eq(users.id, u.id));
    const sent = await sendGift(shop, u.ctx, plan.id);
    expect(sent.mail.subject).toContain(`${maskEmail(u.email)} 在`);
    expect(sent.mail.text).toContain(`${plan.name}（10 GB，30 天）`);
    expect(sent.mail.text).toContain("领取礼物");
  });
});

describe("claiming", () => {
  it("creates the subscription (with its panel clients) for the claimer, once; the buyer is told who claimed it, masked", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    const u = await buyer(shop);
    await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
    const sent = await sendGift(shop, u.ctx, plan.id);
    // The link is the secret: the claimer may use another address than the one it was mailed to.
    const claimer = await buyer(shop);
    const claimed = await claimGift(claimer.ctx, { code: sent.code });
    const [sub] = await subsOf(claimer.id);
    expect(sub).toMatchObject({ id: claimed.subscriptionId, planId: plan.id, status: "ACTIVE", holdsStock: true, sourceOrderId: sent.order.id, trafficLimitBytes: 10 * 1024 ** 3 });
    expect(sub!.expiresAt.getTime() - sub!.startsAt.getTime()).toBe(30 * DAY);
    expect(await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id))).toHaveLength(2);
    expect(await subsOf(u.id)).toEqual([]);
    expect(await stockHeld(plan.id)).toBe(1); // the unit passed from the gift to the subscription
    expect(await giftOfOrder(shop.db, sent.order.id)).toMatchObject({ status: "CLAIMED", claimedById: claimer.id, subscriptionId: sub!.id });
    await drainTasks(shop.db);
    expect(shop.sim.state.inbounds.flatMap((i) => shop.sim.state.clientsOf(i)).filter((c) => String(c.email).startsWith(claimer.email.split("@")[0]!))).toHaveLength(2);

    // Used: a second claim, by anyone, is 409; the page says claimed (and "by you" to the claimer).
    expect(await reasonOf(() => claimGift(claimer.ctx, { code: sent.code }))).toBe("CONFLICT:gift_claimed");
    expect(await reasonOf(async () => claimGift((await buyer(shop)).ctx, { code: sent.code }))).toBe("CONFLICT:gift_claimed");
    expect(await getGiftByCode(claimer.ctx, sent.code)).toMatchObject({ status: "CLAIMED", claimedByYou: true, subscriptionId: sub!.id });
    expect(await getGiftByCode(anonCtx(shop.db), sent.code)).toMatchObject({ status: "CLAIMED", claimedByYou: false, subscriptionId: null });

    const bell = await listMyNotifications(u.ctx);
    const notice = bell.rows.find((r) => r.title === "Your gift was claimed")!;
    expect(notice.body).toContain(maskEmail(claimer.email));
    expect(notice.body).not.toContain(claimer.email);
    expect((await listMyGifts(u.ctx))[0]).toMatchObject({ status: "CLAIMED", claimedBy: maskEmail(claimer.email), canResend: false });
    const [audit] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "gift.claimed"), eq(auditLogs.targetId, sent.gift.id)));
    expect(audit).toMatchObject({ actorId: claimer.id, targetType: "gift" });
  });

  it("needs a signed-in, active account; the plan's per-person limit counts for the claimer", async () => {
    const plan = await proxyPlan(shop, { perUserLimit: 1 });
    const u = await buyer(shop);
    const sent = await sendGift(shop, u.ctx, plan.id);
    expect(await reasonOf(() => claimGift(anonCtx(shop.db), { code: sent.code }))).toBe("UNAUTHENTICATED:login_required");
    const banned = await buyer(shop);
    await shop.db.update(users).set({ status: "BANNED" }).where(eq(users.id, banned.id));
    expect(await reasonOf(() => claimGift(banned.ctx, { code: sent.code }))).toBe("FORBIDDEN:account_inactive");
    const full = await buyer(shop);
    const own = await buyNow(full.ctx, { planId: plan.id });
    await confirmOrder(shop.admin.ctx, own.id);
    expect(await reasonOf(() => claimGift(full.ctx, { code: sent.code }))).toBe("CONFLICT:plan_user_limit");
    // Refused claims leave the gift waiting for someone who can take it.
    expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe("UNCLAIMED");
    await claimGift((await buyer(shop)).ctx, { code: sent.code });
  });
});

describe("buy now with a gift", () => {
  it("never reuses a plain order or another recipient's gift; the same gift again is the same order", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const a = recipientEmail("a");
    const plain = await buyNow(u.ctx, { planId: plan.id });
    const toA = await buyNow(u.ctx, { planId: plan.id, giftEmail: a });
    const toB = await buyNow(u.ctx, { planId: plan.id, giftEmail: recipientEmail("b") });
    expect(new Set([plain.id, toA.id, toB.id]).size).toBe(3);
    expect((await buyNow(u.ctx, { planId: plan.id, giftEmail: ` ${a.toUpperCase()} ` })).id).toBe(toA.id);
    expect((await buyNow(u.ctx, { planId: plan.id })).id).toBe(plain.id);
    for (const o of [plain, toA, toB]) await cancelMyOrder(u.ctx, o.id);
  });

  it("refuses gifts when they are off, to oneself, of a trial or a free plan, to a malformed address", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    expect(await reasonOf(() => buyNow(u.ctx, { planId: plan.id, giftEmail: u.email.toUpperCase() }))).toBe("VALIDATION:gift_to_self");
    const bad = await domainErrorOf(() => buyNow(u.ctx, { planId: plan.id, giftEmail: "not an email" }));
    expect(bad.details.fields).toEqual({ giftEmail: "invalid_email" });
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    expect(await reasonOf(() => buyNow(u.ctx, { planId: trial.id, giftEmail: recipientEmail() }))).toBe("CONFLICT:gift_plan_not_allowed");
    const free = await proxyPlan(shop, { priceMinor: 0 });
    expect(await reasonOf(() => buyNow(u.ctx, { planId: free.id, giftEmail: recipientEmail() }))).toBe("CONFLICT:gift_plan_not_allowed");
    await updateSettings(cliCtx(shop.db), { giftsEnabled: false });
    try {
      expect(await reasonOf(() => buyNow(u.ctx, { planId: plan.id, giftEmail: recipientEmail() }))).toBe("CONFLICT:gifts_disabled");
    } finally {
      await updateSettings(cliCtx(shop.db), { giftsEnabled: true });
    }
    expect(await shop.db.select().from(orders).where(eq(orders.userId, u.id))).toEqual([]);
  });

  it("a gift bought before gifts were switched off can still be claimed", async () => {
    const plan = await proxyPlan(shop);
    const sent = await sendGift(shop, (await buyer(shop)).ctx, plan.id);
    await updateSettings(cliCtx(shop.db), { giftsEnabled: false });
    try {
      await claimGift((await buyer(shop)).ctx, { code: sent.code });
    } finally {
      await updateSettings(cliCtx(shop.db), { giftsEnabled: true });
    }
  });
});

describe("bad codes", () => {
  it("unknown and malformed codes are 404; guessing from one address is rate limited, a real code gives its count back", async () => {
    const plan = await proxyPlan(shop);
    const sent = await sendGift(shop, (await buyer(shop)).ctx, plan.id);
    const ip = freshIp();
    const visitor = makeCtx(shop.db, { kind: "anonymous" }, { ip });
    expect(await reasonOf(() => getGiftByCode(visitor, "../../etc/passwd"))).toBe("NOT_FOUND:gift_not_found");
    // Real codes in between do not use the budget.
    for (let i = 0; i < 40; i++) await getGiftByCode(visitor, sent.code);
    for (let i = 1; i < 30; i++) expect(await reasonOf(() => getGiftByCode(visitor, `A${"x".repeat(23)}${i}`))).toBe("NOT_FOUND:gift_not_found");
    expect(await reasonOf(() => getGiftByCode(visitor, sent.code))).toBe("RATE_LIMITED:rate_limited");
    // Per account too, when signed in: 10 wrong codes, then even a right one waits.
    const guesser = await buyer(shop);
    for (let i = 0; i < 10; i++) expect(await reasonOf(() => claimGift(guesser.ctx, { code: `B${"y".repeat(23)}${i}` }))).toBe("NOT_FOUND:gift_not_found");
    expect(await reasonOf(() => claimGift(guesser.ctx, { code: sent.code }))).toBe("RATE_LIMITED:rate_limited");
    expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe("UNCLAIMED");
  });
});

describe("expiry (base edition)", () => {
  it("refunds an unclaimed gift once as a personal GF coupon, releases its stock, marks the order refunded and tells the buyer", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 3, priceMinor: 1500 });
    const u = await buyer(shop);
    await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
    const sent = await sendGift(shop, u.ctx, plan.id);
    expect(await stockHeld(plan.id)).toBe(1);
    const edge = sent.gift.expiresAt.getTime();

    // (Other tests' gifts share the database: the job's count covers them too, so this gift is read itself.)
    await expireGifts(shop.db, new Date(edge - 1));
    expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe("UNCLAIMED");
    expect(await expireGifts(shop.db, new Date(edge))).toBeGreaterThanOrEqual(1);
    await expireGifts(shop.db, new Date(edge + DAY));

    const gift = await giftOfOrder(shop.db, sent.order.id);
    expect(gift).toMatchObject({ status: "EXPIRED", refundKind: "COUPON", refundMinor: 1500 });
    const granted = await shop.db.select({ coupon: coupons }).from(couponGrants).innerJoin(coupons, eq(coupons.id, couponGrants.couponId)).where(eq(couponGrants.userId, u.id));
    expect(granted.map((g) => [g.coupon.id, g.coupon.amountOffMinor, g.coupon.audience, g.coupon.totalLimit])).toEqual([[gift.refundCouponId, 1500, "GRANTED", 1]]);
    expect(granted[0]!.coupon.code).toMatch(/^GF-[0-9A-F]{12}$/);
    expect(await stockHeld(plan.id)).toBe(0);
    expect(await orderOf(sent.order.id)).toMatchObject({ status: "REFUNDED", refundAmountMinor: 1500 });

    const notice = (await listMyNotifications(u.ctx)).rows.find((r) => r.title === "Your gift was not claimed")!;
    expect(notice.body).toContain(granted[0]!.coupon.code);
    expect(notice.body).toContain("¥15.00");
    expect((await listMyGifts(u.ctx))[0]).toMatchObject({ status: "EXPIRED", refundKind: "COUPON", refundCouponCode: granted[0]!.coupon.code });

    // Too late to claim, and the order can no longer be refunded by hand (the price came back already).
    const late = makeCtx(shop.db, (await buyer(shop)).ctx.actor, { ip: freshIp(), now: () => new Date(edge + DAY) });
    expect(await reasonOf(() => claimGift(late, { code: sent.code }))).toBe("CONFLICT:gift_expired");
    expect(await reasonOf(() => refundOrder(shop.admin.ctx, sent.order.id, { amount: 1500, destination: "manual", note: "again?" }))).toBe("CONFLICT:refund_exists");
    // The coupon pays for the next order (from the moment it was issued).
    const next = await buyNow(makeCtx(shop.db, u.ctx.actor, { ip: freshIp(), now: () => new Date(edge + DAY) }), { planId: plan.id, couponCode: granted[0]!.coupon.code });
    expect(next.totalMinor).toBe(0);
  });

  it("a gift past its time reads expired on the page before the job runs, and cannot be claimed", async () => {
    const plan = await proxyPlan(shop);
    const sent = await sendGift(shop, (await buyer(shop)).ctx, plan.id);
    const late = { ip: freshIp(), now: () => new Date(sent.gift.expiresAt.getTime() + 1) };
    expect(await getGiftByCode(makeCtx(shop.db, { kind: "anonymous" }, late), sent.code)).toMatchObject({ status: "EXPIRED" });
    expect(await reasonOf(async () => claimGift(makeCtx(shop.db, (await buyer(shop)).ctx.actor, late), { code: sent.code }))).toBe("CONFLICT:gift_expired");
  });
});

describe("an admin's refund", () => {
  it("cancels the unclaimed gift once and releases its stock; the link then says cancelled and expiry gives nothing more back", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 3 });
    const u = await buyer(shop);
    const sent = await sendGift(shop, u.ctx, plan.id);
    await refundOrder(shop.admin.ctx, sent.order.id, { amount: 1000, destination: "manual", note: "paid back by bank transfer" });
    expect(await giftOfOrder(shop.db, sent.order.id)).toMatchObject({ status: "CANCELLED", refundKind: null });
    expect(await stockHeld(plan.id)).toBe(0);
    expect(await reasonOf(async () => claimGift((await buyer(shop)).ctx, { code: sent.code }))).toBe("CONFLICT:gift_cancelled");
    expect(await getGiftByCode(anonCtx(shop.db), sent.code)).toMatchObject({ status: "CANCELLED", cancelled: true });
    await expireGifts(shop.db, new Date(sent.gift.expiresAt.getTime() + 1));
    expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe("CANCELLED");
    expect(await shop.db.select().from(couponGrants).where(eq(couponGrants.userId, u.id))).toEqual([]);
    const audits = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, sent.gift.id), eq(auditLogs.action, "gift.cancelled")));
    expect(audits).toHaveLength(1);
  });

  it("of a claimed gift leaves it claimed, and ends the claimer's subscription when the admin asks", async () => {
    const plan = await proxyPlan(shop);
    const sent = await sendGift(shop, (await buyer(shop)).ctx, plan.id);
    const claimer = await buyer(shop);
    const { subscriptionId } = await claimGift(claimer.ctx, { code: sent.code });
    await refundOrder(shop.admin.ctx, sent.order.id, { amount: 1000, destination: "manual", note: "refund", endSubscription: true });
    expect((await giftOfOrder(shop.db, sent.order.id)).status).toBe("CLAIMED");
    expect((await subsOf(claimer.id)).find((s) => s.id === subscriptionId)!.status).toBe("CANCELLED");
  });
});

describe("sending the mail again", () => {
  it("mails a new link (the old one stops working), for the buyer only, a bounded number of times", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const sent = await sendGift(shop, u.ctx, plan.id);
    expect(await reasonOf(async () => resendGiftMail((await buyer(shop)).ctx, sent.gift.id))).toBe("NOT_FOUND:gift_not_found");
    let code = sent.code;
    for (let i = 2; i <= 5; i++) {
      const since = shop.smtp.messages.length;
      expect(await resendGiftMail(u.ctx, sent.gift.id)).toEqual({ mailCount: i });
      await drainTasks(shop.db);
      const mail = await shop.smtp.waitForMailTo(sent.to, 5000, { since });
      const next = (mail.text ?? "").match(/\/gift\/([A-Za-z0-9_-]+)/)![1]!;
      expect(next).not.toBe(code);
      expect(await reasonOf(() => getGiftByCode(anonCtx(shop.db), code))).toBe("NOT_FOUND:gift_not_found");
      code = next;
    }
    expect(await reasonOf(() => resendGiftMail(u.ctx, sent.gift.id))).toBe("CONFLICT:gift_mail_limit");
    await claimGift((await buyer(shop)).ctx, { code });
    expect(await reasonOf(() => resendGiftMail(u.ctx, sent.gift.id))).toBe("CONFLICT:gift_claimed");
    expect((await shop.db.select().from(notifications).where(eq(notifications.userId, u.id))).filter((n) => n.dedupeKey?.startsWith("gift-sent:"))).toHaveLength(1);
  });
});

describe("reads check their caller", () => {
  it("a buyer's gift lists show only their own gifts", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const sent = await sendGift(shop, u.ctx, plan.id);
    const other = await buyer(shop);
    expect(await listMyGifts(other.ctx)).toEqual([]);
    expect(await listMyOrderGifts(other.ctx, [sent.order.id])).toEqual([]);
    expect((await listMyGifts(u.ctx)).map((g) => g.id)).toEqual([sent.gift.id]);
    await expect(listMyGifts(anonCtx(shop.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(gifts).toBeDefined();
  });
});
