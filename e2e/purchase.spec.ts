// Buying in a real browser, against the payment simulators over real sockets: through epay's
// cashier page, through Alipay's simulated scan, and by an admin confirming by hand. Each ends with
// the order paid and the client on the simulated panel.
import { expect, test } from "@playwright/test";
import { startAlipaySimulator, type AlipaySimulator } from "../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { configureGateways, newBuyer, panelEmails, panelNode, planOnSale } from "./shop";
import { choosePayMethod } from "./pay-helpers";

test.describe.configure({ mode: "serial" });

let xui: XuiSimulator;
let epay: EpaySimulator;
let alipay: AlipaySimulator;
let planName: string;

test.beforeAll(async ({ browser }) => {
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  alipay = await startAlipaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("buy", 31411);
  xui = node.sim;
  planName = `E2E Standard ${Date.now().toString(36)}`;
  await planOnSale(node.name, "buy-vmess", planName, 1250);
  const ctx = await browser.newContext(asClient());
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await configureGateways(admin, epay, alipay);
  await ctx.close();
});
test.afterAll(async () => {
  await Promise.all([xui?.close(), epay?.close(), alipay?.close()]);
});

test("a visitor sees the plan and its price on the storefront", async ({ browser }) => {
  const visitor = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await visitor.goto("/");
  const card = visitor.getByTestId("plan-card").filter({ hasText: planName });
  await expect(card.getByTestId("plan-price")).toHaveText("¥12.50");
  await visitor.context().close();
});

test("a user buys a plan, pays on epay's cashier page, and sees the active subscription", async ({ browser }) => {
  const { page, email } = await newBuyer(browser, "epay-buyer");
  await page.goto("/store");
  await navigationReady(page); // "Buy now" is a client button: a click before hydration is lost
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await expect(page.getByTestId("pay-amount")).toHaveText("¥12.50");
  await choosePayMethod(page, "epay");
  await page.getByTestId("pay-link").click();
  // The gateway's cashier (the simulator's page), then back to us with the trade number.
  await expect(page.getByTestId("epay-sim-amount")).toHaveText("¥12.50");
  await page.getByTestId("epay-sim-pay").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\?/);
  await expect(page.getByTestId("pay-success")).toBeVisible();
  await expect.poll(() => panelEmails(xui).some((e) => e.startsWith(`${email}-`)), { timeout: 20_000 }).toBe(true);
  await page.getByTestId("pay-view-orders").click();
  await expect(page.getByTestId("order-row").first().getByTestId("order-status")).toHaveText("Paid");
  await page.context().close();
});

test("the same flow with Alipay: the QR code, the simulated scan, and the success screen", async ({ browser }) => {
  const { page, email } = await newBuyer(browser, "alipay-buyer");
  await page.goto("/store");
  await navigationReady(page); // "Buy now" is a client button: a click before hydration is lost
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await choosePayMethod(page, "alipay_f2f");
  await expect(page.getByTestId("pay-qr")).toBeVisible();
  const qrUrl = await page.getByTestId("pay-open-alipay").getAttribute("href");
  // The buyer's phone scans the code and pays; our page keeps polling meanwhile.
  const phone = await page.context().newPage();
  await phone.goto(qrUrl!);
  await expect(phone.getByTestId("alipay-sim-amount")).toHaveText("¥12.50");
  await phone.getByTestId("alipay-sim-pay").click();
  await expect(phone.getByTestId("alipay-sim-paid")).toBeVisible();
  await expect(page.getByTestId("pay-success")).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => panelEmails(xui).some((e) => e.startsWith(`${email}-`)), { timeout: 20_000 }).toBe(true);
  await page.context().close();
});

test("an admin confirms a pending order by hand", async ({ browser }) => {
  const { page, email } = await newBuyer(browser, "manual-buyer");
  await page.goto("/store");
  await navigationReady(page); // "Buy now" is a client button: a click before hydration is lost
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await page.context().close();

  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const row = admin.getByTestId("order-row").filter({ hasText: email });
  await expect(row.getByTestId("order-status")).toHaveAttribute("data-status", "PENDING");
  await row.getByTestId("order-menu").click();
  await admin.getByTestId("order-confirm").click();
  await admin.getByTestId("order-confirm-submit").click();
  await expect(row.getByTestId("order-status")).toHaveAttribute("data-status", "PAID");
  await row.getByTestId("order-details").click();
  await expect(admin.getByTestId("order-detail")).toContainText(/Confirmed by an admin|管理员确认/);
  await expect.poll(() => panelEmails(xui).some((e) => e.startsWith(`${email}-`)), { timeout: 20_000 }).toBe(true);
  await ctx.close();
});
