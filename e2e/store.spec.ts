// The storefront, store, cart, orders and payment pages as people use them. Plans are put on sale
// through the operator CLI on a simulated node (e2e/shop.ts); paying is in purchase.spec.ts.
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { XuiSimulator } from "../simulators/xui";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";
import { panelNode, planOnSale } from "./shop";

const PHONE = { width: 390, height: 844 };

async function signedInUser(browser: Browser, tag: string, viewport?: { width: number; height: number }): Promise<Page> {
  const adminCtx = await browser.newContext(asClient());
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  const email = uniqueEmail(tag);
  await createUserAsAdmin(admin, email, `${tag}-pass-1`);
  await adminCtx.close();
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US", ...(viewport ? { viewport } : {}) });
  const page = await ctx.newPage();
  await login(page, email, `${tag}-pass-1`);
  await expectLoggedInAt(page, /\/dashboard$/);
  return page;
}

/** A plan put on sale on a fresh simulated node, through the operator CLI. */
async function createPlanForE2e(plan: { name: string; priceMinor: number }): Promise<XuiSimulator> {
  const node = await panelNode("store", 31421);
  await planOnSale(node.name, "store-vmess", plan.name, plan.priceMinor);
  return node.sim;
}

test("a visitor sees the public storefront at / with the site name and the ways in", async ({ browser, request }) => {
  const { siteName } = (await (await request.get("/api/public/app-info")).json()) as { siteName: string };
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const page = await ctx.newPage();
  const r = await page.goto("/");
  expect(r?.status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("storefront-site-name")).toHaveText(siteName);
  // No plan can be for sale in this run (see above): the call to action stands alone.
  await expect(page.getByTestId("storefront-plans").or(page.getByTestId("storefront-no-plans"))).toBeVisible();
  await page.getByTestId("storefront-log-in").click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.getByTestId("storefront-sign-up").click();
  await expect(page).toHaveURL(/\/register$/);
  await ctx.close();
});

test("a signed-in user going to / lands on the dashboard; store, cart and orders show their empty states on a phone", async ({ browser }) => {
  const page = await signedInUser(browser, "store-empty", PHONE);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/store");
  await expect(page.getByTestId("store-plans").or(page.getByTestId("store-empty"))).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await page.goto("/orders");
  await expect(page.getByTestId("orders-empty")).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Someone else's (or no) order is "not found", on the detail and on the payment page.
  for (const path of ["/orders/00000000-0000-4000-8000-000000000000", "/orders/00000000-0000-4000-8000-000000000000/pay", "/orders/not-a-uuid/pay"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
  await page.context().close();
});

test("a visitor sees a public plan's name and price; a user buys it through the cart, sees the payment page and cancels the order", async ({ browser }) => {
  const name = `E2E plan ${Date.now().toString(36)}`;
  const sim = await createPlanForE2e({ name, priceMinor: 1250 });

  const visitor = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await visitor.goto("/");
  const card = visitor.getByTestId("plan-card").filter({ hasText: name });
  await expect(card.getByTestId("plan-price")).toHaveText("¥12.50");
  await visitor.context().close();

  const user = await signedInUser(browser, "store-buy");
  await user.goto("/store");
  await navigationReady(user); // the next click is a client handler
  const mine = user.getByTestId("plan-card").filter({ hasText: name });
  await mine.getByTestId("add-to-cart").click();
  await expect(user.getByTestId("nav-cart-badge")).toHaveText("1");
  await user.goto("/cart");
  await navigationReady(user); // the next click is a client handler
  await expect(user.getByTestId("cart-total")).toHaveText("¥12.50");
  await user.getByTestId("cart-checkout").click();
  await expect(user).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await expect(user.getByTestId("pay-amount")).toHaveText("¥12.50");
  await user.goto("/orders");
  await navigationReady(user); // the next click is a client handler
  const row = user.getByTestId("order-row").first();
  await expect(row.getByTestId("order-status")).toHaveText("Awaiting payment");
  await row.getByTestId("order-cancel").click();
  await user.getByTestId("order-cancel-modal-confirm").click();
  await expect(row.getByTestId("order-status")).toHaveText("Cancelled");
  await sim.close();
});
