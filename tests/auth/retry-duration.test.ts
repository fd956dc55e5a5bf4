// The wait of a refused login as the login form shows it: in words and as a countdown clock.
import { describe, expect, it } from "vitest";
import { clock, durationParts } from "../../src/i18n/duration";

describe("retry duration", () => {
  it("says 896 seconds as about 15 minutes, and keeps seconds under a minute", () => {
    expect(durationParts(896)).toEqual({ unit: "minutes", value: 15 });
    expect(durationParts(45)).toEqual({ unit: "seconds", value: 45 });
    expect(durationParts(0.2)).toEqual({ unit: "seconds", value: 1 });
    expect(durationParts(60)).toEqual({ unit: "minutes", value: 1 });
    expect(durationParts(89 * 60)).toEqual({ unit: "minutes", value: 89 });
    expect(durationParts(24 * 3600)).toEqual({ unit: "hours", value: 24 });
  });

  it("counts down as mm:ss, and h:mm:ss from an hour on", () => {
    expect(clock(896)).toBe("14:56");
    expect(clock(45)).toBe("00:45");
    expect(clock(0)).toBe("00:00");
    expect(clock(3725)).toBe("1:02:05");
  });
});
