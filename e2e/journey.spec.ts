// Issue 24 item 1: from the landing page to a usable subscription URL, as a new customer, counting
// every click (typing is not a click). Email verification is off, the target is five clicks:
// "Register to buy" on the plan, "Register", "Place order" in the plan's buy dialog (opened by the
// return to the store), "Pay" (the only method is already chosen), and the gateway's own "Pay" button. The
// success screen then shows the subscription link, and that link serves a subscription.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { asClient, loginAsAdmin, uniqueEmail } from "./helpers";
import { cli, configureEpay, panelNode, planOnSale } from "./shop";

test.describe.configure({ mode: "serial" });

const TARGET_CLICKS = 5;

let xui: XuiSimulator;
let epay: EpaySimulator;
let planName: string;

test.beforeAll(async ({ browser }) => {
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("journey", 31431);
  xui = node.sim;
  planName = `Journey ${Date.now().toString(36)}`;
  await planOnSale(node.name, "journey-vmess", planName, 990);
  const ctx = await browser.newContext(asClient());
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await configureEpay(admin, epay);
  await onlyEpayEnabled(admin);
  await ctx.close();
  await cli(["settings", "set", "emailVerificationRequired=false"]);
});
test.afterAll(async () => {
  await cli(["settings", "set", "emailVerificationRequired=true"]);
  await Promise.all([xui?.close(), epay?.close()]);
});

/** An earlier spec on this server may have left Alipay on: one method, so the pay page has it chosen. */
async function onlyEpayEnabled(admin: Page) {
  const alipay = admin.getByTestId("payment-alipay_f2f-enabled");
  if (!(await alipay.isChecked())) return;
  await alipay.uncheck();
  await admin.getByTestId("payment-alipay_f2f-save").click();
  await expect(alipay).not.toBeChecked();
  await admin.reload();
  await expect(admin.getByTestId("payment-alipay_f2f-enabled")).not.toBeChecked();
}

/** Every click of the journey goes through here, so the count is the customer's. */
function clickCounter() {
  const counted = { n: 0, steps: [] as string[] };
  const click = async (what: string, target: Locator) => {
    counted.n++;
    counted.steps.push(what);
    await target.click();
  };
  return { counted, click };
}

async function journey(page: Page, email: string) {
  const { counted, click } = clickCounter();
  await page.goto("/");
  await click("register to buy", page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("plan-sign-up"));
  await expect(page).toHaveURL(/\/register\?next=/);
  await page.getByTestId("email").fill(email);
  await page.getByTestId("password").fill("journey-pass-1");
  await click("register", page.getByTestId("submit"));
  // Signed in by the registration itself, back at the store with the plan's buy dialog open.
  await expect(page).toHaveURL(/\/store\?buy=[0-9a-f-]{36}$/, { timeout: 30_000 });
  const dialog = page.getByTestId("buy-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText(planName);
  await click("buy now", dialog.getByTestId("buy-dialog-submit"));
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await click("pay", page.getByTestId("pay-link"));
  await expect(page.getByTestId("epay-sim-amount")).toHaveText("¥9.90");
  await click("pay on the gateway", page.getByTestId("epay-sim-pay"));
  await expect(page.getByTestId("pay-success")).toBeVisible({ timeout: 30_000 });
  const url = (await page.getByTestId("order-result-url").textContent({ timeout: 60_000 }))!.trim();
  return { counted, url };
}

for (const locale of ["en", "zh-CN"] as const) {
  test(`landing page to a usable subscription URL in ${TARGET_CLICKS} clicks (${locale})`, async ({ browser }) => {
    const page = await (await browser.newContext({ ...asClient(), locale })).newPage();
    const { counted, url } = await journey(page, uniqueEmail(`journey-${locale}`));
    test.info().annotations.push({ type: "clicks", description: `${counted.n}: ${counted.steps.join(" → ")}` });
    expect(counted.n, counted.steps.join(" → ")).toBeLessThanOrEqual(TARGET_CLICKS);
    // Usable: the link serves the subscription to a client app (not just some text on a page).
    expect(url).toMatch(/\/api\/subscription\/[0-9a-f-]{36}\?token=/);
    const served = await page.request.get(url, { headers: { "user-agent": "v2rayN/6.0" } });
    expect(served.status()).toBe(200);
    expect((await served.text()).length).toBeGreaterThan(20);
    await page.context().close();
  });
}
