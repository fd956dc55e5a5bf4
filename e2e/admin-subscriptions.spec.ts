// Admin subscriptions and traffic in a browser: a free plan bought in the store appears in the list,
// the filters and search live in the URL, the detail page suspends and activates it (the panel
// client follows), a batch names its count and words a refusal, the traffic page switches windows,
// and on a 390 px phone in dark mode the list is cards that do not scroll sideways.
import { expect, test, type Page } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { newBuyer, panelNode, planOnSale } from "./shop";

const PHONE = { width: 390, height: 844 };

test("an admin filters subscriptions, opens one, suspends and activates it, and reads traffic", async ({ browser }) => {
  const node = await panelNode("adminsubs", 31461);
  const planName = `E2E Admin Subs ${Date.now().toString(36)}`;
  await planOnSale(node.name, "adminsubs-vmess", planName, 0);
  const clientEnabled = () => {
    const c = node.sim.state.inbounds.flatMap((i) => node.sim.state.clientsOf(i)).find((x) => String(x.email).startsWith(`${buyer.email}-`));
    return c ? Boolean(c.enable) : null;
  };
  let buyer: { page: Page; email: string } = { page: undefined as unknown as Page, email: "" };
  try {
    // A free plan is paid on the spot: that is the subscription the admin works on.
    buyer = await newBuyer(browser, "adminsubs");
    await buyer.page.goto("/store");
    await navigationReady(buyer.page);
    await buyer.page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
    await expect(buyer.page.getByTestId("pay-success")).toBeVisible();
    await expect.poll(clientEnabled, { timeout: 20_000 }).toBe(true);

    const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
    const page = await ctx.newPage();
    await loginAsAdmin(page);
    // Subscriptions sit in the menu's folded "Subscriptions and nodes" group.
    await page.getByTestId("nav-group-service").click();
    await page.getByRole("link", { name: /^Subscriptions$/ }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await expect(page.getByTestId("placeholder-admin-subscriptions")).toHaveCount(0);
    await expect(page.getByTestId("subscription-search")).toBeVisible();

    // Filters land in the URL and survive a reload; the choice is shown as a word.
    await page.getByTestId("subscription-status-filter").click();
    await page.getByRole("option", { name: "Active", exact: true }).click();
    await expect(page).toHaveURL(/status=ACTIVE/);
    await page.reload();
    await expect(page.getByTestId("subscription-status-filter")).toHaveValue("Active");
    await page.getByTestId("subscription-search").fill(buyer.email);
    await page.getByTestId("subscription-search").press("Enter");
    await expect(page).toHaveURL(/q=/);
    const row = page.getByTestId("subscription-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(planName);
    await expect(page.getByTestId("subscriptions-total")).toHaveText("1 subscription");
    // A filter that excludes it: the empty state, with a way back.
    await page.getByTestId("subscription-kind-filter").click();
    await page.getByRole("option", { name: "Streaming", exact: true }).click();
    await expect(page.getByTestId("subscriptions-empty")).toBeVisible();
    await page.getByTestId("subscription-kind-filter").click();
    await page.getByRole("option", { name: "Proxy", exact: true }).click();
    await expect(row).toHaveCount(1);

    // The detail: owner, plan, its panel client in sync, the usage bar.
    await row.getByTestId("subscription-open").click();
    await expect(page).toHaveURL(/\/admin\/subscriptions\/[0-9a-f-]{36}/);
    const detail = page.getByTestId("subscription-detail");
    await expect(detail).toHaveAttribute("data-status", "ACTIVE");
    await expect(page.getByTestId("subscription-owner")).toHaveText(buyer.email);
    await expect(page.getByTestId("subscription-title")).toContainText(planName);
    await expect(page.getByTestId("client-row")).toHaveCount(1);
    await expect(page.getByTestId("client-panel-state")).toHaveAttribute("data-state", "SYNCED");
    await expect(page.getByTestId("subscription-usage")).toBeVisible();
    await expect(page.getByTestId("subscription-traffic-chart")).toHaveAttribute("data-state", "empty");
    await expect(page.getByTestId("access-empty")).toBeVisible();

    // Suspend, asked once more with the owner named; the panel client goes off.
    await page.getByTestId("subscription-suspend").click();
    const confirm = page.getByTestId("subscription-confirm");
    await expect(confirm).toContainText(buyer.email);
    await page.getByTestId("subscription-confirm-submit").click();
    await expect(detail).toHaveAttribute("data-status", "SUSPENDED");
    await expect(page.getByTestId("subscription-status").first()).toHaveText("Suspended");
    await expect.poll(clientEnabled, { timeout: 20_000 }).toBe(false);

    // Activate: back on, on the page and on the panel.
    await page.getByTestId("subscription-activate").click();
    await page.getByTestId("subscription-confirm-submit").click();
    await expect(detail).toHaveAttribute("data-status", "ACTIVE");
    await expect.poll(clientEnabled, { timeout: 20_000 }).toBe(true);

    // A batch names its count, and a refusal comes back in words (it is already active).
    await page.goto(`/admin/subscriptions?q=${encodeURIComponent(buyer.email)}`);
    await page.getByTestId("subscription-select-all").check();
    await page.getByTestId("subscription-batch-activate").click();
    await expect(page.getByRole("dialog")).toContainText("Activate 1 subscription?");
    await page.getByTestId("subscription-batch-dialog-submit").click();
    const result = page.getByTestId("subscription-batch-result");
    await expect(result).toHaveAttribute("data-ok", "false");
    await expect(result).toContainText("Failed");
    await expect(result).not.toContainText("subscription_not_suspended");
    await expect(page.getByTestId("subscription-batch-results")).toContainText("0 of 1 done");

    // Traffic: the window lives in the URL; the node is listed (idle so far).
    await page.getByRole("link", { name: /^Traffic$/ }).click();
    await expect(page).toHaveURL(/\/admin\/traffic$/);
    await expect(page.getByTestId("traffic-page")).toHaveAttribute("data-range", "30d");
    await page.getByTestId("traffic-range").getByText("7 days").click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(page.getByTestId("traffic-page")).toHaveAttribute("data-range", "7d");
    await expect(page.locator(`[data-testid="node-traffic-row"][data-node="${node.name}"]`)).toHaveAttribute("data-total", "0");
    await ctx.close();

    // A phone in dark mode (Chinese): cards, nothing off the side.
    const phoneCtx = await browser.newContext({ ...asClient(), locale: "zh-CN", colorScheme: "dark", viewport: PHONE });
    const phone = await phoneCtx.newPage();
    await loginAsAdmin(phone);
    await phone.goto(`/admin/subscriptions?q=${encodeURIComponent(buyer.email)}`);
    await expect(phone.getByTestId("subscriptions-cards")).toBeVisible();
    await expect(phone.getByTestId("subscription-status").first()).toHaveText("生效中");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.getByTestId("subscription-open").click();
    await expect(phone.getByTestId("subscription-detail")).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.goto("/admin/traffic");
    await expect(phone.getByTestId("traffic-page")).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phoneCtx.close();
  } finally {
    await buyer.page?.context().close();
    await node.sim.close();
  }
});
