// The operator's wallet verbs: a user's ledger in keyset pages with a kind filter, credits only by
// admins, the dashboard's totals and check, and nothing of it in the base edition.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletAccounts } from "../../src/server/db/schema";
import { adminCreditWallet, walletDashboard, walletOverview } from "../../src/server/services/wallet/admin-wallet";
import { cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { withEnv } from "../helpers/env";
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

describe("admin wallet verbs", () => {
  it("pages a ledger newest first by entry id and filters it by kind", async () => {
    const admin = await makeUser(db(), "ADMIN");
    const u = await makeUser(db());
    for (let i = 1; i <= 5; i++) await adminCreditWallet(admin.ctx, { userId: u.id }, { amountMinor: i * 100, note: `credit ${i}` });
    const first = await walletOverview(admin.ctx, { userId: u.id }, { limit: 2 });
    expect(first.balanceMinor).toBe(1_500);
    expect(first.ledger.map((e) => e.amountMinor)).toEqual([500, 400]);
    expect(first.ledger[0]!.reference).toBe(`admin:${admin.id}`);
    const second = await walletOverview(admin.ctx, { userId: u.id }, { limit: 2, before: first.nextBefore });
    expect(second.ledger.map((e) => e.amountMinor)).toEqual([300, 200]);
    const last = await walletOverview(admin.ctx, { userId: u.id }, { limit: 2, before: second.nextBefore });
    expect(last.ledger.map((e) => e.amountMinor)).toEqual([100]);
    expect(last.nextBefore).toBeNull();
    expect((await walletOverview(admin.ctx, { email: u.email }, { kind: "REFUND" })).ledger).toEqual([]);
    expect((await walletOverview(admin.ctx, { email: u.email }, { kind: "ADMIN_CREDIT" })).ledger).toHaveLength(5);
  });

  it("only an admin credits; a user's own session cannot", async () => {
    const u = await makeUser(db());
    await expect(adminCreditWallet(u.ctx, { userId: u.id }, { amountMinor: 100, note: "mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(walletOverview(u.ctx, { userId: u.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().select().from(walletAccounts).where(eq(walletAccounts.userId, u.id))).toEqual([]);
  });

  it("the dashboard sums what is owed and reports the check", async () => {
    const before = await walletDashboard(cliCtx(db()));
    const u = await makeUser(db());
    await adminCreditWallet(cliCtx(db()), { userId: u.id }, { amountMinor: 700, note: "n" });
    const after = await walletDashboard(cliCtx(db()));
    expect(after.totalBalanceMinor - before.totalBalanceMinor).toBe(700);
    expect(after.accounts).toBe(before.accounts + 1);
    expect(after.check.ok).toBe(true);
  });

  it("none of it exists in the base edition", async () => {
    await withEnv({ EDITION: "base" }, async () => {
      const u = await makeUser(db());
      await expect(walletDashboard(cliCtx(db()))).rejects.toMatchObject({ code: "NOT_FOUND", reason: "wallet_disabled" });
      await expect(adminCreditWallet(cliCtx(db()), { userId: u.id }, { amountMinor: 1, note: "n" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(walletOverview(cliCtx(db()), { userId: u.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });
});
