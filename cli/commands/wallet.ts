// [wallet] `wallet show|credit|check`: an operator's view of balances and ledgers. Amounts are typed
// in the site currency's major unit (`--amount 10.50`, `-5` to take money back); JSON carries minor
// units. In the base edition every one of them answers like an unknown path (the verbs refuse).
import { formatMinor, parseMajorToMinor } from "../../src/server/services/catalog/money";
import { UsageError } from "../args";
import { table } from "../format";
import type { Command } from "../registry";

const wallet = () => import("../../src/server/services/wallet/admin-wallet");

const walletShow: Command = {
  path: ["wallet", "show"],
  summary: "Show a user's balance and their newest ledger entries",
  json: true,
  description: "JSON shape: { email, balanceMinor, currency, ledger: [{ kind, amountMinor, balanceAfterMinor, reference, createdAt }] } (newest first, 50)",
  positionals: [{ name: "email", description: "the user's email", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { walletOverview } = await wallet();
    const w = await walletOverview(await c.ctx(), { email: String(p.email) }, { limit: 50 });
    if (o.json) {
      return c.json({
        email: w.email,
        balanceMinor: w.balanceMinor,
        currency: w.currency,
        ledger: w.ledger.map((e) => ({ kind: e.kind, amountMinor: e.amountMinor, balanceAfterMinor: e.balanceAfterMinor, reference: e.reference, createdAt: e.createdAt.toISOString() })),
      });
    }
    c.out(`${w.email}: balance ${formatMinor(w.balanceMinor)} ${w.currency}`);
    if (!w.ledger.length) return c.out("No ledger entries.");
    const rows = w.ledger.map((e) => [e.createdAt.toISOString(), e.kind, formatMinor(e.amountMinor), formatMinor(e.balanceAfterMinor), e.reference ?? "-", e.note ?? ""]);
    for (const line of table(["WHEN", "KIND", "AMOUNT", "BALANCE", "REFERENCE", "NOTE"], rows)) c.out(line);
  },
};

const walletCredit: Command = {
  path: ["wallet", "credit"],
  summary: "Credit (or, with a negative amount, debit) a user's balance; audited",
  json: true,
  positionals: [{ name: "email", description: "the user's email", required: true }],
  options: {
    amount: { type: "string", valueName: "amount", description: "in the site currency, e.g. 10.50; to debit write --amount=-5", required: true },
    note: { type: "string", valueName: "text", description: "why (kept on the ledger row and in the audit log)", required: true },
  },
  async run(c, { options: o, positionals: p }) {
    const text = String(o.amount).trim();
    const negative = text.startsWith("-");
    const minor = parseMajorToMinor(negative ? text.slice(1) : text);
    if (minor === null || minor === 0) throw new UsageError("--amount must be a non-zero amount with at most two decimals, e.g. 10.50 or --amount=-5");
    const { adminCreditWallet } = await wallet();
    const r = await adminCreditWallet(await c.ctx(), { email: String(p.email) }, { amountMinor: negative ? -minor : minor, note: String(o.note) });
    if (o.json) return c.json(r);
    c.out(`balance of ${String(p.email)} is now ${formatMinor(r.balanceMinor)}`);
  },
};

const walletCheck: Command = {
  path: ["wallet", "check"],
  summary: "Recompute every balance from its ledger; exit 1 naming the accounts that differ",
  json: true,
  description: "JSON shape: { ok, accounts, mismatches: [{ userId, email, balanceMinor, ledgerSumMinor, lastBalanceAfterMinor }] }",
  async run(c, { options: o }) {
    const { walletCheck: check } = await wallet();
    const r = await check(await c.ctx());
    if (o.json) c.json(r);
    else if (r.ok) c.out(`wallet check: ${r.accounts} accounts, every balance equals its ledger`);
    else {
      c.err(`wallet check: ${r.mismatches.length} of ${r.accounts} accounts differ from their ledger`);
      for (const m of r.mismatches) c.err(`${m.email ?? m.userId}: balance ${formatMinor(m.balanceMinor)}, ledger sum ${formatMinor(m.ledgerSumMinor)}`);
    }
    return r.ok ? 0 : 1;
  },
};

export const walletCommands: Command[] = [walletShow, walletCredit, walletCheck];
