// Money as integers: yuan amounts in fen (minor units, 2 decimals) and USDT in micro-units (6
// decimals, what TRC20 `value` carries). Parsing is exact string work, never through a float, so
// "10.50" from a gateway is 1050 and nothing like 1049.9999 can ever be compared (behaviour §14.2).

const YUAN = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;
const USDT = /^(0|[1-9]\d{0,8})(?:\.(\d{1,6}))?$/;

function assertAmount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative safe integer, got ${n}`);
}

/** 1050 -> "10.50": always two decimals, what the gateways' `money` / `total_amount` expect. */
export function minorToDecimal(minor: number): string {
  assertAmount(minor, "minor amount");
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/**
 * "10" / "10.5" / "10.50" -> 1000 / 1050 / 1050; anything else (more than 2 decimals, signs,
 * exponents, spaces, leading zeros, "10.") -> null. Gateways send `money` as "10", "10.5" or
 * "10.00" depending on the build (protocols §3), so all three spellings must read the same.
 */
export function decimalToMinor(s: string): number | null {
  const m = typeof s === "string" ? YUAN.exec(s) : null;
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/**
 * 12500000 -> "12.5", 12000000 -> "12", 12345600 -> "12.3456": the shortest exact decimal
 * (trailing zeros dropped). This is the amount a person types into a wallet app, and the form
 * epusdt shows; compare amounts as micro-units, never as these strings.
 */
export function microToDecimal(micro: number): string {
  assertAmount(micro, "micro amount");
  const whole = Math.floor(micro / 1_000_000);
  const frac = String(micro % 1_000_000).padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

/** "12.5" -> 12500000; up to 6 decimals, same strictness as decimalToMinor; otherwise null. */
export function decimalToMicro(s: string): number | null {
  const m = typeof s === "string" ? USDT.exec(s) : null;
  if (!m) return null;
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? "").padEnd(6, "0"));
}
