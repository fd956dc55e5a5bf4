// The wallet edition in a real browser, on a wallet-edition server of its own (the suite's server is
// the base edition): a registration waits as a pending record until its link is used; the balance is
// recharged through epay's cashier page (the simulator, over real sockets); an order is paid from the
// balance and another split between the balance and epay; a balance card and a plan card are
// redeemed; a subscription is pushed to another user, who accepts it.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startAlipaySimulator, type AlipaySimulator } from "../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import type { XuiSimulator } from "../simulators/xui";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, mailTo, navigationReady, uniqueEmail, waitForMail } from "./helpers";
import { cli, configureGateways, panelEmails, panelNode, planOnSale } from "./shop";
import { startSideServer, type SideServer } from "./side-server";

test.describe.configure({ mode: "serial" });
test.slow(); // boots a server of its own

let server: SideServer;
let xui: XuiSimulator;
let epay: EpaySimulator;
let alipay: AlipaySimulator;
let cheap: { id: string; name: string };
let dear: { id: string; name: string };
const contexts: BrowserContext[] = [];
const buyer = { email: uniqueEmail("wallet-buyer"), password: "wallet-buyer-pass-1" };

async function pageOn(browser: Browser, extra: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const ctx = await browser.newContext({ ...asClient(), baseURL: server.url, locale: "en-US", ...extra });
  contexts.push(ctx);
  return ctx.newPage();
}

async function signedIn(browser: Browser, email: string, password: string, extra: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const page = await pageOn(browser, extra);
  await login(page, email, password);
  await expectLoggedInAt(page, /\/dashboard$/);
  return page;
}

async function openWallet(page: Page) {
  await page.goto("/wallet");
  await navigationReady(page);
}

test.beforeAll(async ({ browser }) => {
  server = await startSideServer({ portOffset: 90, tag: "wallet", env: { EDITION: "wallet" }, settings: ["emailVerificationRequired=true"] });
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  alipay = await startAlipaySimulator({ notifyRetryDelaysMs: [200, 500, 1000] });
  const node = await panelNode("wallet", 31511, server.env);
  xui = node.sim;
  const tag = Date.now().toString(36);
  cheap = { name: `Wallet Basic ${tag}`, id: "" };
  dear = { name: `Wallet Plus ${tag}`, id: "" };
  cheap.id = (await planOnSale(node.name, "wallet-vmess", cheap.name, 1250, {}, server.env)).id;
  dear.id = (await planOnSale(node.name, "wallet-vmess", dear.name, 6000, {}, server.env)).id;
  const admin = await pageOn(browser);
  await loginAsAdmin(admin);
  await configureGateways(admin, epay, alipay);
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await Promise.all([xui?.close(), epay?.close(), alipay?.close()]);
  await server?.stop();
});

