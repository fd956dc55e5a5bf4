// Issue 7, items 9 and 11 (parts): login keeps the deep link (and refuses an open redirect), a
// "signed out" notice, register fills the email on the login page, the 404 page keeps the site
// frame, the once-only token dialog ignores Esc and outside clicks; and, on a server without mail,
// no dead ends: forgot password, email change and verification explain themselves and show the
// configured support contact.
import { execFileSync } from "node:child_process";
import { expect, test, type Browser } from "@playwright/test";
import { startXuiSimulator } from "../simulators/xui";
import { ADMIN, afterPendingRenders, animationsFinished, asClient, clientIp, hydrated, loginAsAdmin, uniqueEmail } from "./helpers";
import { startMailOffServer, type MailOffServer } from "./side-server";

const context = (browser: Browser, locale: "en" | "zh-CN", baseURL?: string) => browser.newContext({ ...asClient(), locale, ...(baseURL ? { baseURL } : {}) });

test("a signed-out visit to a deep link lands there after login (zh); absolute URLs are refused (en)", async ({ browser, baseURL }) => {
  const zh = await (await context(browser, "zh-CN")).newPage();
  await zh.goto("/admin/users?q=admin");
  await expect(zh).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers%3Fq%3Dadmin$/);
  await zh.getByTestId("email").fill(ADMIN.email);
  await zh.getByTestId("password").fill(ADMIN.password);
  await zh.getByTestId("submit").click();
  await expect(zh).toHaveURL(/\/admin\/users\?q=admin$/, { timeout: 20_000 });

  const en = await (await context(browser, "en")).newPage();
  await en.goto("/account");
  await expect(en).toHaveURL(/\/login\?callbackUrl=%2Faccount$/);
  await en.getByTestId("email").fill(ADMIN.email);
  await en.getByTestId("password").fill(ADMIN.password);
  await en.getByTestId("submit").click();
  await expect(en).toHaveURL(/\/account$/, { timeout: 20_000 });

  // Open-redirect attempts: login ends on this site's own home (the admin area), never elsewhere.
  for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
    const p = await (await context(browser, "en")).newPage();
    await p.goto(`/login?callbackUrl=${encodeURIComponent(evil)}`);
    await p.getByTestId("email").fill(ADMIN.email);
    await p.getByTestId("password").fill(ADMIN.password);
    await p.getByTestId("submit").click();
    await expect(p).toHaveURL(/\/admin$/, { timeout: 20_000 });
    expect(new URL(p.url()).origin).toBe(new URL(baseURL!).origin);
    // Already signed in: the login page sends the same value home too.
    await p.goto(`/login?callbackUrl=${encodeURIComponent(evil)}`);
    await expect(p).toHaveURL(/\/admin$/);
    await p.context().close();
  }
});

test("logging out shows a signed-out notice (en, zh)", async ({ browser }) => {
  for (const [locale, text] of [["en", "You have been logged out."], ["zh-CN", "你已退出登录。"]] as const) {
    const page = await (await context(browser, locale)).newPage();
    await loginAsAdmin(page);
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/login\?notice=signed_out$/);
    await expect(page.getByTestId("login-notice")).toHaveText(text);
    // A refused attempt replaces the success notice instead of standing beside it.
    await hydrated(page, "submit");
    await page.getByTestId("email").fill(uniqueEmail("nobody")); // not the admin: its failures would count against later sign-ins
    await page.getByTestId("password").fill("not-the-password-1");
    await page.getByTestId("submit").click();
    await expect(page.getByTestId("form-error")).toBeVisible();
    await expect(page.getByTestId("login-notice")).toHaveCount(0);
  }
});

test("after registering (verification on), back to login has the email filled in (zh)", async ({ browser }) => {
  const page = await (await context(browser, "zh-CN")).newPage();
  const email = uniqueEmail("reg-fill");
  await page.goto("/register");
  await page.getByTestId("email").fill(email);
  await page.getByTestId("password").fill("password-123");
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("register-done")).toBeVisible();
  await page.getByTestId("register-done").getByRole("link", { name: "返回登录" }).click();
  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.getByTestId("email")).toHaveValue(email);
  await expect(page.getByTestId("password")).toBeFocused();
});

