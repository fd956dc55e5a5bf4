// Referral commission through the real order paths (issue 28 item 1): the rate on what the buyer
// really paid per line (discounts shared, rounded down), first order only or every order, the ways
// of paying that earn, a banned inviter, the holding period, a refund inside it taking the commission
// back once and outside it not at all, payouts (minimum, available, approve and reject once, the
// details encrypted at rest and shown only to an admin), and what the inviter reads (link, masked
// invitees, figures). Base edition; the wallet's move to the balance and the races are in race.test.ts.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { decryptSecret, isEncryptedSecret } from "../../src/server/crypto/secrets";
import { auditLogs, notifications, orders, referralCommissions, referralPayouts, users } from "../../src/server/db/schema";
import { createCoupon } from "../../src/server/services/catalog";
import { addToCart, buyNow, checkoutCart, confirmOrder, refundOrder } from "../../src/server/services/orders";
import {
  approveReferralPayout,
  creditReferralCommission,
  getMyReferral,
  getMyReferralSummary,
  getReferralPayout,
  listMyCommissions,
  listMyInvitees,
  listMyPayouts,
  listReferralPayouts,
  listTopInviters,
  moveCommissionToBalance,
  rejectReferralPayout,
  requestReferralPayout,
  reverseReferralCommission,
} from "../../src/server/services/referral";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { anonCtx } from "../helpers/actors";
import { domainErrorOf } from "../panel/helpers";
import { at, boughtByAdmin, boughtThroughGateway, commissionsOf, commissionsOfOrder, DAY, inviteeOf, payoutsOf, referralSettings } from "./helpers";

const shop = openShop();
const admin = () => shop.admin.ctx;
const noticesOf = (userId: string) => shop.db.select().from(notifications).where(eq(notifications.userId, userId));
const auditOf = (action: string) => shop.db.select().from(auditLogs).where(eq(auditLogs.action, action));

