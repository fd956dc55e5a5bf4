// Two-factor sign-in in a real browser (issue 6 item 15): enrolment on the account page (QR code,
// setup key, first code, ten recovery codes shown once), the login's code step (wrong code refused
// in the user's language, a later code accepted, a used code refused), a recovery code (single use),
// the operator's `relayboard user reset-2fa`, and the admin setting that makes enrolment mandatory.
// Codes are computed from the setup key the page shows, the way an authenticator app does.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { totpCodeAt } from "../src/server/auth/totp";
import { asClient, createUserAsAdmin, expectLoggedInAt, hydrated, login, loginAsAdmin, uniqueEmail } from "./helpers";

const zh = JSON.parse(readFileSync("messages/zh-CN/errors.json", "utf8")) as { serverErrors: Record<string, string> };

const cli = (...args: string[]) => execFileSync("node", ["bin/relayboard.mjs", ...args], { env: JSON.parse(process.env.E2E_SERVER_ENV!), encoding: "utf8" });

const PHONE = { width: 390, height: 844 };
// The user's language is Chinese (Accept-Language from the browser): errors must come in it.
const userContext = (b: Browser) => b.newContext({ ...asClient(), locale: "zh-CN", viewport: PHONE });

/** The code an authenticator shows `offsetSeconds` from now. */
const codeIn = (secret: string, offsetSeconds = 0) => totpCodeAt(secret, new Date(Date.now() + offsetSeconds * 1000));

/** Six digits that are none of the codes the server accepts right now (one step either side). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-60, -30, 0, 30, 60].map((s) => codeIn(secret, s))));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const c = String(n).padStart(6, "0");
    if (!valid.has(c)) return c;
  }
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(innerWidth).toBe(PHONE.width);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
}

/** Waits until React has hydrated the element (a click on server-rendered HTML before that does nothing). */
async function expectSignedOut(page: Page) {
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
}

/** Enrols the signed-in user on /account; returns the setup key and the recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.goto("/account");
  await hydrated(page, "two-factor-setup");
  await page.getByTestId("two-factor-setup").click();
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId("totp-code")).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await page.getByTestId("totp-code").fill(await codeIn(secret));
  await page.getByTestId("totp-confirm").click();
  const shown = page.getByTestId("recovery-code");
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allInnerTexts()).map((c) => c.trim());
  expect(new Set(codes).size).toBe(10);
  await expectNoHorizontalOverflow(page);
  // The dialog only closes once the user confirms the codes are saved.
  await expect(page.getByTestId("recovery-done")).toBeDisabled();
  await page.getByTestId("recovery-saved").check();
  await page.getByTestId("recovery-done").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(0);
  await expect(page.getByTestId("recovery-left")).toContainText("10");
  await expect(page.getByTestId("two-factor-disable")).toBeVisible();
  return { secret, codes };
}

/** Password accepted, code asked for: still on the login page and not signed in. */
async function expectCodeStep(page: Page) {
  await expect(page.getByTestId("second-factor-step")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectSignedOut(page);
}

test("a user enrols in two-factor sign-in and then needs a code, a recovery code or the operator's reset", async ({ browser }) => {
  const email = uniqueEmail("tfa");
  const password = "tfa-password-1";

  // The admin creates the account in the admin UI.
  const adminCtx = await browser.newContext(asClient());
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  await createUserAsAdmin(admin, email, password);
  await adminCtx.close();

  // 1. Enrolment on a phone-sized screen.
  const ctxA = await userContext(browser);
  const a = await ctxA.newPage();
  await login(a, email, password);
  await expectLoggedInAt(a, /\/dashboard$/);
  const { secret, codes } = await enrol(a);

  // 2. Sign out; the password alone no longer signs in.
  await a.getByTestId("logout").click();
  await expect(a).toHaveURL(/\/login/);
  await login(a, email, password);
  await expectCodeStep(a);
  await expectNoHorizontalOverflow(a);
  await a.getByTestId("login-totp").fill(await wrongCode(secret));
  await a.getByTestId("submit").click();
  await expect(a.getByTestId("second-factor-step")).toContainText(zh.serverErrors.totpInvalid);
  await expectSignedOut(a);
  // The enrolment used the current step; the next step's code is already accepted (one step of
  // tolerance), so no waiting for the clock.
  const nextCode = await codeIn(secret, 30);
  await a.getByTestId("login-totp").fill(nextCode);
  await a.getByTestId("submit").click();
  await expectLoggedInAt(a, /\/dashboard$/);

  // 3. Sign out; the code just used is refused, a recovery code signs in.
  await a.getByTestId("logout").click();
  await expect(a).toHaveURL(/\/login/);
  await login(a, email, password);
  await expectCodeStep(a);
  await a.getByTestId("login-totp").fill(nextCode);
  await a.getByTestId("submit").click();
  await expect(a.getByTestId("second-factor-step")).toContainText(zh.serverErrors.totpInvalid);
  await expectSignedOut(a);
  await a.getByTestId("second-factor-switch").click();
  await a.getByTestId("login-recovery").fill(codes[0]!);
  await a.getByTestId("submit").click();
  await expectLoggedInAt(a, /\/dashboard$/);
  await a.goto("/account");
  await expect(a.getByTestId("recovery-left")).toContainText("9");

  // The same recovery code a second time (another browser, another address) is refused.
  const ctxB = await userContext(browser);
  const b = await ctxB.newPage();
  await login(b, email, password);
  await expectCodeStep(b);
  await b.getByTestId("second-factor-switch").click();
  await b.getByTestId("login-recovery").fill(codes[0]!);
  await b.getByTestId("submit").click();
  await expect(b.getByTestId("second-factor-step")).toContainText(zh.serverErrors.recoveryCodeInvalid);
  await expectSignedOut(b);

  // 4. Lost device: the operator resets 2FA. Open sessions end; the password alone signs in again.
  expect(JSON.parse(cli("user", "reset-2fa", email, "--json"))).toEqual({ email, hadTwoFactor: true, passkeysRemoved: 0 });
  await a.reload();
  await expect(a).toHaveURL(/\/login/);
  await b.getByTestId("second-factor-back").click();
  await expect(b.getByTestId("email")).toHaveValue(email);
  await b.getByTestId("password").fill(password);
  await b.getByTestId("submit").click();
  await expectLoggedInAt(b, /\/dashboard$/);
  await b.goto("/account");
  await expect(b.getByTestId("two-factor-setup")).toBeVisible();

  await ctxA.close();
  await ctxB.close();
});

test("with require2faForAdmins on, an administrator without 2FA is sent to enrol before any admin page", async ({ browser }) => {
  const email = uniqueEmail("tfa-admin");
  const password = "tfa-admin-pass-1";
  cli("admin", "create", "--email", email, "--password", password);
  cli("settings", "set", "require2faForAdmins=true");
  try {
    const ctx = await userContext(browser);
    const page = await ctx.newPage();
    await login(page, email, password);
    await expect(page).toHaveURL(/\/account\?setup=2fa$/, { timeout: 20_000 });
    await expect(page.getByTestId("two-factor-required")).toBeVisible();
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/account\?setup=2fa$/);
    // Admin APIs answer as to a plain user.
    expect((await page.request.get("/api/admin/nodes")).status()).toBe(403);

    // Once enrolled, the same session opens the admin pages.
    await enrol(page);
    await expect(page.getByTestId("two-factor-required")).toHaveCount(0);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/users$/);
    expect((await page.request.get("/api/admin/nodes")).status()).toBe(200);
    await ctx.close();
  } finally {
    cli("settings", "set", "require2faForAdmins=false");
  }
});
