// Issue 12 (OpenAPI) in a browser: the document is served to anyone as JSON, and the admin
// reference page lists, searches and opens endpoints at 390 px, in light (English) and dark (Chinese).
import { expect, test } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";

const PHONE = { width: 390, height: 844 };

test("GET /api/openapi.json answers the OpenAPI 3.1 document without a session", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, ...asClient() });
  const res = await api.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/agent/latency", "/api/admin/nodes/{id}/inbounds"]));
  await api.dispose();
});

for (const scheme of [
  { colorScheme: "light" as const, locale: "en-US", title: "API reference", admin: "Admin" },
  { colorScheme: "dark" as const, locale: "zh-CN", title: "API 参考", admin: "管理员" },
]) {
  test(`admins read, search and open the API reference at 390 px (${scheme.colorScheme})`, async ({ browser }) => {
    const ctx = await browser.newContext({ ...asClient(), colorScheme: scheme.colorScheme, locale: scheme.locale, viewport: PHONE });
    const page = await ctx.newPage();
    await loginAsAdmin(page);
    await page.goto("/admin/api");
    await navigationReady(page);
    await expect(page.getByRole("heading", { level: 2, name: scheme.title })).toBeVisible();
    await expect(page.getByTestId("nav-admin-api")).toHaveAttribute("href", "/admin/api");
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"))).toBe(scheme.colorScheme);

    await page.getByTestId("api-search").fill("nodes inbounds");
    const endpoint = page.getByTestId("api-endpoint-getApiAdminNodesIdInbounds");
    await expect(endpoint).toBeVisible();
    await expect(page.locator('[data-testid^="api-endpoint-"]')).toHaveCount(1);
    await endpoint.getByRole("button").click();
    await expect(endpoint.getByText(scheme.admin, { exact: true })).toBeVisible();
    await expect(endpoint.getByText("401", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByTestId("api-search").fill("no such endpoint anywhere");
    await expect(page.locator('[data-testid^="api-endpoint-"]')).toHaveCount(0);
    await ctx.close();
  });
}
