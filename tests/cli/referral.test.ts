// `referral payouts|approve|reject` through the CLI's own parser and runner: the list (text and
// JSON, by status) never prints the payout details; approve and reject decide once, and a payout
// decided already is refused with the catalogue's sentence.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { referralCommands } from "../../cli/commands/referral";
import { runCli } from "../../cli/run-cli";
import type { Db } from "../../src/server/db/client";
import { referralCommissions } from "../../src/server/db/schema";
import { requestReferralPayout } from "../../src/server/services/referral";
import { updateSettings } from "../../src/server/services/settings";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
const SECRET = "acct-6222-9999-secret";

async function referral(db: Db, ...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["referral", ...argv], { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db, locale: "en" }, referralCommands);
  return { code, stdout, stderr };
}

let ids: { a: string; b: string };
let email: string;
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { referralMinPayout: 100 });
  const u = await makeUser(t.db);
  email = u.email;
  await t.db.insert(referralCommissions).values({ inviterId: u.id, orderId: randomUUID(), orderItemId: randomUUID(), orderNo: "RB-CLI", currency: "CNY", baseMinor: 10_000, ratePercent: 10, amountMinor: 1_000, status: "AVAILABLE", availableAt: new Date() });
  const a = await requestReferralPayout(u.ctx, { amount: 300, method: "BANK", account: SECRET });
  const b = await requestReferralPayout(u.ctx, { amount: 250, method: "ALIPAY", account: SECRET });
  ids = { a: a.id, b: b.id };
});

describe("referral commands", () => {
  it("payouts lists them (text and JSON, filtered by status) without the payout details", async () => {
    const json = await referral(t.db, "payouts", "--status", "pending", "--json");
    expect(json.code).toBe(0);
    const { payouts, total } = JSON.parse(json.stdout) as { payouts: Record<string, unknown>[]; total: number };
    expect(total).toBe(2);
    expect(payouts.map((p) => p.id).sort()).toEqual([ids.a, ids.b].sort());
    expect(payouts[0]).toEqual({ id: expect.any(String), email, amountMinor: expect.any(Number), currency: "CNY", method: expect.any(String), status: "PENDING", reference: null, rejectReason: null, createdAt: expect.any(String), decidedAt: null });
    const text = await referral(t.db, "payouts");
    expect(text.stdout).toMatch(/REQUESTED\s+USER\s+AMOUNT/);
    expect(text.stdout).toContain("3.00 CNY");
    for (const out of [json.stdout, text.stdout]) expect(out).not.toContain(SECRET);
    const bad = await referral(t.db, "payouts", "--status", "DONE");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--status takes PENDING, PAID, REJECTED");
  });

  it("approve and reject decide once; the second decision is refused", async () => {
    expect(await referral(t.db, "approve", ids.a, "--reference", "BANK-42", "--json")).toEqual({ code: 0, stdout: `${JSON.stringify({ id: ids.a, status: "PAID", reference: "BANK-42" }, null, 2)}\n`, stderr: "" });
    const again = await referral(t.db, "reject", ids.a, "--reason", "late");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("This payout was already decided.");
    const rejected = await referral(t.db, "reject", ids.b, "--reason", "Wrong account");
    expect(rejected).toMatchObject({ code: 0, stdout: `payout ${ids.b} rejected (2.50 CNY available to the user again)\n` });
    const missing = await referral(t.db, "approve", randomUUID(), "--reference", "x");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("This payout does not exist.");
    const noRef = await referral(t.db, "approve", ids.b);
    expect(noRef.code).toBe(2);
    const listed = JSON.parse((await referral(t.db, "payouts", "--json")).stdout) as { payouts: { id: string; status: string; reference: string | null; rejectReason: string | null }[] };
    expect(listed.payouts.map((p) => [p.id, p.status, p.reference, p.rejectReason]).sort()).toEqual([[ids.a, "PAID", "BANK-42", null], [ids.b, "REJECTED", null, "Wrong account"]].sort());
  });
});
