// [wallet] `cards generate|list|delete`: prepaid cards for operators. Amounts are typed in the site
// currency's major unit (`--amount 10.50`); the CSV and JSON carry minor units. The codes exist only
// in the output of `generate` (a 0600 file with --out, standard output otherwise). In the base
// edition every one of them refuses like an unknown path (the verbs do).
import { unlink } from "node:fs/promises";
import { formatMinor, parseMajorToMinor } from "../../src/server/services/catalog/money";
import { UsageError } from "../args";
import { createOutFile } from "../output-file-options";
import { table } from "../format";
import type { Command } from "../registry";

const cards = () => import("../../src/server/services/wallet/cards");

function wholeNumber(text: unknown, flag: string): number {
  const s = String(text).trim();
  if (!/^\d{1,9}$/.test(s)) throw new UsageError(`${flag} must be a whole number`);
  return Number(s);
}


const cardsGenerate: Command = {
  path: ["cards", "generate"],
  summary: "Generate a batch of balance or plan cards and print their codes once, as CSV",
  description:
    "The CSV header is code,kind,amount_minor,plan_id,expires_at, one line per card. The codes are not\n" +
    "stored anywhere and cannot be shown again: keep the output. With --out the file is created first\n" +
    "(mode 0600, never over an existing file); otherwise the CSV goes to standard output.\n" +
    "A plan card reserves one unit of the plan's stock; if the plan has too few units, no card is made.",
  options: {
    kind: { type: "string", valueName: "balance|plan", description: "what the cards give", required: true },
    count: { type: "string", valueName: "n", description: "how many cards, 1 to 1000", required: true },
    amount: { type: "string", valueName: "amount", description: "balance cards: the amount each credits, e.g. 10.50" },
    plan: { type: "string", valueName: "id", description: "plan cards: the plan's id (see `plan list`)" },
    traffic: { type: "string", valueName: "gb", description: "plan cards of a slider-priced plan: the traffic each card gives" },
    expires: { type: "string", valueName: "iso", description: "when unused cards expire, e.g. 2027-01-01T00:00:00Z (default: never)" },
    note: { type: "string", valueName: "text", description: "a note kept with the cards (who they are for)" },
    out: { type: "string", valueName: "file", description: "write the CSV to this new file (mode 0600)", writtenByClient: true },
  },
  async run(c, { options: o }) {
    const kind = String(o.kind).trim().toUpperCase();
    if (kind !== "BALANCE" && kind !== "PLAN") throw new UsageError("--kind must be balance or plan");
    const count = wholeNumber(o.count, "--count");
    const input: Record<string, unknown> = { kind, count };
    if (kind === "BALANCE") {
      if (o.amount === undefined) throw new UsageError("balance cards need --amount");
      if (o.plan !== undefined || o.traffic !== undefined) throw new UsageError("--plan and --traffic are for plan cards");
      const minor = parseMajorToMinor(String(o.amount));
      if (minor === null || minor === 0) throw new UsageError("--amount must be a positive amount with at most two decimals, e.g. 10.50");
      input.amountMinor = minor;
    } else {
      if (o.plan === undefined) throw new UsageError("plan cards need --plan");
      if (o.amount !== undefined) throw new UsageError("--amount is for balance cards");
      input.planId = String(o.plan);
      if (o.traffic !== undefined) input.trafficGb = wholeNumber(o.traffic, "--traffic");
    }
    if (o.expires !== undefined) {
      const at = new Date(String(o.expires));
      if (Number.isNaN(at.getTime())) throw new UsageError("--expires must be a date and time, e.g. 2027-01-01T00:00:00Z");
      input.expiresAt = at;
    }
    if (o.note !== undefined) input.note = String(o.note);

    const [{ generateCards }, { cardsCsv }] = await Promise.all([cards(), import("../../src/server/services/wallet/cards-csv")]);
    const ctx = await c.ctx();
    if (o.out === undefined) {
      const batch = await generateCards(ctx, input);
      for (const line of cardsCsv(batch.cards).trimEnd().split("\n")) c.out(line);
      c.err(`${batch.cards.length} cards generated (batch ${batch.batchId}); the codes above are shown only now`);
      return;
    }
    // A refusal that needs no card (the base edition) leaves no empty file behind.
    (await import("../../src/server/services/wallet/edition")).requireWalletEdition();
    const path = String(o.out);
    const file = await createOutFile(path);
    let batch;
    try {
      batch = await generateCards(ctx, input);
    } catch (err) {
      await file.close();
      await unlink(path).catch(() => undefined);
      throw err;
    }
    const csv = cardsCsv(batch.cards);
    try {
      await file.writeFile(csv, "utf8");
      await file.close();
    } catch (err) {
      // The cards exist now: their codes must not be lost with the file.
      await file.close().catch(() => undefined);
      c.err(`could not write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); the codes follow on standard output`);
      for (const line of csv.trimEnd().split("\n")) c.out(line);
      return 1;
    }
    c.err(`${batch.cards.length} cards generated (batch ${batch.batchId}), written to ${path}; the codes are not stored anywhere else`);
  },
};

