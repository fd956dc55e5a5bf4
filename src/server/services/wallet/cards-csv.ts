// [wallet] The one-time export of a generated batch: `code,kind,amount_minor,plan_id,expires_at`, one
// line per card. Pure (no server imports): the CLI writes it to a file or stdout, and the admin page
// builds the same text in the browser for its download.

export interface GeneratedCardLine {
  code: string;
  kind: "BALANCE" | "PLAN";
  amountMinor: number | null;
  planId: string | null;
  expiresAt: Date | string | null;
}

export const CARDS_CSV_HEADER = "code,kind,amount_minor,plan_id,expires_at";

// Every value here is a code, a word, an integer, a uuid or an ISO instant: quoting is a safeguard.
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const iso = (v: Date | string | null) => (v === null ? "" : typeof v === "string" ? new Date(v).toISOString() : v.toISOString());

export function cardsCsv(cards: readonly GeneratedCardLine[]): string {
  const lines = cards.map((c) => [c.code, c.kind, c.amountMinor === null ? "" : String(c.amountMinor), c.planId ?? "", iso(c.expiresAt)].map(cell).join(","));
  return [CARDS_CSV_HEADER, ...lines].join("\n") + "\n";
}
