// Issue 12 dashboards in a browser: the admin's figures, charts and panels are there and each opens
// the list it summarises; a user without a subscription sees the empty state and the quick links.
// Exact figures are proven in tests/dashboard (other specs add orders and users to this database).
import { expect, test } from "@playwright/test";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, uniqueEmail } from "./helpers";

test("the admin dashboard shows its figures and every card opens its list", async ({ browser }) => {
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  // Someone joins now, so today's sign-ups cannot be zero whatever ran before.
  await createUserAsAdmin(page, uniqueEmail("dash-new"), "dash-pass-12");
  await page.goto("/admin");
  for (const id of ["stat-revenue-today", "stat-revenue-7", "stat-revenue-30", "stat-active-subscriptions", "stat-new-users-today", "stat-traffic-7", "orders-by-status", "node-health", "recent-risk", "count-total"]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  for (const id of ["chart-revenue", "chart-new-users", "chart-traffic"]) await expect(page.getByTestId(id)).toHaveAttribute("data-state", /^(empty|ready)$/);
  await expect(page.getByTestId("stat-new-users-today-value")).not.toHaveText("0");

  await page.getByTestId("stat-revenue-30").click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=PAID$/);
  await page.goBack();
  await page.getByTestId("orders-PENDING").getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=PENDING$/);
  await page.goBack();
  await page.getByTestId("stat-active-subscriptions").click();
  await expect(page).toHaveURL(/\/admin\/subscriptions\?status=ACTIVE$/);
  await page.goBack();
  await page.getByTestId("node-health").getByRole("link", { name: "All nodes" }).click();
  await expect(page).toHaveURL(/\/admin\/nodes$/);
  await ctx.close();
});

test("a user without a subscription sees the empty state and quick links", async ({ browser }) => {
  const email = uniqueEmail("dash");
  const adminCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  await createUserAsAdmin(admin, email, "dash-pass-12");
  await adminCtx.close();

  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const user = await ctx.newPage();
  await login(user, email, "dash-pass-12");
  await expectLoggedInAt(user, /\/dashboard$/);
  await expect(user.getByTestId("dashboard-subscriptions")).toContainText("You have no active subscription.");
  await expect(user.getByTestId("dashboard-subscription")).toHaveCount(0);
  await expect(user.getByTestId("pending-orders")).toHaveCount(0);
  await expect(user.getByTestId("quick-links").getByRole("link")).toHaveCount(6);
  await user.getByTestId("quick-links").getByRole("link", { name: "Store" }).click();
  await expect(user).toHaveURL(/\/store$/);
  await ctx.close();
});