describe("crediting", () => {
  it("rate 0 (the default) credits nothing", async () => {
    await referralSettings(shop, { rate: 0 });
    const plan = await proxyPlan(shop);
    const inviter = await buyer(shop);
    const order = await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id);
    expect(order.status).toBe("PAID");
    expect(await commissionsOfOrder(shop.db, order.id)).toEqual([]);
  });

  it("each line earns the rate of its share of what was paid (coupon shared over the lines, rounded down), held for the holding period", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false, holdDays: 7 });
    const [a, b] = [await proxyPlan(shop, { priceMinor: 1050 }), await proxyPlan(shop, { priceMinor: 2000 })];
    const code = `RF${Date.now().toString(36)}`.toUpperCase();
    await createCoupon(admin(), { code, kind: "AMOUNT", amountOffMinor: 1000 });
    const inviter = await buyer(shop);
    await shop.db.update(users).set({ locale: "en" }).where(eq(users.id, inviter.id));
    const invitee = await inviteeOf(shop, inviter);
    await addToCart(invitee.ctx, { planId: a.id, kind: "NEW_PURCHASE" });
    await addToCart(invitee.ctx, { planId: b.id, kind: "NEW_PURCHASE" });
    const placed = await checkoutCart(invitee.ctx, { couponCode: code });
    expect([placed.subtotalMinor, placed.totalMinor]).toEqual([3050, 2050]);
    const paidAt = new Date();
    await confirmOrder(at(admin(), paidAt), placed.id);

    const rows = await commissionsOfOrder(shop.db, placed.id);
    expect(rows).toHaveLength(2);
    // The shares add up to what was paid; each is the line's exact share rounded (within one fen).
    expect(rows.reduce((s, r) => s + r.baseMinor, 0)).toBe(2050);
    for (const r of rows) {
      const exact = ((r.baseMinor > 1000 ? 2000 : 1050) * 2050) / 3050;
      expect(Math.abs(r.baseMinor - exact)).toBeLessThan(1);
      expect(r).toMatchObject({ inviterId: inviter.id, inviteeId: invitee.id, ratePercent: 10, amountMinor: Math.floor(r.baseMinor / 10), status: "HELD", currency: "CNY", orderNo: placed.orderNo });
      expect(r.availableAt.getTime()).toBe(paidAt.getTime() + 7 * DAY);
    }
    const total = rows.reduce((s, r) => s + r.amountMinor, 0);
    expect(total).toBe(204); // 70 + 134: 705 and 1345 paid for the two lines

    const notices = (await noticesOf(inviter.id)).filter((n) => n.dedupeKey === `referral-commission:${placed.id}`);
    expect(notices.map((n) => [n.title, n.link])).toEqual([["Referral commission earned", "/referral"]]);
    expect(notices[0]!.body).toContain("¥2.04");
    expect((await auditOf("referral.commission.credited")).filter((x) => x.targetId === placed.id)).toHaveLength(1);

    // Held: pending until the holding period ends, then available (matured by the read).
    expect(await getMyReferral(at(inviter.ctx, new Date(paidAt.getTime() + 7 * DAY - 1000)))).toMatchObject({ earnedMinor: 204, pendingMinor: 204, availableMinor: 0 });
    expect(await getMyReferral(at(inviter.ctx, new Date(paidAt.getTime() + 7 * DAY)))).toMatchObject({ earnedMinor: 204, pendingMinor: 0, availableMinor: 204 });
    expect((await commissionsOfOrder(shop.db, placed.id)).map((r) => r.status)).toEqual(["AVAILABLE", "AVAILABLE"]);

    // Every order mode: the invitee's next order earns too.
    const again = await boughtByAdmin(shop, invitee, a.id);
    expect((await commissionsOfOrder(shop.db, again.id)).map((r) => r.amountMinor)).toEqual([105]);
  });

  it("first order only: the first paid order earns, a free trial before it does not count, later orders earn nothing", async () => {
    await referralSettings(shop, { rate: 20, firstOnly: true, holdDays: 3 });
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const inviter = await buyer(shop);
    const invitee = await inviteeOf(shop, inviter);
    const tried = await buyNow(invitee.ctx, { planId: trial.id });
    expect([tried.status, tried.paidVia]).toEqual(["PAID", "FREE"]);
    expect(await commissionsOfOrder(shop.db, tried.id)).toEqual([]);
    const first = await boughtThroughGateway(shop, invitee, plan.id);
    expect((await commissionsOfOrder(shop.db, first.id)).map((r) => r.amountMinor)).toEqual([200]);
    const second = await boughtByAdmin(shop, invitee, plan.id);
    expect(await commissionsOfOrder(shop.db, second.id)).toEqual([]);
    expect((await commissionsOf(shop.db, inviter.id)).map((r) => r.orderId)).toEqual([first.id]);
  });

  it("an invitee who paid before commission was switched on has had their first order", async () => {
    await referralSettings(shop, { rate: 0 });
    const plan = await proxyPlan(shop);
    const inviter = await buyer(shop);
    const invitee = await inviteeOf(shop, inviter);
    await boughtByAdmin(shop, invitee, plan.id);
    await referralSettings(shop, { rate: 10, firstOnly: true });
    const later = await boughtByAdmin(shop, invitee, plan.id);
    expect(await commissionsOfOrder(shop.db, later.id)).toEqual([]);
  });

  it("a banned inviter earns nothing; a user nobody invited earns nobody anything", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false });
    const plan = await proxyPlan(shop);
    const inviter = await buyer(shop);
    const invitee = await inviteeOf(shop, inviter);
    await shop.db.update(users).set({ status: "BANNED" }).where(eq(users.id, inviter.id));
    const order = await boughtByAdmin(shop, invitee, plan.id);
    expect(await commissionsOfOrder(shop.db, order.id)).toEqual([]);
    const loner = await buyer(shop);
    const own = await boughtByAdmin(shop, loner, plan.id);
    expect(await commissionsOfOrder(shop.db, own.id)).toEqual([]);
  });

  it("settling the same order again credits nothing more (the line's unique key), and a paid notify repeated is a duplicate", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false });
    const plan = await proxyPlan(shop);
    const inviter = await buyer(shop);
    const order = await boughtThroughGateway(shop, await inviteeOf(shop, inviter), plan.id);
    const [paid] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    for (let i = 0; i < 3; i++) await shop.db.transaction((tx) => creditReferralCommission(tx, paid!, new Date()));
    expect(await commissionsOfOrder(shop.db, order.id)).toHaveLength(1);
    expect((await noticesOf(inviter.id)).filter((n) => n.dedupeKey === `referral-commission:${order.id}`)).toHaveLength(1);
  });
});

