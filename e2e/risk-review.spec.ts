// The risk review from end to end: with auto-suspend on, a subscription fetched from three countries
// is suspended by risk control; the admin opens the event, generates and sends the report; the user
// sees the full-screen restriction and can still reach support and open a ticket; the admin
// releases it and the subscription is served again.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { cli, newBuyer, panelNode, planOnSale } from "./shop";
import type { XuiSimulator } from "../simulators/xui";

test.describe.configure({ mode: "serial" });

// Public addresses the bundled GeoIP database places in three countries. The e2e server trusts
// 127.0.0.1 as a proxy, so X-Forwarded-For is taken as the client's address.
const CN = "223.5.5.5";
const US = "8.8.8.8";
const GB = "81.2.69.160";

let xui: XuiSimulator;
let planName: string;

test.beforeAll(async () => {
  const node = await panelNode("riskrev", 31481);
  xui = node.sim;
  planName = `E2E Risk ${Date.now().toString(36)}`;
  await planOnSale(node.name, "riskrev-vmess", planName, 0);
});
test.afterAll(async () => {
  // Leave the switch as the other specs expect it.
  await cli(["settings", "set", "riskAutoSuspend=false"]);
  await xui?.close();
});

async function fetchFrom(request: APIRequestContext, url: string, ip: string) {
  const res = await request.get(url, { headers: { "x-forwarded-for": ip, "user-agent": "v2rayNG/1.9.0" } });
  return res.status();
}

async function gotoReady(page: Page, url: string) {
  await page.goto(url);
  await navigationReady(page);
}

test("a suspended subscription's report is sent, the user is restricted but reaches support, and release serves it again", async ({ browser, request }) => {
  // The admin turns on automatic suspension.
  const admin = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await loginAsAdmin(admin);
  await gotoReady(admin, "/admin/settings");
  await admin.getByTestId("setting-riskEnabled").check();
  await admin.getByTestId("setting-riskAutoSuspend").check();
  await admin.getByTestId("settings-save").click();
  await expect.poll(async () => (await cli(["settings", "get", "riskAutoSuspend"])).trim(), { timeout: 60_000 }).toBe("true");
  // No wait: saving settings forgets the risk-settings cache, which both module copies share (globalThis).

  // A user buys the free plan and takes its link.
  const { page: user, email } = await newBuyer(browser, "riskrev");
  await gotoReady(user, "/store");
  await user.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(user.getByTestId("pay-success")).toBeVisible();
  await gotoReady(user, "/subscriptions");
  await user.getByTestId("subscription-card").filter({ hasText: planName }).getByTestId("subscription-details").click();
  await expect(user).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
  const link = (await user.getByTestId("format-url-auto").textContent())!;
  expect(new URL(link).searchParams.get("token")).toBeTruthy();

  // Fetched from three countries: the third crosses the suspend threshold.
  expect(await fetchFrom(request, link, CN)).toBe(200);
  expect(await fetchFrom(request, link, US)).toBe(200);
  expect(await fetchFrom(request, link, GB)).toBe(403);
  expect(await fetchFrom(request, link, CN)).toBe(403);

  // The admin finds the event, reads the evidence and generates the report.
  await gotoReady(admin, `/admin/risk?q=${encodeURIComponent(email)}`);
  const row = admin.getByTestId("risk-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("risk-level")).toHaveAttribute("data-level", "SUSPEND");
  await row.getByTestId("risk-open").click();
  await expect(admin).toHaveURL(/\/admin\/risk\/[0-9a-f-]{36}$/);
  await navigationReady(admin);
  await expect(admin.getByTestId("risk-owner")).toHaveText(email);
  // Access-log rows are written in batches (at most a second late): reload until the evidence shows them.
  await expect
    .poll(async () => {
      await gotoReady(admin, admin.url());
      return admin.getByTestId("risk-total-places").textContent();
    }, { timeout: 60_000 })
    .toBe("3");
  for (const ip of [CN, US, GB]) await expect(admin.getByTestId("risk-ip").filter({ hasText: ip })).toBeVisible();
  await expect(admin.getByTestId("risk-timeline")).toHaveAttribute("data-state", "ready");

  await admin.getByTestId("risk-generate").click();
  const report = admin.getByTestId("risk-report");
  // The user never chose a language for the account: the report is in Chinese, the default.
  await expect(report).toContainText("风控审核报告");
  for (const ip of [CN, US, GB]) await expect(report).toContainText(ip);

  // Sending is asked once more, then restricts the user.
  await admin.getByTestId("risk-send").click();
  await expect(admin.getByTestId("risk-confirm")).toContainText(email);
  await admin.getByTestId("risk-confirm-submit").click();
  await expect(admin.getByTestId("risk-detail")).toHaveAttribute("data-restricted", "true");
  await expect(admin.getByTestId("risk-owner-restricted")).toHaveAttribute("data-restricted", "true");

  // The user: a full-screen notice on their pages, but support still works.
  await gotoReady(user, "/dashboard");
  await expect(user.getByTestId("risk-restriction-notice")).toBeVisible();
  await gotoReady(user, "/tickets/new");
  await expect(user.getByTestId("risk-restriction-notice")).toHaveCount(0);
  const subject = `Risk review ${Date.now().toString(36)}`;
  await user.getByTestId("ticket-subject").fill(subject);
  await user.getByTestId("ticket-body").fill("All those accesses were mine, I was travelling.");
  await user.getByTestId("ticket-submit").click();
  await expect(user).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(user.getByTestId("ticket-title")).toHaveText(subject);

  // The admin releases: asked once more, then the event is decided.
  await gotoReady(admin, admin.url());
  await admin.getByTestId("risk-release").click();
  await admin.getByTestId("risk-confirm-submit").click();
  await expect(admin.getByTestId("risk-detail")).toHaveAttribute("data-final", "RELEASED");
  await expect(admin.getByTestId("risk-detail")).toHaveAttribute("data-restricted", "false");
  await expect(admin.getByTestId("risk-release")).toHaveCount(0);
  await expect(admin.getByTestId("risk-send")).toHaveCount(0);

  // Served again, from the places already seen, without raising the event again.
  expect(await fetchFrom(request, link, CN)).toBe(200);
  expect(await fetchFrom(request, link, GB)).toBe(200);
  await gotoReady(user, "/dashboard");
  await expect(user.getByTestId("risk-restriction-notice")).toHaveCount(0);
  await gotoReady(admin, `/admin/risk?q=${encodeURIComponent(email)}`);
  await expect(admin.getByTestId("risk-row")).toHaveCount(1);
  await expect(admin.getByTestId("risk-row").getByTestId("risk-final")).toHaveAttribute("data-final", "RELEASED");

  await user.context().close();
  await admin.context().close();
});