test("the 404 page keeps the site frame: name linking home, language switch (en, zh)", async ({ browser }) => {
  const page = await (await context(browser, "en")).newPage();
  const r = await page.goto("/definitely-not-a-page");
  expect(r?.status()).toBe(404);
  await expect(page.getByTestId("site-header")).toBeVisible();
  await expect(page.getByTestId("language-switch")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByTestId("language-switch").click();
  await page.getByTestId("language-zh-CN").click();
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  // Home is the public storefront for a visitor (it used to send visitors to the login page).
  await page.getByTestId("site-home").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("storefront")).toBeVisible();
});

test("the once-only token dialog stays open on Esc and on a click beside it", async ({ browser }) => {
  const sim = await startXuiSimulator({ username: "paneladmin", password: "panel-pass-1", basePath: "/xui-small/", inbounds: [{ id: 1, protocol: "vmess", port: 31101, clients: [] }] });
  try {
    const out = JSON.parse(
      execFileSync("node", ["bin/relayboard.mjs", "node", "add", "--name", `Token-${Date.now().toString(36)}`, "--panel-url", sim.url, "--username", "paneladmin", "--json"], {
        env: { ...JSON.parse(process.env.E2E_SERVER_ENV!), RELAYBOARD_PANEL_PASSWORD: "panel-pass-1" },
        encoding: "utf8",
      }),
    ) as { node: { id: string } };
    const admin = await (await context(browser, "en")).newPage();
    await loginAsAdmin(admin);
    await admin.goto(`/admin/nodes/${out.node.id}`);
    await admin.getByTestId("generate-token").click();
    const dialog = admin.getByRole("dialog");
    await expect(admin.getByTestId("token-value")).toBeVisible();
    await admin.keyboard.press("Escape");
    await admin.mouse.click(5, 5);
    // A closing modal would animate out: let any transition those two started run to its end, then
    // the dialog must still be there and fully opaque (a closed one ends at opacity 0, then unmounts).
    await afterPendingRenders(admin);
    await animationsFinished(admin);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveCSS("opacity", "1");
    await expect(admin.getByTestId("token-value")).toBeVisible();
    await admin.getByTestId("token-done").click();
    await expect(dialog).toBeHidden();
  } finally {
    await sim.close();
  }
});

test.describe("a site without mail", () => {
  let server: MailOffServer;
  test.beforeAll(async () => {
    test.setTimeout(300_000); // boots a server of its own
    server = await startMailOffServer({ portOffset: 50, settings: ["supportContact=@relay_help"] });
  });
  test.afterAll(async () => server?.stop());

  test("forgot password, verification and email change explain themselves and show the support contact; register signs in at once", async ({ browser }) => {
    test.slow(); // three times the default limit
    const info = await (await fetch(`${server.url}/api/public/app-info`)).json();
    expect(info).toMatchObject({ mailEnabled: false, site: { supportContact: "@relay_help" }, registration: { emailVerificationRequired: false } });

    const zh = await (await browser.newContext({ baseURL: server.url, locale: "zh-CN", extraHTTPHeaders: { "x-forwarded-for": clientIp() } })).newPage();
    await zh.goto("/login");
    await zh.getByRole("link", { name: "忘记密码？" }).click();
    await expect(zh).toHaveURL(/\/forgot-password$/);
    await expect(zh.getByTestId("mail-off")).toContainText("本站目前无法发送邮件");
    await expect(zh.getByTestId("support-contact")).toHaveText("客服：@relay_help");
    await expect(zh.getByTestId("support-contact").getByRole("link")).toHaveAttribute("href", "https://t.me/relay_help");
    await expect(zh.getByTestId("email")).toHaveCount(0);

    await zh.goto("/verify-email");
    await expect(zh.getByTestId("mail-off")).toContainText("无法重新发送验证邮件");
    await expect(zh.getByTestId("resend-form")).toHaveCount(0);

    // Register (no verification without mail): the answer signs the new account in, straight to
    // the dashboard with no second typing of the password.
    const en = await (await browser.newContext({ baseURL: server.url, locale: "en", extraHTTPHeaders: { "x-forwarded-for": clientIp() } })).newPage();
    const email = uniqueEmail("mailoff");
    await en.goto("/register");
    await en.getByTestId("email").fill(email);
    await en.getByTestId("password").fill("password-123");
    await en.getByTestId("submit").click();
    await expect(en).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

    await en.goto("/account");
    await expect(en.getByTestId("mail-off")).toContainText("Changing your email needs a confirmation mail");
    await expect(en.getByTestId("mail-off").getByTestId("support-contact")).toHaveText("Support: @relay_help");
    await expect(en.getByTestId("new-email")).toHaveCount(0);
  });
});