describe("refunds and the holding period", () => {
  it("a refund inside the holding period takes the commission back, once; the inviter is told", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false, holdDays: 7 });
    const plan = await proxyPlan(shop, { priceMinor: 1500 });
    const inviter = await buyer(shop);
    const paidAt = new Date();
    const order = await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id, { now: paidAt });
    await refundOrder(at(admin(), new Date(paidAt.getTime() + DAY)), order.id, { amount: 1500, destination: "manual", note: "asked within a day" });
    const rows = await commissionsOfOrder(shop.db, order.id);
    expect(rows.map((r) => [r.status, r.amountMinor])).toEqual([["REVERSED", 150]]);
    expect(await getMyReferral(at(inviter.ctx, new Date(paidAt.getTime() + 30 * DAY)))).toMatchObject({ earnedMinor: 0, pendingMinor: 0, availableMinor: 0, reversedMinor: 150 });
    // The hook again (a second refund cannot happen, but the hook must not care): nothing more.
    const [refunded] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    await shop.db.transaction((tx) => reverseReferralCommission(tx, refunded!, new Date(paidAt.getTime() + 2 * DAY)));
    expect((await noticesOf(inviter.id)).filter((n) => n.dedupeKey === `referral-reversed:${order.id}`)).toHaveLength(1);
    expect((await auditOf("referral.commission.reversed")).filter((x) => x.targetId === order.id)).toHaveLength(1);
  });

  it("a refund after the holding period leaves the commission with the inviter", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false, holdDays: 7 });
    const plan = await proxyPlan(shop, { priceMinor: 1500 });
    const inviter = await buyer(shop);
    const paidAt = new Date();
    const order = await boughtByAdmin(shop, await inviteeOf(shop, inviter), plan.id, { now: paidAt });
    await refundOrder(at(admin(), new Date(paidAt.getTime() + 7 * DAY + 1)), order.id, { amount: 1500, destination: "manual", note: "late" });
    expect((await commissionsOfOrder(shop.db, order.id)).map((r) => r.status)).toEqual(["AVAILABLE"]);
    expect(await getMyReferral(at(inviter.ctx, new Date(paidAt.getTime() + 8 * DAY)))).toMatchObject({ earnedMinor: 150, availableMinor: 150 });
  });
});

/** An inviter with `minor` of commission available now (rate 50 %, no holding period). */
async function withAvailable(minor: number) {
  await referralSettings(shop, { rate: 50, firstOnly: false, holdDays: 0, minPayout: 500 });
  const plan = await proxyPlan(shop, { priceMinor: minor * 2 });
  const inviter = await buyer(shop);
  const invitee = await inviteeOf(shop, inviter);
  await boughtByAdmin(shop, invitee, plan.id);
  return { inviter, invitee };
}

