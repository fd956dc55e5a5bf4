// Admin orders and the task center in a browser. Confirming a pending order by hand is in
// purchase.spec.ts, which sets up a plan on sale and buyers.
import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "./helpers";

test("the orders page filters through the URL and the task center lists the outbox", async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole("link", { name: /^(Orders|订单)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByTestId("order-search")).toBeVisible();
  await expect(page.getByTestId("placeholder-admin-orders")).toHaveCount(0);

  // A filter lands in the URL and survives a reload; nothing raw (codes) is shown as the choice.
  await page.getByTestId("order-status-filter").click();
  await page.getByRole("option", { name: /^(Awaiting payment|待支付)$/ }).click();
  await expect(page).toHaveURL(/status=PENDING/);
  await page.reload();
  await expect(page.getByTestId("order-status-filter")).toHaveValue(/^(Awaiting payment|待支付)$/);
  await page.getByTestId("order-search").fill("no-such-order-xyz");
  await page.getByTestId("order-search").press("Enter");
  await expect(page).toHaveURL(/q=no-such-order-xyz/);
  await expect(page.getByTestId("orders-empty")).toBeVisible();

  // The task center sits in the menu's folded System group.
  await page.getByTestId("nav-group-system").click();
  await page.getByRole("link", { name: /^(Tasks|任务)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/tasks$/);
  await expect(page.getByTestId("task-search")).toBeVisible();
  // Keyset pages like the logs: the rows on this page are counted, and the way to older ones is there.
  await expect(page.getByTestId("tasks-count")).toBeVisible();
  await expect(page.getByTestId("tasks-older")).toBeVisible();
  // The payload's secret part never reaches the page (mail tasks carry their link there).
  await expect(page.locator("body")).not.toContainText("secret=");
});
