// The referral arithmetic, as pure functions (tests/referral/arithmetic.test.ts): integers only,
// commission rounded down, so the shop never pays a fraction of a minor unit it did not receive.
import type { PaidVia } from "../../db/schema";

/**
 * Which ways of paying earn commission. GATEWAY and BALANCE are money the buyer paid (a balance is
 * money recharged, refunded or earned earlier). ADMIN is an admin's "confirm payment": the buyer
 * paid the order's total outside the gateway (a grant is an ADMIN order at 0, so it earns nothing).
 * FREE paid nothing. CARD is a plan card: its value was paid, if at all, outside the shop and to the
 * card's issuer, so no price of this order was paid here; a balance card credits no commission
 * either, so a plan card does not.
 */
export const EARNING_PAID_VIA: readonly PaidVia[] = ["GATEWAY", "BALANCE", "ADMIN"];
export const earnsCommission = (via: PaidVia | null | undefined): boolean => !!via && EARNING_PAID_VIA.includes(via);

/**
 * What the buyer really paid for each line: the order's total (after its coupon and promotion)
 * shared over the lines in proportion to their amounts. Cumulative rounding (each line gets
 * floor(total * upto / subtotal) minus what the lines before it got) makes the shares add up to the
 * total exactly and keeps each within one minor unit of its exact share. BigInt: amount * total
 * can pass 2^53.
 */
export function shareOverLines(lineAmounts: readonly number[], totalMinor: number): number[] {
  const subtotal = lineAmounts.reduce((s, a) => s + a, 0);
  if (subtotal <= 0 || totalMinor <= 0) return lineAmounts.map(() => 0);
  // A total above the subtotal (never written by placeOrder) is not money paid for the lines.
  const total = BigInt(Math.min(totalMinor, subtotal));
  const sub = BigInt(subtotal);
  let upto = 0n;
  let given = 0n;
  return lineAmounts.map((a) => {
    upto += BigInt(a);
    const cumulative = (total * upto) / sub;
    const share = cumulative - given;
    given = cumulative;
    return Number(share);
  });
}

/** floor(base * rate / 100): the commission of one line. */
export function commissionOf(baseMinor: number, ratePercent: number): number {
  if (!Number.isSafeInteger(baseMinor) || baseMinor <= 0 || ratePercent <= 0) return 0;
  return Math.floor((baseMinor * Math.min(ratePercent, 100)) / 100);
}

const DAY_MS = 86_400_000;
export const availableAtOf = (now: Date, holdDays: number): Date => new Date(now.getTime() + Math.max(0, holdDays) * DAY_MS);

/**
 * An address an inviter may see of the people they invited: the first character of the name and
 * the domain ("a***@example.com"). Enough to recognise a friend, not to write to a stranger.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** An amount in minor units as the API and forms send it: a whole number, or its digits as text. */
export function minorFrom(raw: unknown): number | null {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d{1,12}\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