describe("payouts", () => {
  const ACCOUNT = "Alipay 13800000000 Zhang San";

  it("refuses below the minimum, above what is available, and amounts that are not whole minor units", async () => {
    const { inviter } = await withAvailable(2000);
    expect(await domainErrorOf(() => requestReferralPayout(inviter.ctx, { amount: 499, method: "ALIPAY", account: ACCOUNT }))).toMatchObject({ code: "VALIDATION", reason: "referral_payout_below_min", details: { min: "5.00", fields: { amount: "too_small" } } });
    expect(await domainErrorOf(() => requestReferralPayout(inviter.ctx, { amount: 2001, method: "ALIPAY", account: ACCOUNT }))).toMatchObject({ code: "CONFLICT", reason: "referral_insufficient", details: { available: "20.00" } });
    for (const amount of ["12.5", -100, 0, "ten"]) expect((await domainErrorOf(() => requestReferralPayout(inviter.ctx, { amount, method: "ALIPAY", account: ACCOUNT }))).reason).toBe("referral_amount_invalid");
    expect((await domainErrorOf(() => requestReferralPayout(inviter.ctx, { amount: 1000, method: "BALANCE", account: ACCOUNT }))).details.fields).toEqual({ method: "invalid_choice" });
    expect(await payoutsOf(shop.db, inviter.id)).toEqual([]);
  });

  it("a request holds the amount (PENDING), the details are stored encrypted, only an admin's detail shows them, and admins are told", async () => {
    const { inviter } = await withAvailable(2000);
    const p = await requestReferralPayout(inviter.ctx, { amount: "800", method: "ALIPAY", account: `  ${ACCOUNT}  ` });
    expect(p).toMatchObject({ amountMinor: 800, currency: "CNY", method: "ALIPAY", status: "PENDING", availableMinor: 1200 });
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 1200, requestedMinor: 800, paidOutMinor: 0 });

    // At rest: ciphertext only. The raw row, the audit log, every list and the user's own reads never carry the details.
    const [row] = await shop.db.select().from(referralPayouts).where(eq(referralPayouts.id, p.id));
    expect(isEncryptedSecret(row!.accountEnc!)).toBe(true);
    expect(JSON.stringify(row)).not.toContain("13800000000");
    expect(decryptSecret(row!.accountEnc!)).toBe(ACCOUNT);
    const everywhere = JSON.stringify([
      await auditOf("referral.payout.requested"),
      await listReferralPayouts(admin(), {}),
      await listMyPayouts(inviter.ctx),
      await getMyReferralSummary(inviter.ctx),
      await noticesOf(shop.admin.id),
      await noticesOf(inviter.id),
    ]);
    expect(everywhere).not.toContain("13800000000");
    expect(everywhere).not.toContain("accountEnc");

    const detail = await getReferralPayout(admin(), p.id);
    expect(detail).toMatchObject({ id: p.id, email: inviter.email, account: ACCOUNT, accountUnreadable: false, status: "PENDING" });
    expect((await auditOf("referral.payout.account_viewed")).filter((a) => a.targetId === p.id)).toHaveLength(1);
    expect((await noticesOf(shop.admin.id)).filter((n) => n.dedupeKey === `referral-payout-new:${p.id}`).map((n) => [n.type, n.link])).toEqual([["SYSTEM", "/admin/referral?status=PENDING"]]);
    expect((await noticesOf(inviter.id)).filter((n) => n.dedupeKey === `referral-payout-asked:${p.id}`)).toHaveLength(1);
    // A user cannot read it.
    expect(await domainErrorOf(() => getReferralPayout(inviter.ctx, p.id))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("approve marks it paid with the reference, once; reject gives the amount back, once; neither after the other", async () => {
    const { inviter } = await withAvailable(2000);
    const first = await requestReferralPayout(inviter.ctx, { amount: 800, method: "BANK", account: ACCOUNT });
    const second = await requestReferralPayout(inviter.ctx, { amount: 700, method: "CRYPTO", account: "TXyz address" });
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 500, requestedMinor: 1500 });

    const paid = await approveReferralPayout(admin(), { id: first.id, reference: "BANK-REF-1" });
    expect(paid).toMatchObject({ status: "PAID", reference: "BANK-REF-1", decidedById: shop.admin.id });
    expect((await domainErrorOf(() => approveReferralPayout(admin(), { id: first.id, reference: "again" }))).reason).toBe("referral_payout_not_pending");
    expect((await domainErrorOf(() => rejectReferralPayout(admin(), { id: first.id, reason: "too late" }))).reason).toBe("referral_payout_not_pending");

    const rejected = await rejectReferralPayout(admin(), { id: second.id, reason: "Address is not TRC20" });
    expect(rejected).toMatchObject({ status: "REJECTED", rejectReason: "Address is not TRC20" });
    expect((await domainErrorOf(() => approveReferralPayout(admin(), { id: second.id, reference: "x" }))).reason).toBe("referral_payout_not_pending");
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 1200, requestedMinor: 0, paidOutMinor: 800, earnedMinor: 2000 });

    const notices = await noticesOf(inviter.id);
    expect(notices.filter((n) => n.dedupeKey === `referral-payout-paid:${first.id}`)).toHaveLength(1);
    expect(notices.find((n) => n.dedupeKey === `referral-payout-rejected:${second.id}`)?.body).toContain("Address is not TRC20");
    expect((await auditOf("referral.payout.approved")).filter((a) => a.targetId === first.id)).toHaveLength(1);
    expect((await auditOf("referral.payout.rejected")).filter((a) => a.targetId === second.id)).toHaveLength(1);

    const listed = await listReferralPayouts(admin(), { status: "PENDING", q: inviter.email.slice(0, 8) });
    expect(listed.rows.filter((r) => r.userId === inviter.id)).toEqual([]);
    expect((await listReferralPayouts(admin(), { q: inviter.email })).rows.map((r) => r.status).sort()).toEqual(["PAID", "REJECTED"]);
    expect((await listMyPayouts(inviter.ctx)).rows.map((r) => [r.status, r.reference, r.rejectReason])).toEqual([
      ["REJECTED", null, "Address is not TRC20"],
      ["PAID", "BANK-REF-1", null],
    ]);
  });

  it("unknown and malformed ids are not found; decisions and admin reads refuse users and anonymous callers", async () => {
    const { inviter } = await withAvailable(1000);
    const p = await requestReferralPayout(inviter.ctx, { amount: 600, method: "WECHAT", account: ACCOUNT });
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "-".repeat(36)]) {
      expect((await domainErrorOf(() => approveReferralPayout(admin(), { id, reference: "r" }))).reason).toBe("referral_payout_not_found");
      expect((await domainErrorOf(() => getReferralPayout(admin(), id))).reason).toBe("referral_payout_not_found");
    }
    expect((await domainErrorOf(() => approveReferralPayout(inviter.ctx, { id: p.id, reference: "r" }))).code).toBe("FORBIDDEN");
    expect((await domainErrorOf(() => rejectReferralPayout(anonCtx(shop.db), { id: p.id, reason: "r" }))).code).toBe("UNAUTHENTICATED");
    expect((await domainErrorOf(() => listReferralPayouts(inviter.ctx))).code).toBe("FORBIDDEN");
    expect((await domainErrorOf(() => approveReferralPayout(admin(), { id: p.id, reference: "  " }))).details.fields).toEqual({ reference: "required" });
    for (const read of [getMyReferral, listMyInvitees, listMyCommissions, listMyPayouts, getMyReferralSummary]) expect((await domainErrorOf(() => read(anonCtx(shop.db)))).code).toBe("UNAUTHENTICATED");
    expect((await domainErrorOf(() => requestReferralPayout(anonCtx(shop.db), {}))).code).toBe("UNAUTHENTICATED");
  });

  it("a banned or disabled account keeps its figures but takes nothing out; moving to the balance is the wallet edition's", async () => {
    const { inviter } = await withAvailable(1000);
    expect(await domainErrorOf(() => moveCommissionToBalance(inviter.ctx, {}))).toMatchObject({ code: "NOT_FOUND", reason: "wallet_disabled" });
    await shop.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, inviter.id));
    expect(await domainErrorOf(() => requestReferralPayout(inviter.ctx, { amount: 600, method: "OTHER", account: ACCOUNT }))).toMatchObject({ code: "FORBIDDEN", reason: "account_inactive" });
    expect(await getMyReferral(inviter.ctx)).toMatchObject({ availableMinor: 1000 });
  });
});

