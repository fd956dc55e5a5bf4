// Recharge orders without a gateway (behaviour §13): the amount rules from settings, the pending
// limit, create and cancel by the owner (balance untouched), anyone else's recharge is "not found",
// provider=balance refused, the admin's confirm (credited once, notified), cancel and delete (the
// ledger and the balance stay), and the expiry job.
import { and, eq, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, notifications, payments, walletRechargeOrders, walletTransactions } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import {
  balanceOf,
  cancelAdminWalletRecharge,
  cancelRechargeOrder,
  confirmAdminWalletRecharge,
  createRechargeOrder,
  createRechargePayment,
  deleteAdminWalletRecharge,
  expireDueRecharges,
  getMyRecharge,
  listAdminRecharges,
  listMyLedger,
  listMyRecharges,
  MAX_PENDING_RECHARGES,
  queryRechargeByTradeNo,
} from "../../src/server/services/wallet";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

let t: TestDb | undefined;
beforeAll(async () => {
  t = await createTestDb();
  await updateSettings(cliCtx(t.db), { rechargeMinMinor: 1_000, rechargeMaxMinor: 50_000, rechargeStepMinor: 500, orderExpiryMinutes: 30 });
});
afterAll(async () => {
  await t?.close();
});
walletEditionForFile(() => t?.db);
const db = () => t!.db;
const second = secondInstanceForFile({
  get raw() {
    return t!.raw;
  },
  get db() {
    return t!.db;
  },
});
const payOpts = { baseUrl: "http://relayboard.test", clientIp: "203.0.113.9" };
const rechargeRow = async (id: string) => (await db().select().from(walletRechargeOrders).where(eq(walletRechargeOrders.id, id)))[0];
const ledgerOf = (userId: string) => db().select().from(walletTransactions).where(eq(walletTransactions.userId, userId)).orderBy(walletTransactions.id);