test("a registration waits as a pending record: no sign-in before the link, then an active account", async ({ browser }) => {
  const page = await pageOn(browser);
  await page.goto("/register");
  await page.getByTestId("email").fill(buyer.email);
  await page.getByTestId("password").fill(buyer.password);
  await page.getByTestId("name").fill("Wallet Buyer");
  await page.getByTestId("submit").click();
  const mail = await waitForMail((m) => mailTo(m, buyer.email));
  // No user exists yet: the operator's list does not know the address.
  const listed = JSON.parse(await cli(["user", "list", "--q", buyer.email, "--json"], server.env)) as { users: unknown[] };
  expect(listed.users).toEqual([]);
  await login(page, buyer.email, buyer.password);
  await expect(page.getByTestId("form-error")).toBeVisible();
  await page.goto(/https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
  // The link creates the account (the base edition's link only verifies an existing one).
  await expect(page.getByTestId("verify-result")).toHaveAttribute("data-outcome", "registered");
  expect((JSON.parse(await cli(["user", "list", "--q", buyer.email, "--json"], server.env)) as { users: { status: string }[] }).users).toEqual([expect.objectContaining({ status: "ACTIVE" })]);
  // The link signed this browser in: on to the dashboard without typing the password again.
  await page.getByTestId("verify-continue").click();
  await expectLoggedInAt(page, /\/dashboard$/);
});

test("a recharge paid on epay's cashier page credits the balance once", async ({ browser }) => {
  const page = await signedIn(browser, buyer.email, buyer.password);
  await openWallet(page);
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥0.00");
  await page.getByTestId("recharge-amount").fill("50");
  await page.getByTestId("recharge-submit").click();
  await expect(page).toHaveURL(/\/wallet\/recharge\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("recharge-pay-amount")).toHaveText("¥50.00");
  await page.getByTestId("recharge-pay-method-epay").click();
  await page.getByTestId("pay-link").click();
  await expect(page.getByTestId("epay-sim-amount")).toHaveText("¥50.00");
  await page.getByTestId("epay-sim-pay").click();
  await expect(page.getByTestId("recharge-credited")).toBeVisible({ timeout: 20_000 });
  await openWallet(page);
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥50.00");
  await expect(page.getByTestId("ledger-row").first()).toContainText(/Recharge/);
});

test("an order paid from the balance, and one split between the balance and epay", async ({ browser }) => {
  const page = await signedIn(browser, buyer.email, buyer.password);
  await page.goto("/store");
  await navigationReady(page);
  await page.getByTestId("plan-card").filter({ hasText: cheap.name }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await expect(page.getByTestId("balance-pay-balance")).toContainText("¥50.00");
  await page.getByTestId("balance-pay-button").click();
  await expect(page.getByTestId("pay-success")).toBeVisible();
  await expect.poll(() => panelEmails(xui).some((e) => e.startsWith(`${buyer.email}-`)), { timeout: 20_000 }).toBe(true);

  // 37.50 left; the dearer plan costs 60.00: 37.50 from the balance, 22.50 through epay.
  await page.goto("/store");
  await navigationReady(page);
  await page.getByTestId("plan-card").filter({ hasText: dear.name }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  await expect(page.getByTestId("balance-pay-short")).toBeVisible();
  await page.getByTestId("balance-pay-split").check();
  await expect(page.getByTestId("balance-pay-split-detail")).toContainText("¥37.50");
  await page.getByTestId("pay-method-epay").click();
  await page.getByTestId("pay-link").click();
  await expect(page.getByTestId("epay-sim-amount")).toHaveText("¥22.50");
  await page.getByTestId("epay-sim-pay").click();
  await expect(page.getByTestId("pay-success")).toBeVisible({ timeout: 20_000 });
  await openWallet(page);
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥0.00");
});

test("a balance card credits the balance and a plan card activates its plan", async ({ browser }) => {
  const codeOf = (csv: string) => csv.trim().split("\n")[1]!.split(",")[0]!;
  const balanceCard = codeOf(await cli(["cards", "generate", "--kind", "balance", "--count", "1", "--amount", "5"], server.env));
  const planCard = codeOf(await cli(["cards", "generate", "--kind", "plan", "--count", "1", "--plan", cheap.id], server.env));
  const page = await signedIn(browser, buyer.email, buyer.password);
  await openWallet(page);
  await page.getByTestId("redeem-card-code").fill(balanceCard.toLowerCase());
  await page.getByTestId("redeem-card-submit").click();
  await expect(page.getByTestId("redeem-card-result")).toContainText("¥5.00");
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥5.00");
  // The same code again: one displayable error, nothing credited.
  await page.getByTestId("redeem-card-code").fill(balanceCard);
  await page.getByTestId("redeem-card-submit").click();
  await expect(page.getByTestId("redeem-card").getByTestId("form-error")).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥5.00");

  await page.getByTestId("redeem-card-code").fill(planCard);
  await page.getByTestId("redeem-card-submit").click();
  await expect(page.getByTestId("redeem-card-result")).toContainText(cheap.name);
  await page.getByTestId("redeem-card-subscription").click();
  await expect(page).toHaveURL(/\/subscriptions\//);
});

test("a subscription pushed to another user moves to them when they accept", async ({ browser }) => {
  const receiver = { email: uniqueEmail("wallet-receiver"), password: "wallet-receiver-pass-1" };
  const admin = await pageOn(browser);
  await loginAsAdmin(admin);
  await createUserAsAdmin(admin, receiver.email, receiver.password);

  const sender = await signedIn(browser, buyer.email, buyer.password);
  await sender.goto("/transfers");
  await navigationReady(sender);
  await sender.getByTestId("transfer-push-subscription").click();
  await sender.getByRole("option").filter({ hasText: dear.name }).click();
  await sender.getByTestId("transfer-push-email").fill(receiver.email);
  await sender.getByTestId("transfer-push-submit").click();
  await sender.getByTestId("transfer-push-modal-confirm").click();
  await expect(sender.getByTestId("transfers-outgoing").getByTestId("transfer-row").first()).toHaveAttribute("data-status", "AWAITING");

  const taker = await signedIn(browser, receiver.email, receiver.password);
  await taker.goto("/transfers");
  await navigationReady(taker);
  const incoming = taker.getByTestId("transfers-incoming").getByTestId("transfer-row").first();
  await incoming.getByTestId("transfer-accept").click();
  await taker.getByTestId("transfer-accept-modal-confirm").click();
  await expect(incoming).toHaveAttribute("data-status", "COMPLETED");
  await taker.goto("/subscriptions");
  await expect(taker.getByTestId("subscription-card").filter({ hasText: dear.name })).toBeVisible();
  await expect.poll(() => panelEmails(xui).some((e) => e.startsWith(`${receiver.email}-`)), { timeout: 20_000 }).toBe(true);
});

test("the wallet pages fit a phone in dark mode, in Chinese, with what the flows above left in them", async ({ browser }) => {
  const phone = { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const, locale: "zh-CN" };
  const fits = async (page: Page, path: string) => {
    await page.goto(path);
    await navigationReady(page);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(page.locator("h2").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  };
  const user = await signedIn(browser, buyer.email, buyer.password, phone);
  await fits(user, "/wallet");
  await expect(user.getByTestId("ledger-cards")).toBeVisible(); // the phone's card layout of the history
  await fits(user, "/transfers");

  const admin = await pageOn(browser, phone);
  await loginAsAdmin(admin);
  const [buyerRow] = (JSON.parse(await cli(["user", "list", "--q", buyer.email, "--json"], server.env)) as { users: { id: string }[] }).users;
  for (const path of ["/admin", "/admin/wallet/recharges", "/admin/wallet/cards", "/admin/wallet/transfers", "/admin/settings"]) await fits(admin, path);
  await fits(admin, `/admin/users/${buyerRow!.id}/wallet`);
  await expect(admin.getByTestId("admin-ledger-row").first()).toBeVisible();
});
