// `referral payouts|approve|reject`: referral commission payouts (README "Referral commission").
// Amounts print in the site currency's major unit; JSON carries minor units. The payout details a
// user typed are never printed here (they are shown decrypted only on the admin page's detail).
import { formatMinor } from "../../src/server/services/catalog/money";
import { UsageError } from "../args";
import { table } from "../format";
import type { Command } from "../registry";

const referral = () => import("../../src/server/services/referral");
// The states as help text names them (the schema module would load the database layer for --help);
// the verb checks the value itself.
const PAYOUT_STATUSES = ["PENDING", "PAID", "REJECTED"];
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const payouts: Command = {
  path: ["referral", "payouts"],
  summary: "List referral payouts, newest first (waiting ones with --status PENDING)",
  json: true,
  description:
    "JSON shape: { payouts: [{ id, email, amountMinor, currency, method, status, reference, rejectReason, createdAt, decidedAt }], total }\n" +
    "METHOD BALANCE rows are moves to the balance (wallet edition): paid at once, nothing to decide.",
  options: {
    status: { type: "string", valueName: PAYOUT_STATUSES.join("|"), description: "only payouts in this state" },
    search: { type: "string", valueName: "text", description: "only users whose email contains this" },
    limit: { type: "string", valueName: "n", description: "rows (1-100, default 50)" },
  },
  async run(c, { options: o }) {
    const status = o.status === undefined ? undefined : String(o.status).toUpperCase();
    if (status !== undefined && !PAYOUT_STATUSES.includes(status)) throw new UsageError(`--status takes ${PAYOUT_STATUSES.join(", ")}`);
    const limit = o.limit === undefined ? 50 : Number(o.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError("--limit takes a whole number from 1 to 100");
    const { listReferralPayouts } = await referral();
    const r = await listReferralPayouts(await c.ctx(), { status, q: o.search, pageSize: limit });
    const rows = r.rows.map((p) => ({ id: p.id, email: p.email, amountMinor: p.amountMinor, currency: p.currency, method: p.method, status: p.status, reference: p.reference, rejectReason: p.rejectReason, createdAt: iso(p.createdAt), decidedAt: iso(p.decidedAt) }));
    if (o.json) return c.json({ payouts: rows, total: r.total });
    if (!rows.length) return c.out("No payouts.");
    const out = rows.map((p) => [p.createdAt ?? "", p.email, `${formatMinor(p.amountMinor)} ${p.currency}`, p.method, p.status, p.reference ?? p.rejectReason ?? "-", p.id]);
    for (const line of table(["REQUESTED", "USER", "AMOUNT", "METHOD", "STATUS", "REFERENCE/REASON", "ID"], out)) c.out(line);
    if (r.total > rows.length) c.out(`${r.total - rows.length} more (narrow with --status or --search, or raise --limit)`);
  },
};

const approve: Command = {
  path: ["referral", "approve"],
  summary: "Mark a waiting payout paid, with the reference of the transfer made outside the site",
  json: true,
  description: "JSON shape: { id, status: PAID, reference }. The user is told; a payout decided already is refused (exit 1).",
  positionals: [{ name: "id", description: "payout id (from `referral payouts`)", required: true }],
  options: { reference: { type: "string", valueName: "text", description: "the bank or Alipay transfer number", required: true } },
  async run(c, { options: o, positionals: p }) {
    const { approveReferralPayout } = await referral();
    const r = await approveReferralPayout(await c.ctx(), { id: String(p.id), reference: String(o.reference) });
    if (o.json) return c.json({ id: r.id, status: r.status, reference: r.reference });
    c.out(`payout ${r.id} marked paid (${formatMinor(r.amountMinor)} ${r.currency}, reference ${r.reference})`);
  },
};

const reject: Command = {
  path: ["referral", "reject"],
  summary: "Reject a waiting payout; the amount is available to the user again",
  json: true,
  description: "JSON shape: { id, status: REJECTED, reason }. The user is told the reason.",
  positionals: [{ name: "id", description: "payout id (from `referral payouts`)", required: true }],
  options: { reason: { type: "string", valueName: "text", description: "why (shown to the user)", required: true } },
  async run(c, { options: o, positionals: p }) {
    const { rejectReferralPayout } = await referral();
    const r = await rejectReferralPayout(await c.ctx(), { id: String(p.id), reason: String(o.reason) });
    if (o.json) return c.json({ id: r.id, status: r.status, reason: r.rejectReason });
    c.out(`payout ${r.id} rejected (${formatMinor(r.amountMinor)} ${r.currency} available to the user again)`);
  },
};

export const referralCommands: Command[] = [payouts, approve, reject];
