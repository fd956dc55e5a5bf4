// The ledger (behaviour §13): every movement is a conditional balance update plus a ledger row in one
// transaction; the balance never goes below zero; an idempotency key makes a repeat an error that
// undoes itself; the check names any account whose balance differs from its ledger.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletAccounts, walletTransactions } from "../../src/server/db/schema";
import { DomainError } from "../../src/server/errors";
import { balanceOf, checkWallets, moveBalance } from "../../src/server/services/wallet";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";

let t: TestDb | undefined;
beforeAll(async () => {
  t = await createTestDb();
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
const now = new Date("2026-11-28T10:00:00Z");

describe("moveBalance", () => {
  it("credits and debits with the balance after each movement on its row", async () => {
    const u = await makeUser(db());
    const a = await db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 1_000, now }));
    const b = await db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ORDER_PAYMENT", amountMinor: -300, referenceType: "order", referenceId: "o1", now }));
    expect([a.balanceAfterMinor, b.balanceAfterMinor]).toEqual([1_000, 700]);
    expect(await balanceOf(db(), u.id)).toBe(700);
  });

  it("refuses a debit below zero with insufficient_balance and changes nothing", async () => {
    const u = await makeUser(db());
    await db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 500, now }));
    const err = await db()
      .transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ORDER_PAYMENT", amountMinor: -501, now }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).reason).toBe("insufficient_balance");
    expect((err as DomainError).details.balance).toBe("5.00");
    expect(await balanceOf(db(), u.id)).toBe(500);
    const rows = await db().select().from(walletTransactions).where(eq(walletTransactions.userId, u.id));
    expect(rows).toHaveLength(1);
  });

  it("a repeated idempotency key fails and rolls back its balance change", async () => {
    const u = await makeUser(db());
    const credit = () => db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "RECHARGE", amountMinor: 800, idempotencyKey: `recharge:${u.id}`, now }));
    await credit();
    await expect(credit()).rejects.toMatchObject({ reason: "wallet_movement_duplicate" });
    expect(await balanceOf(db(), u.id)).toBe(800);
  });

  it("the database refuses a negative balance even when written around the ledger", async () => {
    const u = await makeUser(db());
    await db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 100, now }));
    await expect(db().update(walletAccounts).set({ balanceMinor: -1 }).where(eq(walletAccounts.userId, u.id))).rejects.toThrow();
  });
});

describe("checkWallets", () => {
  it("names the account whose balance differs from its ledger, and passes once it is put right", async () => {
    const u = await makeUser(db());
    await db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 250, now }));
    await db().update(walletAccounts).set({ balanceMinor: sql`${walletAccounts.balanceMinor} + 1` }).where(eq(walletAccounts.userId, u.id));
    const bad = await checkWallets(db());
    expect(bad.ok).toBe(false);
    expect(bad.mismatches).toEqual([{ userId: u.id, email: u.email, balanceMinor: 251, ledgerSumMinor: 250, lastBalanceAfterMinor: 250 }]);
    await db().update(walletAccounts).set({ balanceMinor: 250 }).where(eq(walletAccounts.userId, u.id));
    const good = await checkWallets(db());
    expect(good.ok).toBe(true);
    expect(good.accounts).toBeGreaterThan(0);
  });
});

describe("concurrent debits of one balance (separate connections on PostgreSQL)", () => {
  it("twenty debits of 10 against a balance of 100: exactly ten succeed and the balance ends at zero", async () => {
    const u = await makeUser(db());
    await db().transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ADMIN_CREDIT", amountMinor: 100, now }));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? second.db : db()).transaction((tx) => moveBalance(tx, { userId: u.id, kind: "ORDER_PAYMENT", amountMinor: -10, referenceId: `o${i}`, now }))),
    );
    const reasons = settledReasons(results);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(10);
    expect(reasons.filter((r) => r !== "ok").every((r) => r === "insufficient_balance")).toBe(true);
    expect(await balanceOf(db(), u.id)).toBe(0);
    const after = (await db().select({ a: walletTransactions.balanceAfterMinor }).from(walletTransactions).where(eq(walletTransactions.userId, u.id)).orderBy(walletTransactions.id)).map((r) => r.a);
    expect(after).toEqual([100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
  });
});
