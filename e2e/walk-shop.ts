// The shop the page walk shows (page-walk.spec.ts): a plan on a synced node; an order bought with
// buy now, paid by hand (audit order.confirmed, panel.client.sync tasks) and refunded in the admin
// UI; a gift subscription suspended; a coupon; and the walk's user's own order bought with that
// coupon through the buy dialog, left unpaid so its pay page and the admin's order drawer have it.
// A second plan and two tickets: a card's "Buy now" and a row's "Open" must say which plan or ticket
// they act on (check-names.ts), which one plan or one ticket would never show.
import { expect, type Browser } from "@playwright/test";
import { asClient, navigationReady } from "./helpers";
import { buyWithCouponDialog, createCouponAsAdmin } from "./pay-helpers";
import { cli, newBuyer, panelNode, planOnSale } from "./shop";
import type { SitePages } from "./site-pages";

export interface WalkShop { planName: string; code: string; order: { id: string; orderNo: string }; close: () => Promise<void> }

export async function seedWalkShop(browser: Browser, pages: SitePages, inboundPort: number): Promise<WalkShop> {
  const node = await panelNode("walk", inboundPort);
  try {
    const planName = `Walk plan ${Date.now().toString(36)}`;
    const plan = await planOnSale(node.name, "walk-vmess", planName, 1990);
    await planOnSale(node.name, "walk-vmess", planName.replace("Walk plan", "Walk long plan"), 4990, { durationDays: 90 });
    await refundedOrderAndSuspendedGift(browser, pages, planName, plan.id);

    const code = `WALK${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const adminCtx = await browser.newContext({ ...asClient(), storageState: pages.adminState });
    await createCouponAsAdmin(await adminCtx.newPage(), code, "3");
    await adminCtx.close();
    const userCtx = await browser.newContext({ ...asClient(), storageState: pages.userState });
    const order = await buyWithCouponDialog(await userCtx.newPage(), planName, code);
    for (const subject of ["Walk ticket: slow line", "Walk ticket: invoice"]) {
      const res = await userCtx.request.post("/api/support/tickets", { multipart: { subject, category: "TECHNICAL", priority: "NORMAL", body: "Seeded by the page walk." } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await userCtx.close();
    return { planName, code, order, close: () => node.sim.close() };
  } catch (err) {
    await node.sim.close();
    throw err;
  }
}

async function refundedOrderAndSuspendedGift(browser: Browser, pages: SitePages, planName: string, planId: string) {
  const { page, email } = await newBuyer(browser, "walk-buyer");
  await page.goto("/store");
  await navigationReady(page); // "Buy now" is a client button: a click before hydration is lost
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  const orderId = /\/orders\/([0-9a-f-]{36})\/pay$/.exec(page.url())![1]!;
  await page.context().close();
  await cli(["order", "confirm", orderId]);
  const gift = JSON.parse(await cli(["subscription", "grant", email, "--plan", planId, "--json"])) as { subscriptionId: string };
  await cli(["subscription", "suspend", gift.subscriptionId]);

  const admin = await (await browser.newContext({ ...asClient(), locale: "en-US", storageState: pages.adminState })).newPage();
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}&status=PAID`);
  await navigationReady(admin);
  // The bought order (¥19.90), not the gift (¥0.00, nothing to pay back).
  const row = admin.getByTestId("order-row").filter({ hasText: "¥19.90" }).first();
  await row.getByTestId("order-menu").click();
  await admin.getByTestId("order-refund").click();
  const dialog = admin.getByTestId("order-refund-dialog");
  await dialog.getByRole("radio", { name: /^(By hand|线下退款)$/ }).check();
  await dialog.getByTestId("order-refund-note").fill("Paid back by bank transfer");
  await dialog.getByTestId("order-refund-submit").click();
  await expect(dialog).toBeHidden();
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}&status=REFUNDED`);
  await expect(admin.getByTestId("order-row").first().getByTestId("order-status")).toHaveAttribute("data-status", "REFUNDED");
  await admin.context().close();
}
