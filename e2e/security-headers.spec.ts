// Every security header the README promises, on the real server, and a CSP strict enough to matter
// (no 'unsafe-inline' scripts) that still lets every page hydrate: the browser reports no violation.
import { expect, test } from "@playwright/test";
import { asClient, loginAsAdmin } from "./helpers";
import { rawRequest } from "./raw-request";

const scriptSrc = (csp: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";

test("pages and API answers carry the promised headers; HSTS only behind HTTPS; no x-powered-by", async () => {
  for (const path of ["/login", "/api/health", "/api/public/app-info", "/definitely-not-a-page"]) {
    const r = await rawRequest({ path, headers: { "x-forwarded-for": "198.51.100.20" } });
    const h = r.headers;
    expect(String(h["content-security-policy"]), path).toContain("frame-ancestors 'none'");
    expect(scriptSrc(String(h["content-security-policy"])), path).not.toContain("'unsafe-inline'");
    expect(h["x-frame-options"], path).toBe("DENY");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"], path).toContain("geolocation=()");
    expect(h["x-powered-by"], path).toBeUndefined();
    expect(h["strict-transport-security"], path).toBeUndefined(); // plain HTTP here
  }
  const viaTls = await rawRequest({ path: "/login", headers: { "x-forwarded-for": "198.51.100.21", "x-forwarded-proto": "https" } });
  expect(viaTls.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  // Only a trusted proxy can claim HTTPS.
  const forged = await rawRequest({ from: "127.0.0.2", path: "/login", headers: { "x-forwarded-proto": "https" } });
  expect(forged.headers["strict-transport-security"]).toBeUndefined();
});

test("each page's scripts carry that response's nonce, and the nonce changes per request", async () => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await rawRequest({ path: "/login", headers: { "x-forwarded-for": "198.51.100.22" } });
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(String(r.headers["content-security-policy"])))?.[1];
    expect(nonce).toBeTruthy();
    const inline = [...r.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("no page breaks the policy: the browser reports no CSP violation while a user signs in and browses", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) violations.push(m.text());
  });
  await loginAsAdmin(page);
  for (const path of ["/admin/settings", "/admin/users", "/admin/nodes", "/account", "/dashboard", "/lines"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // Hydrated: the color-scheme script ran (it sets the attribute before React does anything).
  expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toMatch(/light|dark/);
  expect(violations).toEqual([]);
  await ctx.close();
});
