// The admin logs page in a browser: every kind's tab opens from /admin/logs, the audit list filters
// through the URL, one entry is deleted after a confirmation, and a cleanup reports its counts.
import { expect, test } from "@playwright/test";
import { ADMIN, createUserAsAdmin, loginAsAdmin, uniqueEmail } from "./helpers";

const KINDS = ["audit", "task", "traffic", "nodeLatency", "riskAccess", "riskEvent"] as const;

test("logs: tabs, filters, delete one entry, clean up", async ({ page }) => {
  await loginAsAdmin(page);
  // Something to find in the audit log: creating a user is audited with the admin as actor.
  await createUserAsAdmin(page, uniqueEmail("logs"), "logs-password-1");

  await page.goto("/admin/logs");
  await expect(page.getByTestId("placeholder-admin-logs")).toHaveCount(0);
  await expect(page.getByTestId("log-cleanup")).toBeVisible();
  await expect(page.getByTestId("log-auto-cleanup")).toBeVisible();

  // Every kind is one tab away, and the tab lands in the URL.
  for (const kind of KINDS) {
    await page.getByTestId(`log-tab-${kind}`).click();
    await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
    await expect(page.getByTestId("log-list").or(page.getByTestId("log-empty"))).toBeVisible();
    if (kind === "task" || kind === "riskAccess" || kind === "riskEvent") await expect(page.getByTestId("log-full-view")).toBeVisible();
  }

  // Audit: a keyword nothing matches, then the admin as actor (survives a reload).
  await page.getByTestId("log-tab-audit").click();
  await expect(page).toHaveURL(/kind=audit/);
  await page.getByTestId("log-filter-q").fill("no-such-entry-xyz");
  await page.getByTestId("log-filter-q").press("Enter");
  await expect(page).toHaveURL(/q=no-such-entry-xyz/);
  await expect(page.getByTestId("log-empty")).toBeVisible();
  await page.getByTestId("log-filter-reset").click();
  // The filters are rebuilt for the new address (their key is the URL): type only once it is there.
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByTestId("log-empty")).toHaveCount(0);
  await page.getByTestId("log-filter-actor").fill(ADMIN.email);
  await page.getByTestId("log-filter-apply").click();
  await expect(page).toHaveURL(/actor=/);
  await page.reload();
  await expect(page.getByTestId("log-filter-actor")).toHaveValue(ADMIN.email);
  const rows = page.getByTestId("log-row");
  await expect(rows.first()).toBeVisible();

  // Delete the newest entry: asked once more, then gone from the list.
  const id = await rows.first().getAttribute("data-id");
  await rows.first().getByTestId("log-delete").click();
  await page.getByTestId("log-delete-confirm").click();
  await expect(page.locator(`[data-testid="log-row"][data-id="${id}"]`)).toHaveCount(0);

  // Cleanup of one kind: confirmed, then the count per kind.
  await page.getByTestId("log-cleanup-kind").click();
  await page.getByRole("option", { name: /^(Node latency|节点延迟)$/ }).click();
  await page.getByTestId("log-cleanup-days").fill("3650");
  await page.getByTestId("log-cleanup-run").click();
  await page.getByTestId("log-cleanup-confirm").click();
  await expect(page.getByTestId("log-cleanup-result")).toBeVisible();
  await expect(page.locator('[data-testid="log-cleanup-count"][data-kind="nodeLatency"]')).toBeVisible();

  // On a phone the rows become cards and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/logs?kind=audit");
  await expect(page.getByTestId("log-list").or(page.getByTestId("log-empty"))).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test("task center: refresh traffic views shows what the sync counted", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/tasks");
  await page.getByTestId("traffic-refresh-run").click();
  await expect(page.getByTestId("traffic-refresh-result")).toBeVisible({ timeout: 30_000 });
});
