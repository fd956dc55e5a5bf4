// The referral arithmetic on its own: discounts shared over an order's lines in whole minor units
// that add up to what was paid, commission rounded down, which ways of paying earn, masked emails
// and amounts as the API takes them.
import { describe, expect, it } from "vitest";
import { availableAtOf, commissionOf, earnsCommission, maskEmail, minorFrom, shareOverLines } from "../../src/server/services/referral/arithmetic";

describe("shareOverLines", () => {
  it("without a discount each line's base is its amount", () => {
    expect(shareOverLines([1000, 2500, 1], 3501)).toEqual([1000, 2500, 1]);
  });

  it("a discount is shared in proportion, the shares add up to the total exactly", () => {
    // 1000 + 2000 = 3000 paid as 2000: two thirds each.
    expect(shareOverLines([1000, 2000], 2000)).toEqual([666, 1334]);
    for (const [lines, total] of [
      [[333, 333, 334], 999],
      [[1, 1, 1], 2],
      [[999_999_999, 1], 7],
      [[700, 300, 1, 1], 1001],
    ] as [number[], number][]) {
      const shares = shareOverLines(lines, total);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      const sub = lines.reduce((a, b) => a + b, 0);
      lines.forEach((a, i) => expect(Math.abs(shares[i]! - (a * total) / sub)).toBeLessThan(1));
    }
  });

  it("amounts whose product passes 2^53 stay exact (BigInt)", () => {
    expect(shareOverLines([1_000_000_000, 1_000_000_000], 1_999_999_999)).toEqual([999_999_999, 1_000_000_000]);
  });

  it("nothing paid, no lines, or a zero subtotal share nothing; a total above the subtotal is capped", () => {
    expect(shareOverLines([1000, 500], 0)).toEqual([0, 0]);
    expect(shareOverLines([], 100)).toEqual([]);
    expect(shareOverLines([0, 0], 100)).toEqual([0, 0]);
    expect(shareOverLines([100, 100], 1000)).toEqual([100, 100]);
  });
});

describe("commissionOf", () => {
  it("rounds down to the minor unit", () => {
    expect(commissionOf(1000, 10)).toBe(100);
    expect(commissionOf(999, 10)).toBe(99);
    expect(commissionOf(9, 10)).toBe(0);
    expect(commissionOf(1, 99)).toBe(0);
    expect(commissionOf(1999, 33)).toBe(659); // 659.67
    expect(commissionOf(1000, 100)).toBe(1000);
  });

  it("nothing at rate 0 or on nothing paid", () => {
    expect(commissionOf(1000, 0)).toBe(0);
    expect(commissionOf(0, 50)).toBe(0);
    expect(commissionOf(-5, 50)).toBe(0);
  });
});

it("GATEWAY, BALANCE and ADMIN earn commission; FREE, CARD and nothing do not", () => {
  expect(["GATEWAY", "BALANCE", "ADMIN", "FREE", "CARD", null].map((v) => earnsCommission(v as never))).toEqual([true, true, true, false, false, false]);
});

it("the holding period is whole days from the payment", () => {
  const now = new Date("2026-03-01T10:00:00Z");
  expect(availableAtOf(now, 0).toISOString()).toBe(now.toISOString());
  expect(availableAtOf(now, 7).toISOString()).toBe("2026-03-08T10:00:00.000Z");
});

it("maskEmail keeps the first character and the domain", () => {
  expect(maskEmail("alice@example.com")).toBe("a***@example.com");
  expect(maskEmail("b@x.io")).toBe("b***@x.io");
  expect(maskEmail("no-at-sign")).toBe("***");
});

it("minorFrom takes whole positive minor units, as a number or digits", () => {
  expect([1000, "1000", " 25 ", 0, -1, 10.5, "10.50", "1e3", "", null, "9".repeat(13)].map(minorFrom)).toEqual([1000, 1000, 25, null, null, null, null, null, null, null, null]);
});