describe("what the inviter reads", () => {
  it("one invite link (made on first read), masked invitees with what each earned, commission rows; the admin's top inviters", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false, holdDays: 7, minPayout: 1000 });
    const plan = await proxyPlan(shop, { priceMinor: 3000 });
    const inviter = await buyer(shop);
    expect((await shop.db.select({ c: users.inviteCode }).from(users).where(eq(users.id, inviter.id)))[0]!.c).toBeNull();
    const [one, two] = await Promise.all([getMyReferral(inviter.ctx), getMyReferral(inviter.ctx)]);
    expect(one.inviteCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(two.inviteCode).toBe(one.inviteCode);
    expect(one.link).toMatch(new RegExp(`/register\\?invite=${one.inviteCode}$`));
    expect(one).toMatchObject({ ratePercent: 10, firstOrderOnly: false, holdDays: 7, minPayoutMinor: 1000, currency: "CNY", canMoveToBalance: false, inviteeCount: 0 });

    const buyerOne = await inviteeOf(shop, inviter);
    await inviteeOf(shop, inviter);
    await boughtByAdmin(shop, buyerOne, plan.id);
    const invitees = await listMyInvitees(inviter.ctx, { pageSize: 1 });
    expect(invitees.total).toBe(2);
    expect(invitees.rows).toHaveLength(1);
    const all = (await listMyInvitees(inviter.ctx)).rows;
    expect(all.map((i) => i.email)).toEqual(expect.arrayContaining([`${buyerOne.email[0]}***@example.com`]));
    expect(all.every((i) => /^.\*\*\*@example\.com$/.test(i.email))).toBe(true);
    expect(all.map((i) => i.earnedMinor).sort()).toEqual([0, 300]);
    const commissions = await listMyCommissions(inviter.ctx);
    expect(commissions.rows.map((c) => [c.invitee, c.amountMinor, c.baseMinor, c.ratePercent, c.status])).toEqual([[`${buyerOne.email[0]}***@example.com`, 300, 3000, 10, "HELD"]]);

    const summary = await getMyReferralSummary(inviter.ctx);
    expect(Object.keys(summary).sort()).toEqual(["availableMinor", "currency", "earnedMinor", "invitees", "inviteesTotal", "inviteCode", "link", "page", "paidOutMinor", "payouts", "payoutsTotal", "pendingMinor", "requestedMinor", "terms"].sort());
    expect(summary).toMatchObject({ link: one.link, earnedMinor: 300, pendingMinor: 300, availableMinor: 0, inviteesTotal: 2, payouts: [] });

    const top = await listTopInviters(admin(), { limit: 50 });
    expect(top.find((r) => r.userId === inviter.id)).toMatchObject({ email: inviter.email, invitees: 2, earnedMinor: 300, paidOutMinor: 0 });
    expect(await domainErrorOf(() => listTopInviters(inviter.ctx))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("a deleted invitee's commission stays the inviter's", async () => {
    await referralSettings(shop, { rate: 10, firstOnly: false, holdDays: 0 });
    const plan = await proxyPlan(shop, { priceMinor: 1000 });
    const inviter = await buyer(shop);
    const invitee = await inviteeOf(shop, inviter);
    await boughtByAdmin(shop, invitee, plan.id);
    await shop.db.delete(users).where(eq(users.id, invitee.id));
    expect(await shop.db.select().from(referralCommissions).where(and(eq(referralCommissions.inviterId, inviter.id)))).toHaveLength(1);
    expect(await getMyReferral(makeCtx(shop.db, inviter.ctx.actor))).toMatchObject({ earnedMinor: 100, availableMinor: 100, inviteeCount: 0 });
    expect((await listMyCommissions(inviter.ctx)).rows.map((c) => c.invitee)).toEqual([null]);
  });
});
