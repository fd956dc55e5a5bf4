// Request paths -> route patterns from the real app directory: ids and tokens never reach a label,
// static names win over dynamic segments, and anything nothing serves is "other".
import { describe, expect, it } from "vitest";
import { NEXT_ASSETS_ROUTE, OTHER_ROUTE, routePattern } from "../../src/server/metrics/route-pattern";

const ID = "3f2b8c1e-8a4d-4c3e-9b1a-2d6f0e7c5a91";

describe("route patterns", () => {
  it.each([
    [`/api/subscription/${ID}?token=secret-token`, "/api/subscription/[id]"],
    [`/api/subscription/${ID}/`, "/api/subscription/[id]"],
    ["/api/subscription/all?token=abc", "/api/subscription/all"],
    [`/orders/${ID}/pay`, "/orders/[id]/pay"],
    [`/orders/${ID}`, "/orders/[id]"],
    ["/dashboard", "/dashboard"],
    ["/", "/"],
    ["/admin", "/admin"],
    ["/admin/plans/new", "/admin/plans/new"],
    ["/admin/plans/12345", "/admin/plans/[id]"],
    ["/api/auth/callback/credentials", "/api/auth/[...nextauth]"],
    ["/api/auth/session", "/api/auth/[...nextauth]"],
    ["/api/payment/notify/epay", "/api/payment/notify/[provider]"],
    ["/api/metrics", "/api/metrics"],
    ["/admin/mail-templates/verify/en", "/admin/mail-templates/[template]/[locale]"],
    ["/_next/static/chunks/app-1234abcd.js", NEXT_ASSETS_ROUTE],
  ])("%s -> %s", (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });

  it("counts paths nothing serves as one series, whatever they hold", () => {
    for (const p of ["/wp-admin/setup.php", `/api/${ID}`, "/api/subscription", `/api/subscription/${ID}/extra`, "/dashboard/user@example.com", "/%E2%82%AC", "/.env"]) {
      expect(routePattern(p)).toBe(OTHER_ROUTE);
    }
  });
});
