// Where login sends a person afterwards: only a path on this site. Every way a browser would read
// the value as another host, or as code, is refused.
import { describe, expect, it } from "vitest";
import { loginPathFor, safeCallbackUrl, safeRedirectPath } from "../../src/server/auth/safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/account", "/account"],
    ["/admin/nodes/123?tab=inbounds", "/admin/nodes/123?tab=inbounds"],
    ["/lines#telecom", "/lines#telecom"],
    ["/a/../account", "/account"],
    ["/", "/"],
  ])("keeps the same-site path %s", (raw, want) => {
    expect(safeRedirectPath(raw)).toBe(want);
  });

  it.each([
    "//evil.com",
    "//evil.com/account",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "https://evil.com",
    "http://evil.com/account",
    "HTTPS://evil.com",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.com",
    "account",
    "/\tevil.com",
    "/\n/evil.com",
    "/%0a/evil.com".replace("%0a", "\n"),
    " /account",
    "",
    "/login",
    "/login?callbackUrl=/account",
    `/${"a".repeat(1001)}`,
  ])("refuses %j", (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const raw of [undefined, null, 42, ["/account"], { href: "/account" }]) expect(safeRedirectPath(raw)).toBeNull();
  });
});

describe("loginPathFor", () => {
  it("names the page asked for, without Next's own _rsc parameter", () => {
    expect(loginPathFor("/account")).toBe("/login?callbackUrl=%2Faccount");
    expect(loginPathFor("/admin/users?q=a%20b&_rsc=x1")).toBe(`/login?callbackUrl=${encodeURIComponent("/admin/users?q=a+b")}`);
    expect(loginPathFor("/account?_rsc=abc")).toBe("/login?callbackUrl=%2Faccount");
  });

  it("falls back to the bare login page for the home page, nothing, or anything unsafe", () => {
    for (const p of ["/", null, undefined, "", "//evil.com", "https://evil.com/x", "/\\evil.com"]) expect(loginPathFor(p)).toBe("/login");
  });
});

describe("safeCallbackUrl (next-auth's redirect callback)", () => {
  const base = "https://shop.example";
  it.each([
    ["/account", "https://shop.example/account"],
    ["/login", "https://shop.example/login"],
    ["https://shop.example", "https://shop.example/"],
    ["https://shop.example/orders?x=1#y", "https://shop.example/orders?x=1#y"],
    // Percent-encoded, so it fits a Location header (raw, it was a 500: not a ByteString).
    ["/中", "https://shop.example/%E4%B8%AD"],
  ])("keeps the same-site %j as %j", (raw, want) => {
    expect(safeCallbackUrl(raw, base)).toBe(want);
  });

  it.each(["ht!tp::x", "https://evil.example/account", "http://shop.example/account", "//evil.example", "/\\evil.example", "javascript:alert(1)", "evil.example", "", "%ff", "\uFFFD", "/\tx", undefined, 42])(
    "replaces %j by the site root",
    (raw) => {
      expect(safeCallbackUrl(raw, base)).toBe(`${base}/`);
    },
  );
});
