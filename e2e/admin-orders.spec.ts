// Admin orders and the task center in a browser. Confirming a pending order by hand needs a plan
// and a pending order, which only the catalog admin UI or its CLI (being built on another branch)
// can create: until one of them is on this branch that test is `fixme` (see its comment).
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "./helpers";

const cli = (...args: string[]) => execFileSync("node", ["bin/relayboard.mjs", ...args], { env: JSON.parse(process.env.E2E_SERVER_ENV!), encoding: "utf8" });

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

  await page.getByRole("link", { name: /^(Tasks|任务)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/tasks$/);
  await expect(page.getByTestId("task-search")).toBeVisible();
  await expect(page.getByTestId("tasks-total")).toBeVisible();
  // The payload's secret part never reaches the page (mail tasks carry their link there).
  await expect(page.locator("body")).not.toContainText("secret=");
});

/**
 * Needs: a plan on sale and a pending order for some user. Nothing on branch i8-adm creates them
 * (the catalog admin UI and `relayboard plan ...` CLI come from branch i8-cat; placing an order
 * needs the store page from i8-store or a service call). Once a CLI exists, replace the two
 * `cli(...)` lines below with its real commands, e.g.
 *   relayboard plan create --name E2E --kind ... --price 12.34 --json   -> plan id
 *   relayboard order create --user <email> --plan <id> --json           -> { orderNo }
 * (or create the plan in /admin/plans and buy it in /store as a fresh user), then drop `fixme`.
 */
test.fixme("an admin confirms a pending order by hand", async ({ page }) => {
  const plan = JSON.parse(cli("plan", "create", "--name", `E2E ${Date.now()}`, "--price", "12.34", "--json")) as { id: string };
  const order = JSON.parse(cli("order", "create", "--user", "admin@e2e.test", "--plan", plan.id, "--json")) as { orderNo: string };

  await loginAsAdmin(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(order.orderNo)}`);
  const row = page.getByTestId("order-row").filter({ hasText: order.orderNo });
  await expect(row.getByTestId("order-status")).toHaveAttribute("data-status", "PENDING");
  await row.getByTestId("order-menu").click();
  await page.getByTestId("order-confirm").click();
  await expect(page.getByTestId("order-confirm-dialog")).toContainText(order.orderNo);
  await page.getByTestId("order-confirm-submit").click();
  await expect(row.getByTestId("order-status")).toHaveAttribute("data-status", "PAID");

  // The detail drawer names how it was paid.
  await row.getByTestId("order-details").click();
  await expect(page.getByTestId("order-detail")).toContainText(/Confirmed by an admin|管理员确认/);
});
