// A number outside its range is described, never clamped: which words describe the range.
import { describe, expect, it } from "vitest";
import { rangeRule } from "../../src/components/forms/range";

describe("rangeRule", () => {
  it("says 'between' when both bounds are known, even for a value below the lower one", () => {
    expect(rangeRule({ min: 1, max: 65535 })).toEqual({ key: "between", min: 1, max: 65535 });
    expect(rangeRule({ min: 0, max: 0 })).toEqual({ key: "between", min: 0, max: 0 });
  });
  it("says 'at least' or 'at most' for a one-sided range (0 is a bound, not a missing one)", () => {
    expect(rangeRule({ min: 0 })).toEqual({ key: "atLeast", min: 0 });
    expect(rangeRule({ max: 10 })).toEqual({ key: "atMost", max: 10 });
  });
  it("has no words without bounds", () => {
    expect(rangeRule({})).toBeNull();
  });
});
