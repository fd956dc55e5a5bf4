// `cards generate|list|delete` (issue 23 item 11) through the CLI's own parser and runner: amounts in
// major units, the one-time CSV (a 0600 file with --out, stdout otherwise), plan stock kept right,
// and a refusal in the base edition that leaves no file behind.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans, rechargeCards } from "../../src/server/db/schema";
import { balanceOf, redeemCard } from "../../src/server/services/wallet";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { withEnv } from "../helpers/env";
import { walletEditionForFile } from "../helpers/wallet";
import { cli, json } from "./helpers";

const shop = openShop();
walletEditionForFile(() => shop.db);
const dir = mkdtempSync(path.join(tmpdir(), "rb-cards-"));
const HEADER = "code,kind,amount_minor,plan_id,expires_at";
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;
const stockHeld = async (planId: string) => (await shop.db.select({ n: plans.stockHeld }).from(plans).where(eq(plans.id, planId)))[0]!.n;
const cardCount = async () => (await shop.db.select({ id: rechargeCards.id }).from(rechargeCards)).length;

describe("cards generate", () => {
  it("writes balance cards to a new 0600 file with the header; the codes redeem for the typed amount", async () => {
    const out = path.join(dir, "balance.csv");
    const r = await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "3", "--amount", "10.50", "--note", "cli batch", "--out", out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/3 cards generated/);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const lines = readFileSync(out, "utf8").trimEnd().split("\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(4);
    const codes = lines.slice(1).map((l) => {
      const [code, kind, amount, planId, expires] = l.split(",");
      expect([kind, amount, planId, expires]).toEqual(["BALANCE", "1050", "", ""]);
      expect(code).toMatch(CODE);
      return code!;
    });
    const u = await buyer(shop);
    await redeemCard(u.ctx, { code: codes[1]! });
    expect(await balanceOf(shop.db, u.id)).toBe(1050);
  });

  it("prints plan cards as CSV on stdout without --out, reserving one stock unit each, with the expiry", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 4 });
    const r = await cli(shop.db, "cards", "generate", "--kind", "plan", "--count", "2", "--plan", plan.id, "--expires", "2099-01-01T00:00:00Z");
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1).map((l) => l.split(",").slice(1))).toEqual([
      ["PLAN", "", plan.id, "2099-01-01T00:00:00.000Z"],
      ["PLAN", "", plan.id, "2099-01-01T00:00:00.000Z"],
    ]);
    expect(await stockHeld(plan.id)).toBe(2);
    // Too few units left: nothing is made.
    const before = await cardCount();
    const refused = await cli(shop.db, "cards", "generate", "--kind", "plan", "--count", "3", "--plan", plan.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/CONFLICT/);
    expect(await cardCount()).toBe(before);
    expect(await stockHeld(plan.id)).toBe(2);
  });

  it("refuses bad command lines before making anything, and never writes over an existing file", async () => {
    const before = await cardCount();
    expect((await cli(shop.db, "cards", "generate", "--kind", "gift", "--count", "1", "--amount", "1")).code).toBe(2);
    expect((await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1")).code).toBe(2);
    expect((await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1", "--amount", "1.005")).code).toBe(2);
    expect((await cli(shop.db, "cards", "generate", "--kind", "plan", "--count", "1", "--amount", "1")).code).toBe(2);
    expect((await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "x", "--amount", "1")).code).toBe(2);
    expect((await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1", "--amount", "1", "--expires", "soon")).code).toBe(2);
    const taken = path.join(dir, "taken.csv");
    writeFileSync(taken, "keep me");
    const r = await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1", "--amount", "1", "--out", taken);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exists/);
    expect(readFileSync(taken, "utf8")).toBe("keep me");
    // A refusal by the service (count over 1000) removes the file it had created.
    const big = path.join(dir, "big.csv");
    expect((await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1001", "--amount", "1", "--out", big)).code).toBe(1);
    expect(existsSync(big)).toBe(false);
    expect(await cardCount()).toBe(before);
  });
});

describe("cards list and delete", () => {
  it("lists cards (JSON in minor units) and deletes an unused plan card, giving its unit back; a used card stays", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    const gen = await cli(shop.db, "cards", "generate", "--kind", "plan", "--count", "2", "--plan", plan.id);
    const [first, second] = gen.stdout.trimEnd().split("\n").slice(1).map((l) => l.split(",")[0]!);
    const u = await buyer(shop);
    await redeemCard(u.ctx, { code: first! });

    const listed = json<{ rows: { id: string; codeHint: string; status: string; planId: string; usedByEmail: string | null }[]; total: number }>(await cli(shop.db, "cards", "list", "--kind", "plan", "--json"));
    const mine = listed.rows.filter((r) => r.planId === plan.id);
    expect(mine.map((r) => r.status).sort()).toEqual(["UNUSED", "USED"]);
    const used = mine.find((r) => r.status === "USED")!;
    const unused = mine.find((r) => r.status === "UNUSED")!;
    expect(used.usedByEmail).toBe(u.email);
    expect(unused.codeHint).toBe(second!.slice(-4));
    expect(JSON.stringify(listed)).not.toContain(second!);

    const text = await cli(shop.db, "cards", "list", "--status", "unused");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(unused.codeHint);
    expect(text.stdout).toMatch(/\(\d+ cards\)/);

    expect(await stockHeld(plan.id)).toBe(2);
    const del = await cli(shop.db, "cards", "delete", unused.id);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout).toMatch(/stock released/);
    expect(await stockHeld(plan.id)).toBe(1);
    const again = await cli(shop.db, "cards", "delete", unused.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/NOT_FOUND/);
    const usedDel = await cli(shop.db, "cards", "delete", used.id);
    expect(usedDel.code).toBe(1);
    expect(usedDel.stderr).toMatch(/used/i);
    expect(await stockHeld(plan.id)).toBe(1);
  });
});

describe("base edition", () => {
  it("every cards command refuses like a path that is not there, and generate leaves no file", async () => {
    await withEnv({ EDITION: "base" }, async () => {
      const before = await cardCount();
      const out = path.join(dir, "base.csv");
      const gen = await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1", "--amount", "1", "--out", out);
      expect(gen.code).toBe(1);
      expect(gen.stderr).toMatch(/NOT_FOUND/);
      expect(existsSync(out)).toBe(false);
      const plain = await cli(shop.db, "cards", "generate", "--kind", "balance", "--count", "1", "--amount", "1");
      expect(plain.code).toBe(1);
      expect(plain.stdout).toBe("");
      for (const argv of [["cards", "list"], ["cards", "delete", "00000000-0000-4000-8000-000000000000"]]) {
        const r = await cli(shop.db, ...argv);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/NOT_FOUND/);
      }
      expect(await cardCount()).toBe(before);
    });
  });
});