describe("amount rules", () => {
  it.each([
    ["below the minimum", 500],
    ["above the maximum", 50_500],
    ["off the step", 1_200],
    ["zero", 0],
    ["negative", -1_000],
    ["a fraction", 1_000.5],
    ["text", "ten"],
    ["missing", undefined],
  ])("%s is refused with the rules in major units, and nothing is written", async (_what, amount) => {
    const u = await makeUser(db());
    const err = await createRechargeOrder(u.ctx, { amount }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "VALIDATION", reason: "recharge_amount_invalid", details: { min: "10.00", max: "500.00", step: "5.00" } });
    expect(await db().select().from(walletRechargeOrders).where(eq(walletRechargeOrders.userId, u.id))).toHaveLength(0);
  });

  it("the bounds themselves, multiples of the step, and digits as a form sends them are accepted", async () => {
    const u = await makeUser(db());
    const made = [await createRechargeOrder(u.ctx, { amount: 1_000 }), await createRechargeOrder(u.ctx, { amount: 50_000 }), await createRechargeOrder(u.ctx, { amount: "2500" })];
    expect(made.map((r) => r.amountMinor)).toEqual([1_000, 50_000, 2_500]);
    for (const r of made) {
      expect(r.status).toBe("PENDING");
      expect(r.currency).toBe("CNY");
      expect(r.rechargeNo).toMatch(/^W\d{22}$/);
      // Expires after the order expiry setting.
      expect(new Date(r.expiresAt).getTime() - new Date(r.createdAt).getTime()).toBe(30 * 60_000);
    }
    expect(new Set(made.map((r) => r.rechargeNo)).size).toBe(3);
  });

  it("follows a changed setting", async () => {
    await updateSettings(cliCtx(db()), { rechargeStepMinor: 100 });
    try {
      const u = await makeUser(db());
      expect((await createRechargeOrder(u.ctx, { amount: 1_200 })).amountMinor).toBe(1_200);
    } finally {
      await updateSettings(cliCtx(db()), { rechargeStepMinor: 500 });
    }
  });

  it("needs a signed-in user", async () => {
    await expect(createRechargeOrder(anonCtx(db()), { amount: 1_000 })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(createRechargeOrder(cliCtx(db()), { amount: 1_000 })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("the pending limit", () => {
  it(`at most ${MAX_PENDING_RECHARGES} unpaid recharges; a cancelled one frees a place`, async () => {
    const u = await makeUser(db());
    const made = [];
    for (let i = 0; i < MAX_PENDING_RECHARGES; i++) made.push(await createRechargeOrder(u.ctx, { amount: 1_000 }));
    await expect(createRechargeOrder(u.ctx, { amount: 1_000 })).rejects.toMatchObject({ code: "CONFLICT", reason: "too_many_pending_recharges", details: { limit: MAX_PENDING_RECHARGES } });
    await cancelRechargeOrder(u.ctx, made[0]!.id);
    await expect(createRechargeOrder(u.ctx, { amount: 1_000 })).resolves.toMatchObject({ status: "PENDING" });
  });

  it("holds when ten are created at once (separate connections on PostgreSQL)", async () => {
    const u = await makeUser(db());
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => createRechargeOrder(second.on(i, u.ctx), { amount: 1_000 })));
    const reasons = settledReasons(rs);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(MAX_PENDING_RECHARGES);
    expect(reasons.filter((r) => r !== "ok").every((r) => r === "too_many_pending_recharges")).toBe(true);
    expect(await db().select().from(walletRechargeOrders).where(eq(walletRechargeOrders.userId, u.id))).toHaveLength(MAX_PENDING_RECHARGES);
  });
});

describe("the owner", () => {
  it("cancels a pending recharge: CANCELLED (reason user), the balance untouched, open attempts closed; twice is a conflict", async () => {
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 5_000 });
    const tradeNo = `T${Date.now()}c`;
    await db().insert(payments).values({ purpose: "RECHARGE", rechargeId: r.id, userId: u.id, provider: "epay", tradeNo, amountMinor: 5_000, expiresAt: new Date(r.expiresAt) });
    const cancelled = await cancelRechargeOrder(u.ctx, r.id);
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancelReason: "user" });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect((await db().select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!.status).toBe("CLOSED");
    expect(await balanceOf(db(), u.id)).toBe(0);
    expect(await ledgerOf(u.id)).toHaveLength(0);
    await expect(cancelRechargeOrder(u.ctx, r.id)).rejects.toMatchObject({ code: "CONFLICT", reason: "recharge_not_pending" });
    const audit = await db().select().from(auditLogs).where(and(eq(auditLogs.action, "recharge.cancelled"), eq(auditLogs.targetId, r.id)));
    expect(audit).toHaveLength(1);
  });

  it("reads and lists their recharges, newest first, with the payment attempts", async () => {
    const u = await makeUser(db());
    const a = await createRechargeOrder(u.ctx, { amount: 1_000 });
    const b = await createRechargeOrder(u.ctx, { amount: 2_000 });
    await cancelRechargeOrder(u.ctx, a.id);
    const detail = await getMyRecharge(u.ctx, b.id);
    expect(detail).toMatchObject({ id: b.id, amountMinor: 2_000, status: "PENDING", provider: null, tradeNo: null, payments: [] });
    const list = await listMyRecharges(u.ctx, { pageSize: 1 });
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.id)).toEqual([b.id]);
    expect((await listMyRecharges(u.ctx, { page: 2, pageSize: 1 })).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await listMyRecharges(u.ctx, { status: "CANCELLED" })).rows.map((r) => r.id)).toEqual([a.id]);
  });

  it("another user's recharge is not found for every verb, and nothing changes", async () => {
    const owner = await makeUser(db());
    const other = await makeUser(db());
    const r = await createRechargeOrder(owner.ctx, { amount: 1_000 });
    const notFound = { code: "NOT_FOUND", reason: "recharge_not_found" };
    await expect(getMyRecharge(other.ctx, r.id)).rejects.toMatchObject(notFound);
    await expect(cancelRechargeOrder(other.ctx, r.id)).rejects.toMatchObject(notFound);
    await expect(createRechargePayment(other.ctx, { rechargeId: r.id, provider: "epay" }, payOpts)).rejects.toMatchObject(notFound);
    // Malformed and unknown ids alike.
    await expect(getMyRecharge(other.ctx, "-".repeat(36))).rejects.toMatchObject(notFound);
    await expect(getMyRecharge(other.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject(notFound);
    expect((await listMyRecharges(other.ctx)).total).toBe(0);
    expect((await rechargeRow(r.id))!.status).toBe("PENDING");
    // Another user's trade number too.
    const tradeNo = `T${Date.now()}o`;
    await db().insert(payments).values({ purpose: "RECHARGE", rechargeId: r.id, userId: owner.id, provider: "epay", tradeNo, amountMinor: 1_000, expiresAt: new Date(Date.now() - 1) });
    await expect(queryRechargeByTradeNo(other.ctx, tradeNo)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "payment_not_found" });
    expect(await queryRechargeByTradeNo(owner.ctx, tradeNo)).toMatchObject({ tradeNo, paymentStatus: "PENDING", recharge: { id: r.id } });
  });

  it("a recharge cannot be paid from the balance: provider=balance is refused before anything is read or written", async () => {
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
    await expect(createRechargePayment(u.ctx, { rechargeId: r.id, provider: "balance" }, payOpts)).rejects.toMatchObject({ code: "VALIDATION", reason: "recharge_balance_refused" });
    await expect(createRechargePayment(u.ctx, { rechargeId: r.id, provider: "paypal" }, payOpts)).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await db().select().from(payments).where(eq(payments.rechargeId, r.id))).toHaveLength(0);
  });

  it("a gateway that is not enabled is refused; so is a recharge that is no longer pending", async () => {
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
    await expect(createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, payOpts)).rejects.toMatchObject({ code: "CONFLICT", reason: "payment_provider_disabled" });
    await cancelRechargeOrder(u.ctx, r.id);
    await expect(createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, payOpts)).rejects.toMatchObject({ code: "CONFLICT", reason: "recharge_not_pending" });
  });
});

