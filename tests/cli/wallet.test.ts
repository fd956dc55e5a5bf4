// `wallet show|credit|check` through the CLI's own parser and runner (wallet edition), and their
// absence in the base edition.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, walletAccounts } from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { withEnv } from "../helpers/env";
import { walletEditionForFile } from "../helpers/wallet";
import { cli, json } from "./helpers";

let t: TestDb | undefined;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t!.db;

describe("wallet commands (wallet edition)", () => {
  walletEditionForFile(() => t?.db);

  it("credits in major units, debits with a negative amount, shows the ledger newest first, and audits each change", async () => {
    const u = await makeUser(db());
    const credited = await cli(db(), "wallet", "credit", u.email, "--amount", "10.50", "--note", "goodwill");
    expect(credited.code).toBe(0);
    expect(credited.stdout).toContain("10.50");
    expect((await cli(db(), "wallet", "credit", u.email, "--amount=-0.50", "--note", "correction")).code).toBe(0);

    const shown = json<{ email: string; balanceMinor: number; currency: string; ledger: { kind: string; amountMinor: number; balanceAfterMinor: number; reference: string | null; createdAt: string }[] }>(
      await cli(db(), "wallet", "show", u.email, "--json"),
    );
    expect(shown).toMatchObject({ email: u.email, balanceMinor: 1_000, currency: "CNY" });
    expect(shown.ledger.map((e) => [e.kind, e.amountMinor, e.balanceAfterMinor])).toEqual([
      ["ADMIN_CREDIT", -50, 1_000],
      ["ADMIN_CREDIT", 1_050, 1_050],
    ]);
    expect(Object.keys(shown.ledger[0]!).sort()).toEqual(["amountMinor", "balanceAfterMinor", "createdAt", "kind", "reference"]);
    const text = await cli(db(), "wallet", "show", u.email);
    expect(text.stdout).toContain("balance 10.00 CNY");
    expect(text.stdout).toContain("correction");

    const audits = await db().select().from(auditLogs).where(eq(auditLogs.action, "wallet.admin_credit"));
    expect(audits.filter((a) => a.targetId === u.id).map((a) => (a.metadata as { amountMinor: number }).amountMinor).sort((a, b) => a - b)).toEqual([-50, 1_050]);
  });

  it("refuses a debit below zero, a zero or malformed amount, a missing note and an unknown user, changing nothing", async () => {
    const u = await makeUser(db());
    await cli(db(), "wallet", "credit", u.email, "--amount", "1", "--note", "n");
    const below = await cli(db(), "wallet", "credit", u.email, "--amount=-1.01", "--note", "n");
    expect(below.code).not.toBe(0);
    expect(below.stderr).toMatch(/too low/i);
    for (const amount of ["0", "1.001", "abc"]) expect((await cli(db(), "wallet", "credit", u.email, "--amount", amount, "--note", "n")).code).toBe(2);
    expect((await cli(db(), "wallet", "credit", u.email, "--amount", "1")).code).toBe(2);
    expect((await cli(db(), "wallet", "credit", "nobody@example.com", "--amount", "1", "--note", "n")).code).not.toBe(0);
    expect(json<{ balanceMinor: number }>(await cli(db(), "wallet", "show", u.email, "--json")).balanceMinor).toBe(100);
  });

  it("check exits 0 when every balance equals its ledger and 1 naming the account that does not", async () => {
    const u = await makeUser(db());
    await cli(db(), "wallet", "credit", u.email, "--amount", "2", "--note", "n");
    const good = await cli(db(), "wallet", "check");
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/every balance equals its ledger/);

    await db().update(walletAccounts).set({ balanceMinor: 999 }).where(eq(walletAccounts.userId, u.id));
    const bad = await cli(db(), "wallet", "check");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(u.email);
    const badRun = await cli(db(), "wallet", "check", "--json");
    expect(badRun.code).toBe(1);
    const badJson = JSON.parse(badRun.stdout) as { ok: boolean; mismatches: { email: string; balanceMinor: number; ledgerSumMinor: number }[] };
    expect(badJson.ok).toBe(false);
    expect(badJson.mismatches).toEqual([expect.objectContaining({ email: u.email, balanceMinor: 999, ledgerSumMinor: 200 })]);
    // Put right, so the file's after-each check holds.
    await db().update(walletAccounts).set({ balanceMinor: 200 }).where(eq(walletAccounts.userId, u.id));
  });
});

describe("wallet commands (base edition)", () => {
  it("answer like a path that is not there", async () => {
    await withEnv({ EDITION: "base" }, async () => {
      const u = await makeUser(db());
      for (const argv of [["wallet", "show", u.email], ["wallet", "credit", u.email, "--amount", "1", "--note", "n"], ["wallet", "check"]]) {
        const r = await cli(db(), ...argv);
        expect(r.code, argv.join(" ")).not.toBe(0);
        expect(r.stderr).toMatch(/not available/i);
      }
      expect(await db().select().from(walletAccounts).where(eq(walletAccounts.userId, u.id))).toEqual([]);
    });
  });
});