const cardsList: Command = {
  path: ["cards", "list"],
  summary: "List cards, newest first (the hint is a code's last four characters)",
  json: true,
  description:
    "Amounts are shown in major units; JSON carries minor units.\n" +
    "JSON shape: { rows: [{ id, batchId, kind, codeHint, amountMinor, planId, planName, trafficGb, durationDays,\n" +
    "  holdsStock, status, expiresAt, usedById, usedByEmail, usedAt, resultSubscriptionId, note, createdAt }], total, page, pageSize }",
  options: {
    status: { type: "string", valueName: "status", description: "UNUSED, USED or EXPIRED" },
    kind: { type: "string", valueName: "kind", description: "BALANCE or PLAN" },
    batch: { type: "string", valueName: "id", description: "one batch" },
    q: { type: "string", valueName: "text", description: "hint, note or user email contains (or a whole code)" },
    page: { type: "string", valueName: "n", description: "page number (default 1, 50 per page)" },
  },
  async run(c, { options: o }) {
    const { listCards } = await cards();
    const upper = (v: unknown) => (v === undefined ? undefined : String(v).toUpperCase());
    const r = await listCards(await c.ctx(), { status: upper(o.status), kind: upper(o.kind), batchId: o.batch, q: o.q, page: o.page ?? 1, pageSize: 50 });
    if (o.json) return c.json(r);
    if (!r.rows.length) return c.out("No cards.");
    const rows = r.rows.map((x) => [
      x.id,
      x.kind,
      `…${x.codeHint}`,
      x.kind === "BALANCE" ? formatMinor(x.amountMinor ?? 0) : (x.planName ?? x.planId ?? "-"),
      x.status,
      x.expiresAt?.toISOString() ?? "-",
      x.usedByEmail ?? "-",
      x.batchId,
    ]);
    for (const line of table(["ID", "KIND", "HINT", "AMOUNT/PLAN", "STATUS", "EXPIRES", "USED BY", "BATCH"], rows)) c.out(line);
    c.out(`page ${r.page} of ${Math.max(1, Math.ceil(r.total / r.pageSize))} (${r.total} cards)`);
  },
};

const cardsDelete: Command = {
  path: ["cards", "delete"],
  summary: "Delete a card that was never used (a plan card gives its stock unit back)",
  json: true,
  positionals: [{ name: "id", description: "the card's id (see `cards list`)", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { deleteCard } = await cards();
    const r = await deleteCard(await c.ctx(), String(p.id));
    if (o.json) return c.json(r);
    c.out(`card ${r.id} deleted${r.releasedStock ? "; one unit of its plan's stock released" : ""}`);
  },
};

export const cardsCommands: Command[] = [cardsGenerate, cardsList, cardsDelete];
