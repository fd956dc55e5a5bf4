// Money is integer minor units (fen for CNY) everywhere it is stored or computed; people type and
// read major units with two decimals. These conversions work on the decimal text, never through a
// float multiplication, so "19.99" is 1999 exactly. No imports: the admin forms use this file too.

/** Largest amount one order line may carry (the order columns are 32-bit integers). */
export const MAX_LINE_MINOR = 1_000_000_000;

const MAJOR = /^(\d{1,9})(?:\.(\d{0,2}))?$/;

/**
 * "12", "12.5", "12.50", "0.05" -> minor units; null for anything else (negative, three decimals,
 * exponents, empty). Surrounding spaces and a thousands comma are ignored.
 */
export function parseMajorToMinor(text: string): number | null {
  const m = MAJOR.exec(text.trim().replace(/,/g, ""));
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? "").padEnd(2, "0"));
  const minor = whole * 100 + frac;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 1999 -> "19.99"; 5 -> "0.05"; -150 -> "-1.50". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