describe("the admin", () => {
  it("confirms a pending recharge: credited at once, one ledger row, one notification, audited; a second confirm is a conflict", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 7_500 });
    const done = await confirmAdminWalletRecharge(admin.ctx, r.id);
    expect(done).toMatchObject({ status: "CREDITED", creditedVia: "ADMIN" });
    expect(await balanceOf(db(), u.id)).toBe(7_500);
    const ledger = await ledgerOf(u.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "RECHARGE", amountMinor: 7_500, balanceAfterMinor: 7_500, referenceType: "recharge", referenceId: r.id, actorId: admin.id });
    await expect(confirmAdminWalletRecharge(admin.ctx, r.id)).rejects.toMatchObject({ code: "CONFLICT", reason: "recharge_not_pending" });
    await expect(cancelAdminWalletRecharge(admin.ctx, r.id)).rejects.toMatchObject({ code: "CONFLICT", reason: "recharge_not_pending" });
    expect(await balanceOf(db(), u.id)).toBe(7_500);
    const bell = await db().select().from(notifications).where(eq(notifications.userId, u.id));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ type: "ORDER", level: "SUCCESS", link: "/wallet", dedupeKey: `recharge:${r.id}` });
    expect(bell[0]!.title).toContain(r.rechargeNo);
    expect(bell[0]!.body).toContain("¥75.00");
    expect(await db().select().from(auditLogs).where(and(eq(auditLogs.action, "recharge.confirmed"), eq(auditLogs.targetId, r.id)))).toHaveLength(1);
    // The user's ledger page shows it.
    expect((await listMyLedger(u.ctx)).rows).toMatchObject([{ kind: "RECHARGE", amountMinor: 7_500, referenceType: "recharge", referenceId: r.id }]);
  });

  it("confirming one recharge ten times at once credits it once (separate connections on PostgreSQL)", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 2_000 });
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => confirmAdminWalletRecharge(second.on(i, admin.ctx), r.id)));
    const reasons = settledReasons(rs);
    expect(reasons.filter((x) => x === "ok")).toHaveLength(1);
    expect(reasons.filter((x) => x !== "ok").every((x) => x === "recharge_not_pending")).toBe(true);
    expect(await balanceOf(db(), u.id)).toBe(2_000);
    expect(await ledgerOf(u.id)).toHaveLength(1);
  });

  it("a user cancelling while an admin confirms: one of them wins, never both (separate connections on PostgreSQL)", async () => {
    const admin = await makeUser(db(), "ADMIN");
    for (let round = 0; round < 5; round++) {
      const u = await makeUser(db());
      const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
      const rs = await Promise.allSettled([cancelRechargeOrder(u.ctx, r.id), confirmAdminWalletRecharge(second.on(1, admin.ctx), r.id)]);
      const reasons = settledReasons(rs);
      expect(reasons.filter((x) => x === "ok")).toHaveLength(1);
      const row = (await rechargeRow(r.id))!;
      expect(await balanceOf(db(), u.id)).toBe(row.status === "CREDITED" ? 1_000 : 0);
      expect(row.status).toBe(reasons[0] === "ok" ? "CANCELLED" : "CREDITED");
    }
  });

  it("cancels a pending recharge without touching the balance", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
    expect(await cancelAdminWalletRecharge(admin.ctx, r.id)).toMatchObject({ status: "CANCELLED", cancelReason: "admin" });
    expect(await balanceOf(db(), u.id)).toBe(0);
    await expect(confirmAdminWalletRecharge(admin.ctx, r.id)).rejects.toMatchObject({ code: "CONFLICT", reason: "recharge_not_pending" });
    expect(await balanceOf(db(), u.id)).toBe(0);
  });

  it("deletes a credited recharge: the record goes, the ledger rows and the balance stay, payments keep their recharge id", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 3_000 });
    const tradeNo = `T${Date.now()}d`;
    await db().insert(payments).values({ purpose: "RECHARGE", rechargeId: r.id, userId: u.id, provider: "epay", tradeNo, amountMinor: 3_000, expiresAt: new Date(r.expiresAt) });
    await confirmAdminWalletRecharge(admin.ctx, r.id);
    expect(await deleteAdminWalletRecharge(admin.ctx, r.id)).toEqual({ id: r.id });
    expect(await rechargeRow(r.id)).toBeUndefined();
    expect(await balanceOf(db(), u.id)).toBe(3_000);
    expect(await ledgerOf(u.id)).toMatchObject([{ kind: "RECHARGE", amountMinor: 3_000, referenceId: r.id }]);
    const [payment] = await db().select().from(payments).where(eq(payments.tradeNo, tradeNo));
    expect(payment).toMatchObject({ rechargeId: r.id, status: "CLOSED" });
    await expect(deleteAdminWalletRecharge(admin.ctx, r.id)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "recharge_not_found" });
    await expect(getMyRecharge(u.ctx, r.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The owner's query of that payment still answers, without the record.
    expect(await queryRechargeByTradeNo(u.ctx, tradeNo)).toMatchObject({ tradeNo, paymentStatus: "CLOSED", recharge: null });
    expect(await db().select().from(auditLogs).where(and(eq(auditLogs.action, "recharge.deleted"), eq(auditLogs.targetId, r.id)))).toHaveLength(1);
  });

  it("deletes a pending or cancelled recharge too", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    const a = await createRechargeOrder(u.ctx, { amount: 1_000 });
    const b = await createRechargeOrder(u.ctx, { amount: 1_000 });
    await cancelRechargeOrder(u.ctx, b.id);
    await deleteAdminWalletRecharge(admin.ctx, a.id);
    await deleteAdminWalletRecharge(admin.ctx, b.id);
    expect((await listMyRecharges(u.ctx)).total).toBe(0);
  });

  it("lists every user's recharges with a status filter, an email search and pages", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const tag = `find${Date.now()}`;
    const u = await makeUser(db(), "USER", `${tag}@example.com`);
    const a = await createRechargeOrder(u.ctx, { amount: 1_000 });
    const b = await createRechargeOrder(u.ctx, { amount: 1_500 });
    const c = await createRechargeOrder(u.ctx, { amount: 2_000 });
    await confirmAdminWalletRecharge(admin.ctx, b.id);
    const all = await listAdminRecharges(admin.ctx, { q: tag.toUpperCase() });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.rows[0]).toMatchObject({ email: u.email, userId: u.id });
    expect((await listAdminRecharges(admin.ctx, { q: tag, status: "CREDITED" })).rows.map((r) => r.id)).toEqual([b.id]);
    const page2 = await listAdminRecharges(admin.ctx, { q: tag, pageSize: 2, page: 2 });
    expect(page2.rows.map((r) => r.id)).toEqual([a.id]);
    expect(page2.total).toBe(3);
    expect((await listAdminRecharges(admin.ctx, { q: a.rechargeNo })).rows.map((r) => r.id)).toEqual([a.id]);
    // A search term's wildcards are literal.
    expect((await listAdminRecharges(admin.ctx, { q: "%" })).total).toBe(0);
  });

  it("the admin verbs refuse anyone but an admin", async () => {
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
    for (const verb of [confirmAdminWalletRecharge, cancelAdminWalletRecharge, deleteAdminWalletRecharge]) {
      await expect(verb(u.ctx, r.id)).rejects.toMatchObject({ code: "FORBIDDEN", reason: "admin_required" });
      await expect(verb(anonCtx(db()), r.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(listAdminRecharges(u.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await rechargeRow(r.id))!.status).toBe("PENDING");
  });
});

describe("the expiry job", () => {
  it("cancels pending recharges past their time (reason expired), closes their attempts, leaves others alone, and runs safely twice at once", async () => {
    const u = await makeUser(db());
    const admin = await makeUser(db(), "ADMIN");
    const due = await createRechargeOrder(u.ctx, { amount: 1_000 });
    const credited = await createRechargeOrder(u.ctx, { amount: 1_000 });
    await confirmAdminWalletRecharge(admin.ctx, credited.id);
    const tradeNo = `T${Date.now()}e`;
    await db().insert(payments).values({ purpose: "RECHARGE", rechargeId: due.id, userId: u.id, provider: "epay", tradeNo, amountMinor: 1_000, expiresAt: new Date(due.expiresAt) });
    // Not yet due.
    await expireDueRecharges(db(), new Date(new Date(due.expiresAt).getTime() - 1_000));
    expect((await rechargeRow(due.id))!.status).toBe("PENDING");
    const later = new Date(new Date(due.expiresAt).getTime() + 1_000);
    const pendingBefore = await db().select({ id: walletRechargeOrders.id }).from(walletRechargeOrders).where(and(eq(walletRechargeOrders.status, "PENDING"), lte(walletRechargeOrders.expiresAt, later)));
    const counts = await Promise.all([expireDueRecharges(db(), later), expireDueRecharges(second.db, later)]);
    expect((await rechargeRow(due.id))!).toMatchObject({ status: "CANCELLED", cancelReason: "expired" });
    expect((await rechargeRow(credited.id))!.status).toBe("CREDITED");
    expect((await db().select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!.status).toBe("CLOSED");
    // Each due recharge is expired by exactly one of the two runs.
    expect(counts[0]! + counts[1]!).toBe(pendingBefore.length);
    expect(await expireDueRecharges(db(), later)).toBe(0);
    expect(await balanceOf(db(), u.id)).toBe(1_000);
  });

  it("an expired recharge no longer counts toward the pending limit and cannot be paid", async () => {
    const u = await makeUser(db());
    const r = await createRechargeOrder(u.ctx, { amount: 1_000 });
    await db().update(walletRechargeOrders).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(walletRechargeOrders.id, r.id));
    await expect(createRechargePayment(u.ctx, { rechargeId: r.id, provider: "epay" }, payOpts)).rejects.toMatchObject({ reason: "recharge_not_pending" });
  });
});

describe("the ledger page", () => {
  it("filters by kind and by days (the site's days) and pages newest first", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await createRechargeOrder(u.ctx, { amount: 1_000 * (i + 1) });
      await confirmAdminWalletRecharge(admin.ctx, r.id);
      ids.push(r.id);
    }
    const rows = await ledgerOf(u.id);
    // Move the first to 2026-01-01 00:30 in Shanghai (2025-12-31 16:30 UTC).
    await db().update(walletTransactions).set({ createdAt: new Date("2025-12-31T16:30:00Z") }).where(eq(walletTransactions.id, rows[0]!.id));
    const page1 = await listMyLedger(u.ctx, { pageSize: 2 });
    expect(page1.total).toBe(3);
    expect(page1.rows.map((r) => r.amountMinor)).toEqual([3_000, 2_000]);
    expect((await listMyLedger(u.ctx, { pageSize: 2, page: 2 })).rows.map((r) => r.amountMinor)).toEqual([1_000]);
    expect((await listMyLedger(u.ctx, { from: "2026-01-01", to: "2026-01-01" })).rows.map((r) => r.amountMinor)).toEqual([1_000]);
    expect((await listMyLedger(u.ctx, { to: "2025-12-31" })).total).toBe(0);
    expect((await listMyLedger(u.ctx, { kind: "CARD" })).total).toBe(0);
    expect((await listMyLedger(u.ctx, { kind: "RECHARGE" })).total).toBe(3);
    await expect(listMyLedger(u.ctx, { from: "yesterday" })).rejects.toMatchObject({ code: "VALIDATION" });
    // Only the caller's own rows.
    expect((await listMyLedger(admin.ctx)).total).toBe(0);
  });
});
