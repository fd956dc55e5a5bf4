// Issue 28 item 3 in a browser: a signed-in customer buys a plan as a gift for an email address
// (the plan card's "Buy as a gift", paid on the epay simulator); the recipient's mail arrives over
// SMTP with its one-time link; a new person opens it, sees what the gift is and who sent it,
// registers from there (the verification link keeps `next=`), comes back to the gift signed in,
// claims it and sees the subscription; the buyer's orders page then says who claimed it (masked).
// The gift page is also audited (axe, light and dark) and fitted at 390 px while it waits.
import { expect, test, type Page } from "@playwright/test";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { axeFindings } from "./check-axe";
import { fitFindings, PHONE } from "./check-phone-fit";
import { asClient, loginAsAdmin, mailTo, navigationReady, uniqueEmail, waitForMail } from "./helpers";
import { choosePayMethod, payPageOrder } from "./pay-helpers";
import { configureEpay, newBuyer, panelEmails, panelNode, planOnSale } from "./shop";

test.describe.configure({ mode: "serial" });

let xui: XuiSimulator;
let epay: EpaySimulator;
let planName: string;

test.beforeAll(async ({ browser }) => {
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("gifts", 31521);
  xui = node.sim;
  planName = `Gift ${Date.now().toString(36)}`;
  await planOnSale(node.name, "gifts-vmess", planName, 1990);
  const ctx = await browser.newContext(asClient());
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);
  await configureEpay(admin, epay);
  await ctx.close();
});
test.afterAll(async () => {
  await Promise.all([xui?.close(), epay?.close()]);
});

/**
 * The path of the gift link in the recipient's mail (the site address of the mail is the server's own).
 * The mail is in the buyer's account language (the site's default, Chinese, until they choose one).
 */
async function giftLinkFor(to: string, buyerEmail: string): Promise<string> {
  const mail = await waitForMail((m) => mailTo(m, to) && m.text.includes("/gift/"));
  const link = /https?:\/\/[^\s"<>]+(\/gift\/[A-Za-z0-9_-]+)/.exec(mail.text)!;
  expect(mail.html).toContain(`href="${link[0]}"`);
  expect(mail.subject).toMatch(/sent you a gift|送您一份礼物/);
  expect(`${mail.subject}${mail.text}`).not.toContain(buyerEmail);
  return link[1]!;
}

async function buyGift(page: Page, to: string): Promise<{ orderNo: string }> {
  await page.goto("/store");
  await navigationReady(page);
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-as-gift").click();
  const dialog = page.getByTestId("buy-dialog");
  await expect(dialog.getByTestId("buy-gift-toggle")).toBeChecked();
  await expect(dialog.getByTestId("buy-total")).toHaveText("¥19.90");
  await dialog.getByTestId("buy-gift-email").fill(to);
  await dialog.getByTestId("buy-dialog-submit").click();
  const order = await payPageOrder(page);
  await expect(page.getByTestId("pay-summary-gift")).toContainText(to);
  await choosePayMethod(page, "epay");
  await page.getByTestId("pay-link").click();
  await expect(page.getByTestId("epay-sim-amount")).toHaveText("¥19.90");
  await page.getByTestId("epay-sim-pay").click();
  await expect(page.getByTestId("pay-gift-sent")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("pay-gift-sent")).toContainText(to);
  return order;
}

test("a gift bought for an email is claimed by a new user who registers from the link", async ({ browser }) => {
  const { page: buyerPage, email: buyerEmail } = await newBuyer(browser, "gifter");
  const to = uniqueEmail("giftee");
  const { orderNo } = await buyGift(buyerPage, to);

  // Nothing was provisioned for the buyer: the gift waits, listed on their orders page.
  await buyerPage.goto("/orders");
  const row = buyerPage.getByTestId("gift-row").filter({ hasText: to });
  await expect(row.getByTestId("gift-status")).toHaveAttribute("data-status", "UNCLAIMED");
  await expect(buyerPage.getByTestId("order-row").filter({ hasText: orderNo }).getByTestId("order-gift")).toHaveAttribute("data-status", "UNCLAIMED");
  expect(panelEmails(xui).filter((e) => e.startsWith(buyerEmail.split("@")[0]!))).toEqual([]);

  const path = await giftLinkFor(to, buyerEmail);

  // The recipient, signed out: what the gift is and who sent it; the page passes axe and fits a phone.
  const recipient = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await recipient.goto(path);
  await expect(recipient.getByTestId("gift-page")).toHaveAttribute("data-state", "UNCLAIMED");
  await expect(recipient.getByTestId("gift-plan")).toHaveText(planName);
  await expect(recipient.getByTestId("gift-traffic")).toHaveText("5 GB");
  await expect(recipient.getByTestId("gift-days")).toHaveText("30 days");
  await expect(recipient.getByTestId("gift-sender")).not.toContainText(buyerEmail);
  expect(await axeFindings(recipient, "gift page")).toEqual([]);
  await recipient.setViewportSize(PHONE);
  expect(await fitFindings(recipient, "gift page at 390 px")).toEqual([]);

  // Register from the gift page; the verification link brings them back to it, signed in.
  await recipient.getByTestId("gift-register").click();
  await expect(recipient).toHaveURL(/\/register\?next=%2Fgift%2F/);
  await recipient.getByTestId("email").fill(to);
  await recipient.getByTestId("password").fill("giftee-pass-1");
  await recipient.getByTestId("submit").click();
  const verify = await waitForMail((m) => mailTo(m, to) && m.text.includes("/verify-email?token="));
  const verifyLink = /https?:\/\/[^\s"<>]+\/verify-email\?[^\s"<>]+/.exec(verify.text)![0];
  expect(decodeURIComponent(verifyLink)).toContain(`next=${path}`);
  await recipient.goto(verifyLink);
  await expect(recipient.getByTestId("verify-result")).toHaveAttribute("data-outcome", "verified");
  await recipient.getByTestId("verify-continue").click();
  await expect(recipient).toHaveURL(new RegExp(`${path}$`));

  // Claim: the subscription is theirs.
  await recipient.getByTestId("gift-claim").click();
  await expect(recipient.getByTestId("gift-claimed")).toBeVisible();
  await recipient.getByTestId("gift-open-subscription").click();
  await expect(recipient).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
  await expect(recipient.getByText(planName).first()).toBeVisible();
  // The link is used up: opening it again says so to the claimer.
  await recipient.goto(path);
  await expect(recipient.getByTestId("gift-page")).toHaveAttribute("data-state", "CLAIMED");
  await expect(recipient.getByTestId("gift-claimed")).toBeVisible();
  await recipient.context().close();

  // The buyer sees it claimed, by a masked address.
  await buyerPage.goto("/orders");
  const claimed = buyerPage.getByTestId("gift-row").filter({ hasText: to });
  await expect(claimed.getByTestId("gift-status")).toHaveAttribute("data-status", "CLAIMED");
  await expect(claimed.getByTestId("gift-outcome")).toContainText(`${to[0]}***`);
  await buyerPage.context().close();
});
