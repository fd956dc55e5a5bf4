// Extending a subscription from "My subscriptions": a free renewal ordered at once moves the expiry
// (on the page and on the simulated panel); a priced top-up is worked out before it goes into the cart.
import { expect, test } from "@playwright/test";
import { navigationReady } from "./helpers";
import { newBuyer, panelNode, planOnSale } from "./shop";

const DAY_MS = 86_400_000;

test("a user renews a subscription and prices a traffic top-up into the cart", async ({ browser }) => {
  const node = await panelNode("renew", 31431);
  const name = `E2E Renewable ${Date.now().toString(36)}`;
  await planOnSale(node.name, "renew-vmess", name, 0, { renewalMode: "FIXED", renewalPriceMinor: 0, topupMode: "PER_GB", topupPricePerGbMinor: 50 });
  try {
    const { page, email } = await newBuyer(browser, "renew");
    await page.goto("/subscriptions");
    await expect(page.getByTestId("subscriptions-empty")).toBeVisible();

    // A free plan is paid on the spot.
    await page.goto("/store");
    await navigationReady(page);
    await page.getByTestId("plan-card").filter({ hasText: name }).getByTestId("buy-now").click();
    await expect(page.getByTestId("pay-success")).toBeVisible();
    await page.getByTestId("pay-view-subscriptions").click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    const card = page.getByTestId("subscription-card").filter({ hasText: name });
    await expect(card.getByTestId("subscription-status")).toHaveText("Active");
    const before = Date.parse((await card.getByTestId("subscription-expires").getAttribute("data-expires-at"))!);

    // Renew: the terms and a total of zero, ordered at once.
    await card.getByTestId("subscription-renew").click();
    const modal = page.getByRole("dialog");
    await expect(modal.getByTestId("extend-terms")).toContainText("30 days");
    await expect(modal.getByTestId("extend-total")).toHaveText("¥0.00");
    await modal.getByTestId("extend-order").click();
    await expect(page.getByTestId("pay-success")).toBeVisible();
    await page.goto("/subscriptions");
    await navigationReady(page);
    await expect
      .poll(async () => Date.parse((await card.getByTestId("subscription-expires").getAttribute("data-expires-at"))!) - before)
      .toBeGreaterThanOrEqual(30 * DAY_MS - 60_000);
    // The panel client follows (after the outbox task runs).
    await expect
      .poll(() => {
        const client = node.sim.state.inbounds.flatMap((i) => node.sim.state.clientsOf(i)).find((c) => String(c.email).startsWith(`${email}-`));
        return Number(client?.expiryTime ?? 0) - before;
      }, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(30 * DAY_MS - 60_000);

    // Top-up by the GB: the price follows the amount, then it waits in the cart.
    await card.getByTestId("subscription-topup").click();
    await expect(modal.getByTestId("extend-terms")).toContainText("¥0.50 per GB");
    await modal.getByTestId("extend-gb").fill("4");
    await expect(modal.getByTestId("extend-total")).toHaveText("¥2.00");
    await modal.getByTestId("extend-gb").fill("0");
    await expect(modal.getByTestId("extend-order")).toBeDisabled();
    await modal.getByTestId("extend-gb").fill("4");
    await expect(modal.getByTestId("extend-total")).toHaveText("¥2.00");
    await modal.getByTestId("extend-add-to-cart").click();
    await expect(modal).toBeHidden();
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toContainText("Traffic top-up");
    await expect(page.getByTestId("cart-total")).toHaveText("¥2.00");
    await page.context().close();
  } finally {
    await node.sim.close();
  }
});
