// What a gift shows of other people's addresses, and what the logs keep of a gift link: the masked
// form of an address (claimer to buyer, buyer to link holder), and the request log line of
// /gift/<code> with the code replaced (it is the bearer secret, like a token in a query string).
import { describe, expect, it } from "vitest";
import { redactString } from "../../src/server/logger";
import { lineShareMinor, maskEmail } from "../../src/server/services/gifts";

describe("maskEmail", () => {
  it.each([
    ["alice@example.com", "a***e@e***.com"],
    ["bo@mail.example.cn", "b***@m***.cn"],
    ["x@y.io", "x***@y***.io"],
    ["weird", "***"],
  ])("%s -> %s", (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe("the log of a gift link", () => {
  it("keeps the path and drops the code", () => {
    const code = "Q2hhbmdlTWVfOWY3YjE4YzA";
    expect(redactString(`GET /gift/${code} 200`)).toBe("GET /gift/[redacted] 200");
    expect(redactString(`https://shop.example/gift/${code}`)).not.toContain(code);
    expect(redactString("/gift/short")).toBe("/gift/short");
  });
});

describe("what an expired gift gives back", () => {
  it("is the line's share of the total after discounts", () => {
    expect(lineShareMinor({ subtotalMinor: 1000, totalMinor: 700 }, { amountMinor: 1000 })).toBe(700);
    expect(lineShareMinor({ subtotalMinor: 3000, totalMinor: 2000 }, { amountMinor: 1000 })).toBe(666);
    expect(lineShareMinor({ subtotalMinor: 0, totalMinor: 0 }, { amountMinor: 0 })).toBe(0);
  });
});
