// The arithmetic of a plan change (issue 28 item 2) at its boundaries: the first and the last moment
// of a term, no traffic left, time against traffic against the lower of the two, a monthly allowance
// (traffic does not measure the term), rounding down in the shop's favour, the due never below zero,
// and leftover credit only out of money the owner paid.
import { describe, expect, it } from "vitest";
import { prorate, shareOf, unusedShare, type CreditBasis } from "../../src/server/services/plan-change/proration";

const DAY = 86_400_000;
const GIB = 1024 ** 3;
const T0 = new Date("2026-03-01T00:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);
/** A 30-day term of 10 GB, `used` GB used. */
const term = (used: number, trafficMeasures = true) => ({ startsAt: T0, expiresAt: at(30), trafficLimitBytes: 10 * GIB, trafficUsedBytes: used * GIB, trafficMeasures });
const credit = (basis: CreditBasis, days: number, usedGb: number, value = 1000, trafficMeasures = true) => shareOf(value, unusedShare(term(usedGb, trafficMeasures), basis, at(days)));

describe("the unused share of a term", () => {
  it("on the first moment the whole term is unused; on the last moment and after, none", () => {
    expect(credit("TIME", 0, 0)).toBe(1000);
    expect(unusedShare(term(0), "TIME", T0)).toEqual({ measure: "TIME", numerator: 30 * DAY, denominator: 30 * DAY });
    // One millisecond before the end: 1000 × 1 / 2,592,000,000 rounds down to nothing.
    expect(shareOf(1000, unusedShare(term(0), "TIME", new Date(at(30).getTime() - 1)))).toBe(0);
    expect(credit("TIME", 30, 0)).toBe(0);
    expect(credit("TIME", 45, 0)).toBe(0);
    // A clock before the term's start counts the whole term, never more.
    expect(credit("TIME", -5, 0)).toBe(1000);
  });

  it("on the last day: one day of thirty left is a thirtieth, rounded down", () => {
    expect(credit("TIME", 29, 0)).toBe(33); // 1000 / 30 = 33.33…
    expect(credit("TIME", 29, 0, 999)).toBe(33); // 999 / 30 = 33.3
    expect(credit("TIME", 29, 0, 29)).toBe(0); // 29 / 30 = 0.97 rounds to the shop
  });

  it("by traffic: no traffic left is no credit, whatever the time; more used than the limit is none left too", () => {
    expect(credit("TRAFFIC", 1, 10)).toBe(0);
    expect(credit("TRAFFIC", 1, 12)).toBe(0);
    expect(credit("TRAFFIC", 29, 0)).toBe(1000);
    expect(credit("TRAFFIC", 10, 4)).toBe(600);
    expect(unusedShare(term(4), "TRAFFIC", at(10)).measure).toBe("TRAFFIC");
  });

  it("LOWER takes whichever of time and traffic leaves less", () => {
    // 20 days of 30 left (666) against 6 GB of 10 left (600): traffic.
    expect(unusedShare(term(4), "LOWER", at(10)).measure).toBe("TRAFFIC");
    expect(credit("LOWER", 10, 4)).toBe(600);
    // 5 days left (166) against 9 GB left (900): time.
    expect(unusedShare(term(1), "LOWER", at(25)).measure).toBe("TIME");
    expect(credit("LOWER", 25, 1)).toBe(166);
    // Zero traffic left on the first day: nothing.
    expect(credit("LOWER", 0, 10)).toBe(0);
  });

  it("traffic that does not measure the term (unlimited, or a monthly allowance) falls back to time", () => {
    expect(unusedShare(term(9, false), "TRAFFIC", at(10))).toMatchObject({ measure: "TIME" });
    expect(credit("LOWER", 10, 9, 1000, false)).toBe(666);
    const unlimited = { ...term(0), trafficLimitBytes: 0, trafficMeasures: false };
    expect(unusedShare(unlimited, "TRAFFIC", at(15)).measure).toBe("TIME");
  });

  it("stays exact where bytes times milliseconds leave a double's integers (a 10 TB plan of ten years)", () => {
    const big = { startsAt: T0, expiresAt: at(3650), trafficLimitBytes: 10_000 * GIB, trafficUsedBytes: 3_333 * GIB + 7, trafficMeasures: true };
    const share = unusedShare(big, "LOWER", at(1000));
    // Time: 2650/3650 = 0.72603; traffic: (6667 GiB - 7 B)/10000 GiB = 0.66669…: traffic is lower.
    expect(share.measure).toBe("TRAFFIC");
    expect(shareOf(1_000_000_000, share)).toBe(666_699_999);
  });
});

describe("credit, due and leftover", () => {
  const half = { measure: "TIME" as const, numerator: 15, denominator: 30 };

  it("an upgrade: the credit comes off the new price", () => {
    expect(prorate({ termValueMinor: 1000, termPaidMinor: 1000, share: half, newPriceMinor: 3000 })).toEqual({ creditMinor: 500, creditPaidMinor: 500, dueMinor: 2500, leftoverMinor: 0, newTermPaidMinor: 3000 });
  });

  it("a downgrade: nothing is due, and the credit beyond the new price is left over", () => {
    expect(prorate({ termValueMinor: 3000, termPaidMinor: 3000, share: half, newPriceMinor: 500 })).toEqual({ creditMinor: 1500, creditPaidMinor: 1500, dueMinor: 0, leftoverMinor: 1000, newTermPaidMinor: 500 });
  });

  it("credit exactly the new price: nothing due, nothing left over", () => {
    expect(prorate({ termValueMinor: 1000, termPaidMinor: 1000, share: half, newPriceMinor: 500 })).toMatchObject({ dueMinor: 0, leftoverMinor: 0 });
  });

  it("a term nobody paid money for (a grant, a gift) counts against the price but is never paid out", () => {
    expect(prorate({ termValueMinor: 3000, termPaidMinor: 0, share: half, newPriceMinor: 500 })).toEqual({ creditMinor: 1500, creditPaidMinor: 0, dueMinor: 0, leftoverMinor: 0, newTermPaidMinor: 0 });
    expect(prorate({ termValueMinor: 3000, termPaidMinor: 0, share: half, newPriceMinor: 2000 })).toEqual({ creditMinor: 1500, creditPaidMinor: 0, dueMinor: 500, leftoverMinor: 0, newTermPaidMinor: 500 });
  });

  it("a term partly paid in money: the unpaid credit is used first, the paid rest may leave", () => {
    // 3000 worth, 1000 paid in money: half left is 1500 of credit, 500 of it paid.
    expect(prorate({ termValueMinor: 3000, termPaidMinor: 1000, share: half, newPriceMinor: 800 })).toEqual({ creditMinor: 1500, creditPaidMinor: 500, dueMinor: 0, leftoverMinor: 500, newTermPaidMinor: 0 });
    expect(prorate({ termValueMinor: 3000, termPaidMinor: 1000, share: half, newPriceMinor: 1200 })).toEqual({ creditMinor: 1500, creditPaidMinor: 500, dueMinor: 0, leftoverMinor: 300, newTermPaidMinor: 200 });
  });

  it("nothing unused: the whole new price is due", () => {
    expect(prorate({ termValueMinor: 1000, termPaidMinor: 1000, share: { measure: "TRAFFIC", numerator: 0, denominator: 10 }, newPriceMinor: 700 })).toMatchObject({ creditMinor: 0, dueMinor: 700, leftoverMinor: 0 });
  });
});
