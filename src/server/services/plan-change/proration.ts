// The arithmetic of a plan change (issue 28 item 2), pure and in integers: how much of the current
// term is unused (by time, by traffic, or the lower of the two), what that share of the term's value
// is worth as credit, what is due for the new plan, and what credit is left over. Every division
// rounds down, in the shop's favour; shares are compared and multiplied as BigInt (bytes times
// milliseconds overflow a double's exact range).
import type { PlanChangeMeasure } from "../../db/schema/plan-changes";

/** The operator's setting: TIME, TRAFFIC (traffic plans; TIME otherwise), or LOWER of the two. */
export type CreditBasis = "TIME" | "TRAFFIC" | "LOWER";

export interface TermState {
  startsAt: Date;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  /**
   * Traffic measures the term only when the plan has a limit that never resets: a monthly reset
   * gives a fresh allowance each month, so "traffic left" would say nothing about the whole term.
   */
  trafficMeasures: boolean;
}

/** The unused share of the term: numerator / denominator, and which measure it is. */
export interface UnusedShare {
  measure: PlanChangeMeasure;
  numerator: number;
  denominator: number;
}

/** Time left of the term (milliseconds): none before the start's end is reached is ever more than the term. */
export function timeLeft(term: TermState, now: Date): UnusedShare {
  const length = term.expiresAt.getTime() - term.startsAt.getTime();
  if (length <= 0) return { measure: "TIME", numerator: 0, denominator: 0 };
  const left = Math.min(Math.max(term.expiresAt.getTime() - now.getTime(), 0), length);
  return { measure: "TIME", numerator: left, denominator: length };
}

/** Traffic left of the limit (bytes); used beyond the limit counts as none left. */
export function trafficLeft(term: TermState): UnusedShare {
  const limit = term.trafficLimitBytes;
  return { measure: "TRAFFIC", numerator: Math.min(Math.max(limit - term.trafficUsedBytes, 0), limit), denominator: limit };
}

const big = (n: number) => BigInt(Math.trunc(n));

/** a < b as fractions (a zero denominator is a share of nothing). */
function lessThan(a: UnusedShare, b: UnusedShare): boolean {
  if (a.denominator <= 0) return b.denominator > 0 && b.numerator > 0;
  if (b.denominator <= 0) return false;
  return big(a.numerator) * big(b.denominator) < big(b.numerator) * big(a.denominator);
}

/** The share the setting asks for; TRAFFIC and LOWER fall back to TIME where traffic does not measure the term. */
export function unusedShare(term: TermState, basis: CreditBasis, now: Date): UnusedShare {
  const time = timeLeft(term, now);
  if (basis === "TIME" || !term.trafficMeasures) return time;
  const traffic = trafficLeft(term);
  if (basis === "TRAFFIC") return traffic;
  return lessThan(traffic, time) ? traffic : time;
}

/** floor(amount × share), never more than the amount. */
export function shareOf(amountMinor: number, share: UnusedShare): number {
  if (share.denominator <= 0 || share.numerator <= 0 || amountMinor <= 0) return 0;
  const v = (big(amountMinor) * big(Math.min(share.numerator, share.denominator))) / big(share.denominator);
  return Number(v);
}

export interface ProrationInput {
  /** What the current term is worth: what was paid for it, or the list price where nothing was paid in money. */
  termValueMinor: number;
  /** The part of that paid in money by the owner (never more than the value). */
  termPaidMinor: number;
  share: UnusedShare;
  /** The new plan's price. */
  newPriceMinor: number;
}

export interface Proration {
  creditMinor: number;
  /** The part of the credit that comes from money the owner paid: only this may leave as leftover. */
  creditPaidMinor: number;
  dueMinor: number;
  /** Credit beyond the new price, paid out (balance or coupon): at most the paid part of the credit. */
  leftoverMinor: number;
  /**
   * What of the new term was paid in money (the due, plus the paid credit the new price used), for
   * the next change of the same subscription. Unpaid credit (a gift's, a grant's) is used first.
   */
  newTermPaidMinor: number;
}

export function prorate(p: ProrationInput): Proration {
  const value = Math.max(0, p.termValueMinor);
  const paid = Math.min(Math.max(0, p.termPaidMinor), value);
  const creditMinor = shareOf(value, p.share);
  const creditPaidMinor = Math.min(shareOf(paid, p.share), creditMinor);
  const unpaidCredit = creditMinor - creditPaidMinor;
  const used = Math.min(creditMinor, p.newPriceMinor);
  const dueMinor = p.newPriceMinor - used;
  const leftoverMinor = creditMinor > p.newPriceMinor ? Math.min(creditMinor - p.newPriceMinor, creditPaidMinor) : 0;
  const paidUsed = Math.max(0, used - unpaidCredit);
  return { creditMinor, creditPaidMinor, dueMinor, leftoverMinor, newTermPaidMinor: dueMinor + paidUsed };
}
