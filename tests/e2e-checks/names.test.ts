// The distinct-names check of the browser walk (e2e/check-names.ts), checked on a fixed accessibility
// snapshot: it needs no browser, so it runs here instead of beside the walk's seeding.
import { describe, expect, it } from "vitest";
import { controlsOf, sharedNames } from "../../e2e/check-names";

describe("the distinct-names check", () => {
  it("finds a shared button name and a link name leading two ways; not a repeated link, one name in two named forms, or a field and its button", () => {
    const snapshot = [
      '- button "Delete"',
      '- button "Delete"',
      '- link "Help":',
      "  - /url: /a",
      '- link "Help":',
      "  - /url: /b",
      '- link "Home":',
      "  - /url: /",
      '- link "Home":',
      "  - /url: /",
      '- button "Delete coupon \\"SPRING\\""',
      '- form "Change email":',
      '  - textbox "Current password"',
      '- form "Change password":',
      '  - textbox "Current password"',
      '- textbox "Current password"',
      '- searchbox "Search"',
      '- button "Search"',
    ].join("\n");
    expect(sharedNames(controlsOf(snapshot))).toEqual(['button "Delete" ×2', 'link "Help" ×2 (/a, /b)']);
  });
});
