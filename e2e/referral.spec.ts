// Issue 28 item 1 in a real browser: user A copies their invite link; B opens it (the code filled
// in, the journey's next= kept), registers and buys through epay's cashier; A sees the commission
// (no holding period here) and asks for a payout; the admin sees the payout details decrypted and
// marks it paid with a reference; A sees it paid.
import { expect, test } from "@playwright/test";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { asClient, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";
import { choosePayMethod } from "./pay-helpers";
import { cli, configureEpay, newBuyer, panelNode, planOnSale } from "./shop";

test.describe.configure({ mode: "serial" });

let xui: XuiSimulator;
let epay: EpaySimulator;
let planName: string;
const ACCOUNT = "Alipay: referral-a@example.com (Li Lei)";

test.beforeAll(async ({ browser }) => {
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("referral", 31611);
  xui = node.sim;
  planName = `Referral ${Date.now().toString(36)}`;
  await planOnSale(node.name, "referral-vmess", planName, 2000);
  const ctx = await browser.newContext(asClient());
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await configureEpay(admin, epay);
  await ctx.close();
  await cli(["settings", "set", "referralRatePercent=10", "referralFirstOrderOnly=true", "referralHoldDays=0", "referralMinPayout=100", "emailVerificationRequired=false"]);
});
test.afterAll(async () => {
  // The defaults again (commission off), and the suite's verification setting.
  await cli(["settings", "set", "referralRatePercent=0", "referralHoldDays=7", "referralMinPayout=1000", "emailVerificationRequired=true"]);
  await Promise.all([xui?.close(), epay?.close()]);
});

test("invite, the invitee buys, the inviter asks for a payout of the commission, the admin pays it", async ({ browser }) => {
  // A copies the invite link from /referral.
  const a = await newBuyer(browser, "referral-a");
  await a.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await a.page.goto("/referral");
  await navigationReady(a.page);
  await expect(a.page.getByTestId("referral-terms")).toContainText("You earn 10% of what people you invite pay for their first order.");
  const shown = (await a.page.getByTestId("referral-link").textContent())!.trim();
  await a.page.getByTestId("referral-link-copy").click();
  const link = await a.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(shown);
  const invite = new URL(link);
  const code = invite.searchParams.get("invite")!;
  expect(invite.pathname).toBe("/register");
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  await expect(a.page.getByTestId("referral-available")).toHaveAttribute("data-minor", "0");

  // B opens the link (with the journey's next= as a store link adds it): the code is filled in.
  const bEmail = uniqueEmail("referral-b");
  const b = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await b.goto(`${invite.pathname}${invite.search}&next=${encodeURIComponent("/store")}`);
  await expect(b.getByTestId("invite-code")).toHaveValue(code);
  await b.getByTestId("email").fill(bEmail);
  await b.getByTestId("password").fill("referral-b-pass-1");
  await b.getByTestId("submit").click();
  await expect(b).toHaveURL(/\/store$/, { timeout: 30_000 });
  await navigationReady(b);
  await b.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(b).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await choosePayMethod(b, "epay");
  await b.getByTestId("pay-link").click();
  await expect(b.getByTestId("epay-sim-amount")).toHaveText("¥20.00");
  await b.getByTestId("epay-sim-pay").click();
  await expect(b.getByTestId("pay-success")).toBeVisible({ timeout: 30_000 });
  await b.context().close();

  // A sees B (masked) and the commission: 10 % of ¥20.00, available at once.
  await a.page.reload();
  await navigationReady(a.page);
  await expect(a.page.getByTestId("referral-available")).toHaveText("¥2.00");
  await expect(a.page.getByTestId("referral-invitee-email")).toHaveText(`${bEmail[0]}***@e2e.test`);
  await expect(a.page.getByTestId("referral-commission-status")).toHaveText("Available");

  // A asks for the whole of it.
  await a.page.getByTestId("referral-payout-amount").fill("2");
  await a.page.getByTestId("referral-payout-method").click();
  await a.page.getByRole("option", { name: "Alipay" }).click();
  await a.page.getByTestId("referral-payout-account").fill(ACCOUNT);
  await a.page.getByTestId("referral-payout-submit").click();
  await expect(a.page.getByTestId("referral-payout-status")).toHaveText("Waiting");
  await expect(a.page.getByTestId("referral-available")).toHaveText("¥0.00");
  await expect(a.page.getByTestId("referral-requested")).toHaveText("¥2.00");

  // The admin: the waiting payout, its details decrypted on the detail only, then marked paid.
  const adminCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/referral?status=PENDING&q=${encodeURIComponent(a.email)}`);
  await navigationReady(admin);
  const row = admin.getByTestId("payout-row").filter({ hasText: a.email });
  await expect(row.getByTestId("payout-status")).toHaveText("Waiting");
  await expect(admin.locator("body")).not.toContainText(ACCOUNT);
  await row.getByTestId("payout-details").click();
  await expect(admin.getByTestId("payout-account")).toHaveText(ACCOUNT);
  await admin.getByTestId("payout-detail-close").click();
  await expect(admin.getByTestId("payout-detail")).toBeHidden();
  await row.getByTestId("payout-approve").click();
  await admin.getByTestId("payout-reference").fill("ALI-2026-0001");
  await admin.getByTestId("payout-approve-submit").click();
  await expect(admin.getByTestId("payout-approve-dialog")).toBeHidden();
  // Still filtered to waiting payouts: the decided one leaves the list.
  await expect(admin.getByTestId("payout-row").filter({ hasText: a.email })).toHaveCount(0);
  await admin.goto(`/admin/referral?q=${encodeURIComponent(a.email)}`);
  await expect(admin.getByTestId("payout-row").filter({ hasText: a.email }).getByTestId("payout-status")).toHaveText("Paid out");
  await adminCtx.close();

  // A sees it paid, with the reference.
  await a.page.reload();
  await expect(a.page.getByTestId("referral-payout-status")).toHaveText("Paid out");
  await expect(a.page.getByTestId("referral-payout-reference")).toContainText("ALI-2026-0001");
  await expect(a.page.getByTestId("referral-paid-out")).toHaveText("¥2.00");
  await a.page.context().close();
});
