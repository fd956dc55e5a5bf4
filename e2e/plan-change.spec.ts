// A user upgrades a live subscription (issue 28 item 2) on a 390 px phone in dark mode: the "Change
// plan" dialog lists the other plans, the preview shows the credit for the unused period against the
// new price, the order is paid through epay's simulated cashier, and the subscription page then shows
// the new plan (the panel client carries the new plan's traffic). The dialog and the pay page are
// checked for fit and contrast on the way.
import { expect, test } from "@playwright/test";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { axeFindings } from "./check-axe";
import { fitFindings, PHONE } from "./check-phone-fit";
import { asClient, createUserAsAdmin, loginAsAdmin, navigationReady, signInOverHttp, uniqueEmail } from "./helpers";
import { choosePayMethod, payPageOrder } from "./pay-helpers";
import { cli, configureEpay, panelEmails, panelNode, planOnSale } from "./shop";

const GIB = 1024 ** 3;

let xui: XuiSimulator;
let epay: EpaySimulator;
let small: string;
let big: string;
let smallId: string;
const email = uniqueEmail("planchange");
const PASSWORD = "planchange-pass-1";

test.beforeAll(async ({ browser }) => {
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("planchange", 31471);
  xui = node.sim;
  const tag = Date.now().toString(36);
  small = `E2E Small ${tag}`;
  big = `E2E Big ${tag}`;
  smallId = (await planOnSale(node.name, "planchange-vmess", small, 1000, { trafficGb: 5, durationDays: 30 })).id;
  await planOnSale(node.name, "planchange-vmess", big, 3000, { trafficGb: 20, durationDays: 30 });
  const ctx = await browser.newContext(asClient());
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await configureEpay(admin, epay);
  await createUserAsAdmin(admin, email, PASSWORD);
  await ctx.close();
});
test.afterAll(async () => {
  await Promise.all([xui?.close(), epay?.close()]);
});

/** "¥9.99" or "-¥9.99" -> 999 (minor units). */
const minorOf = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.]/g, "")) * 100);

test("a user upgrades: the preview shows the credit, epay takes the rest, the subscription is on the new plan", async ({ browser }) => {
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US", colorScheme: "dark", viewport: PHONE });
  const page = await ctx.newPage();
  await signInOverHttp(page, email, PASSWORD);
  // The current plan is an admin's grant: its period is worth the plan's price, credited against the new one.
  const { subscriptionId } = JSON.parse(await cli(["subscription", "grant", email, "--plan", smallId, "--json"])) as { subscriptionId: string };

  await page.goto(`/subscriptions/${subscriptionId}`);
  await navigationReady(page);
  await expect(page.getByRole("heading", { level: 2, name: small })).toBeVisible();
  await page.getByTestId("plan-change-open-dialog").click();
  const dialog = page.getByTestId("plan-change-modal");
  const choice = dialog.locator(`[data-testid="plan-change-plan"][data-plan-name="${big}"]`);
  await expect(choice).toContainText("¥30.00");
  await expect(dialog.locator(`[data-testid="plan-change-plan"][data-plan-name="${small}"]`)).toHaveCount(0);
  await choice.click();

  // The arithmetic: a whole period of ¥10.00 barely begun, almost all of it credited against ¥30.00.
  const rows = dialog.getByTestId("plan-change-rows");
  await expect(rows.getByTestId("plan-change-from-value")).toHaveText(small);
  await expect(rows.getByTestId("plan-change-to-value")).toHaveText(big);
  await expect(rows.getByTestId("plan-change-period-value-value")).toHaveText("¥10.00");
  await expect(rows.getByTestId("plan-change-new-price-value")).toHaveText("¥30.00");
  await expect(rows.getByTestId("plan-change-time-left-value")).toContainText("of 30 days");
  const credit = minorOf(await rows.getByTestId("plan-change-credit-value").textContent());
  const due = minorOf(await rows.getByTestId("plan-change-due-value").textContent());
  expect(credit).toBeGreaterThanOrEqual(990);
  expect(credit).toBeLessThanOrEqual(1000);
  expect(credit + due).toBe(3000);
  await expect(dialog.getByTestId("plan-change-submit")).toBeEnabled();
  expect(await fitFindings(page, "plan change dialog")).toEqual([]);
  expect(await axeFindings(page, "plan change dialog", { shell: false })).toEqual([]);

  await dialog.getByTestId("plan-change-submit").click();
  const { orderNo } = await payPageOrder(page);
  await expect(page.getByTestId("pay-summary-kind")).toHaveText("Plan change");
  await expect(page.getByTestId("plan-change-card").getByTestId("plan-change-credit-value")).toHaveText(`-¥${(credit / 100).toFixed(2)}`);
  const dueText = `¥${(due / 100).toFixed(2)}`;
  await expect(page.getByTestId("pay-amount")).toHaveText(dueText);
  expect(await fitFindings(page, "plan change pay page")).toEqual([]);

  await choosePayMethod(page, "epay");
  await page.getByTestId("pay-link").click();
  await expect(page.getByTestId("epay-sim-amount")).toHaveText(dueText);
  await page.getByTestId("epay-sim-pay").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\?/);
  await expect(page.getByTestId("pay-success")).toContainText(`Order ${orderNo} is paid: the subscription is now on ${big}.`);

  await page.getByTestId("pay-view-subscription").click();
  await expect(page).toHaveURL(new RegExp(`/subscriptions/${subscriptionId}$`));
  await expect(page.getByRole("heading", { level: 2, name: big })).toBeVisible();
  // The same panel client (both plans share the inbound) now carries the new plan's traffic.
  await expect
    .poll(() => {
      const client = xui.state.inbounds.flatMap((i) => xui.state.clientsOf(i)).find((c) => String(c.email).startsWith(`${email}-`));
      return Number(client?.totalGB ?? 0);
    }, { timeout: 20_000 })
    .toBe(20 * GIB);
  expect(panelEmails(xui).filter((e) => e.startsWith(`${email}-`))).toHaveLength(1);
  await ctx.close();
});
