// Buying with a coupon in a browser (issue 24 item 2), for pay-page.spec.ts and the accessibility
// walk: a coupon made on the admin's coupons page, and buy now through the plan card's buy dialog.
import { expect, type Page } from "@playwright/test";
import { navigationReady } from "./helpers";

export const PAY_URL = /\/orders\/([0-9a-f-]{36})\/pay(\?.*)?$/;

/** An amount-off coupon (`amountOff` in major units) made on the admin's coupons page. */
export async function createCouponAsAdmin(admin: Page, code: string, amountOff: string): Promise<void> {
  await admin.goto("/admin/coupons");
  await navigationReady(admin);
  await admin.getByTestId("create-coupon").click();
  await admin.getByTestId("coupon-code").fill(code);
  await admin.getByTestId("coupon-amount").fill(amountOff);
  await admin.getByTestId("coupon-submit").click();
  await expect(admin.getByTestId("coupon-row").filter({ hasText: code })).toBeVisible();
}

/** The order on the pay page: its id (from the address) and number (from the heading, in English or Chinese). */
export async function payPageOrder(page: Page): Promise<{ id: string; orderNo: string }> {
  await expect(page).toHaveURL(PAY_URL);
  const heading = (await page.getByRole("heading", { level: 2, name: /^(Pay order |支付订单 )/ }).textContent()) ?? "";
  return { id: PAY_URL.exec(page.url())![1]!, orderNo: heading.replace(/^(Pay order |支付订单 )/, "").trim() };
}

/**
 * Buy now with a coupon through the plan card's buy dialog, on the store: the coupon is applied (a
 * discount shows) before the order is placed; ends on the order's pay page.
 */
export async function buyWithCouponDialog(page: Page, planName: string, code: string, prices?: { before: string; discount: string; after: string }): Promise<{ id: string; orderNo: string }> {
  await page.goto("/store");
  await navigationReady(page);
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-with-coupon").click();
  const dialog = page.getByTestId("buy-dialog");
  await expect(dialog.getByTestId("buy-total")).toHaveText(prices?.before ?? /\d/);
  await dialog.getByTestId("buy-coupon-input").fill(code.toLowerCase());
  await dialog.getByTestId("buy-coupon-apply").click();
  await expect(dialog.getByTestId("buy-coupon-discount")).toHaveText(prices?.discount ?? /\d/);
  if (prices) await expect(dialog.getByTestId("buy-total")).toHaveText(prices.after);
  await dialog.getByTestId("buy-dialog-submit").click();
  return payPageOrder(page);
}

/**
 * Pays with `provider` on the pay page: picks it when the buyer has a choice. With one way to pay and
 * no balance the page chooses it by itself (one click less), and the method buttons make way for the
 * payment panel, so a click aimed at them would wait for a button that is gone. Which of the two a
 * page shows depends on the gateways the shared server has on at that moment.
 */
export async function choosePayMethod(page: Page, provider: "epay" | "alipay_f2f"): Promise<void> {
  const panel = page.getByTestId(provider === "epay" ? "pay-epay" : "pay-alipay");
  const method = page.getByTestId(`pay-method-${provider}`);
  await expect(async () => {
    if (await panel.isVisible()) return;
    // isVisible does not wait: a page that does not offer the method fails here, not in a hang.
    if ((await method.isVisible()) && (await method.isEnabled())) await method.click({ timeout: 1_000 });
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
