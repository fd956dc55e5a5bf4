import { describe, expect, it } from "vitest";
import { decimalToMicro, decimalToMinor, microToDecimal, minorToDecimal } from "../../src/server/integrations/payments";

describe("yuan amounts", () => {
  it("reads every spelling a gateway uses, exactly", () => {
    expect(decimalToMinor("10")).toBe(1000);
    expect(decimalToMinor("10.5")).toBe(1050);
    expect(decimalToMinor("10.50")).toBe(1050);
    expect(decimalToMinor("0.01")).toBe(1);
    expect(decimalToMinor("0")).toBe(0);
    // Float parsing would give 1.005 * 100 = 100.49999...; strings never go through a float here.
    expect(decimalToMinor("19.99")).toBe(1999);
    expect(decimalToMinor("99999999.99")).toBe(9_999_999_999);
  });

  it.each(["10.501", "10.", ".5", "-1", "+1", "1e3", " 10", "10 ", "010", "0x10", "", "ten", "1,000", "10.5.0", "NaN"])("refuses %j", (s) => {
    expect(decimalToMinor(s)).toBeNull();
  });

  it("writes two decimals", () => {
    expect(minorToDecimal(1050)).toBe("10.50");
    expect(minorToDecimal(1000)).toBe("10.00");
    expect(minorToDecimal(1)).toBe("0.01");
    expect(minorToDecimal(0)).toBe("0.00");
    expect(() => minorToDecimal(-1)).toThrow(RangeError);
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
  });
});

describe("USDT micro-units", () => {
  it("writes the shortest exact decimal", () => {
    expect(microToDecimal(12_500_000)).toBe("12.5");
    expect(microToDecimal(12_000_000)).toBe("12");
    expect(microToDecimal(12_500_100)).toBe("12.5001");
    expect(microToDecimal(1)).toBe("0.000001");
  });

  it("reads up to 6 decimals and round-trips", () => {
    expect(decimalToMicro("12.5")).toBe(12_500_000);
    expect(decimalToMicro("12.5001")).toBe(12_500_100);
    expect(decimalToMicro("0.000001")).toBe(1);
    expect(decimalToMicro("12.0000001")).toBeNull();
    expect(decimalToMicro("-1")).toBeNull();
    for (const n of [0, 1, 999_999, 12_500_100, 123_456_789]) expect(decimalToMicro(microToDecimal(n))).toBe(n);
  });
});
