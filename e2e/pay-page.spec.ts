// Issue 24 items 2, 6 and 9 in a browser: buy now with a coupon (the buy dialog), a second buy now
// bringing back the open order, the pay page saying what is paid at 1366 and 390 px (the app link
// first on a phone, no "scan with your phone"), "renewed" after paying a renewal, the admin's order
// drawer (buyer, subscription, payments, and the row menu's actions), and the order's kind and a
// refunded payment as the customer sees them.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startAlipaySimulator, type AlipaySimulator } from "../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { buyWithCouponDialog, choosePayMethod, createCouponAsAdmin, payPageOrder } from "./pay-helpers";
import { configureGateways, newBuyer, panelNode, planOnSale } from "./shop";

test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let xui: XuiSimulator;
let epay: EpaySimulator;
let alipay: AlipaySimulator;
let planName: string;
let planId: string;
let freeName: string;
const couponCode = `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

test.beforeAll(async ({ browser }) => {
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  alipay = await startAlipaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("paypage", 31491);
  xui = node.sim;
  planName = `E2E Pay ${Date.now().toString(36)}`;
  freeName = `E2E Renewable ${Date.now().toString(36)}`;
  planId = (await planOnSale(node.name, "paypage-vmess", planName, 1250)).id;
  await planOnSale(node.name, "paypage-vmess", freeName, 0, { renewalMode: "FIXED", renewalPriceMinor: 0 });
  const ctx = await browser.newContext(asClient());
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await configureGateways(admin, epay, alipay);
  await createCouponAsAdmin(admin, couponCode, "3");
  await ctx.close();
});
test.afterAll(async () => {
  await Promise.all([xui?.close(), epay?.close(), alipay?.close()]);
});

async function buyNow(page: Page, name: string): Promise<{ id: string; orderNo: string }> {
  await page.goto("/store");
  await navigationReady(page); // "Buy now" is a client button: a click before hydration is lost
  await page.getByTestId("plan-card").filter({ hasText: name }).getByTestId("buy-now").click();
  return payPageOrder(page);
}

/** Buy now with the coupon: ¥12.50 before, ¥3.00 off, ¥9.50 to pay, shown in the dialog before the order. */
const buyWithCoupon = async (page: Page) => (await buyWithCouponDialog(page, planName, couponCode, { before: "¥12.50", discount: "-¥3.00", after: "¥9.50" })).id;

async function expectSummary(page: Page) {
  const summary = page.getByTestId("pay-summary");
  await expect(summary.getByTestId("pay-summary-plan")).toHaveText(planName);
  await expect(summary.getByTestId("pay-summary-traffic")).toHaveText("5 GB traffic");
  await expect(summary.getByTestId("pay-summary-days")).toHaveText("30 days");
  await expect(summary.getByTestId("pay-summary-kind")).toHaveText("New purchase");
  await expect(summary.getByTestId("pay-summary-coupon")).toContainText(couponCode);
  await expect(summary.getByTestId("pay-summary-coupon")).toContainText("-¥3.00");
  await expect(summary.getByTestId("pay-summary-discount")).toHaveText("You save ¥3.00");
  await expect(summary.getByTestId("pay-summary-total-amount")).toHaveText("¥9.50");
  await expect(page.getByTestId("pay-amount")).toHaveText("¥9.50");
}

async function buyerAt(browser: Browser, tag: string, viewport = DESKTOP) {
  const b = await newBuyer(browser, tag);
  await b.page.setViewportSize(viewport);
  return b;
}

test("a second Buy now of the same plan brings back the open order instead of a new one", async ({ browser }) => {
  const { page } = await buyerAt(browser, "pay-again");
  const first = (await buyNow(page, planName)).id;
  expect((await buyNow(page, planName)).id).toBe(first);
  await page.goto("/orders");
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await expect(page.getByTestId("order-row").getByTestId("order-kind")).toHaveText("New purchase");
  // The coupon is another choice: another order, which the same choice again brings back.
  const withCoupon = await buyWithCoupon(page);
  expect(withCoupon).not.toBe(first);
  expect(await buyWithCoupon(page)).toBe(withCoupon);
  await page.goto("/orders");
  await expect(page.getByTestId("order-row")).toHaveCount(2);

  // /store?buy=<planId> opens that plan's buy dialog (where registering to buy a plan leads); closing drops the parameter.
  await page.goto(`/store?buy=${planId}`);
  await navigationReady(page);
  await expect(page.getByTestId("buy-dialog")).toHaveAttribute("data-plan-id", planId);
  await expect(page.getByTestId("buy-total")).toHaveText("¥12.50");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("buy-dialog")).toBeHidden();
  await expect(page).toHaveURL(/\/store$/);
  await page.goto("/store?buy=00000000-0000-4000-8000-000000000000");
  await navigationReady(page);
  await expect(page.getByTestId("plan-card").first()).toBeVisible();
  await expect(page.getByTestId("buy-dialog")).toHaveCount(0);
  await page.context().close();
});

test("the pay page says what is paid, with the coupon and its discount, at 1366 and 390 px; a phone gets the app link first", async ({ browser }) => {
  const { page } = await buyerAt(browser, "pay-summary");
  await buyWithCoupon(page);
  await expectSummary(page);

  await page.setViewportSize(PHONE);
  await page.reload();
  await navigationReady(page);
  await expectSummary(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await choosePayMethod(page, "epay");
  const panel = page.getByTestId("pay-epay");
  await expect(panel).toHaveAttribute("data-layout", "phone");
  await expect(panel.getByTestId("pay-link")).toBeVisible();
  await expect(page.getByTestId("pay-qr")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/scan this code with your phone/i);
  // The link comes before anything else of the method; the code only on request.
  const link = await panel.getByTestId("pay-link").boundingBox();
  const showQr = await panel.getByTestId("pay-show-qr").boundingBox();
  expect(link!.y).toBeLessThan(showQr!.y);
  await panel.getByTestId("pay-show-qr").click();
  await expect(page.getByTestId("pay-qr")).toBeVisible();

  // Alipay on a phone: "pay in the app" first, no request to scan.
  await page.getByTestId("pay-other-method").click();
  await choosePayMethod(page, "alipay_f2f");
  await expect(page.getByTestId("pay-alipay")).toHaveAttribute("data-layout", "phone");
  await expect(page.getByTestId("pay-open-alipay")).toHaveText("Pay in the Alipay app");
  await expect(page.getByTestId("pay-qr")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/scan the qr code/i);
  await page.context().close();
});

test("after paying a renewal the page says renewed, not 'being set up'", async ({ browser }) => {
  const { page } = await buyerAt(browser, "pay-renew");
  await buyNow(page, freeName);
  await expect(page.getByTestId("pay-success")).toContainText("Nothing to pay");
  await page.goto("/subscriptions");
  await navigationReady(page);
  await page.getByTestId("subscription-card").filter({ hasText: freeName }).getByTestId("subscription-renew").click();
  await page.getByRole("dialog").getByTestId("extend-order").click();
  await expect(page.getByTestId("pay-success")).toContainText("Subscription renewed");
  await expect(page.getByTestId("pay-success")).not.toContainText(/being set up/);
  await page.context().close();
});

test("the admin's order drawer shows the buyer, the subscription and the payments, and its actions work; the customer sees kind and refund", async ({ browser }) => {
  const { page, email } = await buyerAt(browser, "pay-drawer");
  // Order A: paid through epay's cashier.
  const paid = await buyNow(page, planName);
  await choosePayMethod(page, "epay");
  await page.getByTestId("pay-link").click();
  await page.getByTestId("epay-sim-pay").click();
  await expect(page.getByTestId("pay-success")).toBeVisible();
  await expect(page.getByTestId("pay-success")).toContainText("Payment received");
  // Order B: the same plan again (A is paid, so a new order), left unpaid.
  const pending = await buyNow(page, planName);
  expect(pending.id).not.toBe(paid.id);

  const adminCtx = await browser.newContext({ ...asClient(), locale: "en-US", viewport: DESKTOP });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await navigationReady(admin);
  const detail = admin.getByTestId("order-detail");
  const openDrawer = async (orderNo: string) => {
    await admin.getByTestId("order-row").filter({ hasText: orderNo }).getByTestId("order-details").click();
    await expect(detail).toHaveAttribute("data-order-no", orderNo);
  };

  // B: confirmed from the drawer, which then shows the subscription it made.
  await openDrawer(pending.orderNo);
  await expect(detail.getByTestId("order-buyer-link")).toHaveText(email);
  await expect(detail.getByTestId("order-subscription-link")).toHaveCount(0);
  await detail.getByTestId("drawer-order-confirm").click();
  await admin.getByTestId("order-confirm-submit").click();
  await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "PAID");
  await expect(detail.getByTestId("order-subscription-link")).toHaveAttribute("href", /\/admin\/subscriptions\/[0-9a-f-]{36}$/);
  await admin.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  // A: its paid payment, then a review note and a refund by hand, from the drawer.
  await openDrawer(paid.orderNo);
  await expect(detail.getByTestId("order-payment")).toHaveAttribute("data-status", "PAID");
  await expect(detail.getByTestId("order-payment-status")).toHaveText("Paid");
  await expect(detail.getByTestId("order-subscription-link")).toBeVisible();
  await detail.getByTestId("drawer-order-review").click();
  await admin.getByTestId("order-review-note").fill("Checked from the drawer");
  await admin.getByTestId("order-review-submit").click();
  await expect(detail.getByTestId("order-review-note-text")).toHaveText("Checked from the drawer");
  await detail.getByTestId("drawer-order-refund").click();
  await admin.getByTestId("order-refund-destination-manual").click();
  await admin.getByTestId("order-refund-note").fill("Paid back by bank transfer");
  await admin.getByTestId("order-refund-submit").click();
  await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "REFUNDED");
  await expect(detail.getByTestId("drawer-order-refund")).toHaveCount(0);
  const buyerHref = await detail.getByTestId("order-buyer-link").getAttribute("href");
  await detail.getByTestId("order-buyer-link").click();
  await expect(admin).toHaveURL(new RegExp(`${buyerHref!.replace(/[/-]/g, "\\$&")}$`));
  await adminCtx.close();

  // The customer: the order's kind, and its payment refunded.
  await page.goto(`/orders/${paid.id}`);
  await expect(page.getByTestId("order-kind")).toHaveText("New purchase");
  await expect(page.getByTestId("order-payment").getByTestId("payment-status")).toHaveText("Refunded");
  await expect(page.getByTestId("order-refunded")).toContainText("¥12.50");
  await page.goto("/orders");
  await expect(page.getByTestId("order-row").filter({ hasText: "Refunded" }).getByTestId("order-kind")).toHaveText("New purchase");
  await page.context().close();
});
