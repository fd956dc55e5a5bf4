// Issue 7 item 7: forms lead to the problem. A refused settings save brings the first marked field
// (in page order) into view and focuses it; a number typed out of range is kept as typed and named
// by its range; a field the server refuses is focused too; required fields carry the asterisk and
// optional ones do not. Each in Chinese and English (the NEXT_LOCALE cookie), the settings page also
// at phone width in the dark scheme, where axe checks the contrast of the error texts.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";

type Locale = "en" | "zh-CN";
const LOCALES: Locale[] = ["zh-CN", "en"];

interface Words {
  forms: { requiredNote: string; range: { between: string } };
  adminSettings: { fixErrors: string; nothingChanged: string };
  serverErrors: { field_email_taken: string; currentPasswordWrong: string };
}
const words = (locale: Locale): Words => ({
  ...(JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Omit<Words, "forms" | "serverErrors">),
  ...(JSON.parse(readFileSync(`messages/${locale}/forms.json`, "utf8")) as Pick<Words, "forms">),
  ...(JSON.parse(readFileSync(`messages/${locale}/errors.json`, "utf8")) as Pick<Words, "serverErrors">),
});
/** "Must be between {min} and {max}." in the page's language. */
const between = (locale: Locale, min: number, max: number) => words(locale).forms.range.between.replace("{min}", String(min)).replace("{max}", String(max));

async function newPage(browser: Browser, baseURL: string | undefined, locale: Locale, options: BrowserContextOptions = {}): Promise<Page> {
  const ctx = await browser.newContext({ ...asClient(), locale, ...options });
  await ctx.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
  return ctx.newPage();
}

/** The field's error text (Mantine links it to the input with aria-describedby). */
const errorOf = (page: Page, input: Locator) => input.evaluate((el) => (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" | "));

/** Whether the field is marked required: the asterisk in its label, and the input's own `required`. */
async function marker(input: Locator) {
  return input.evaluate((el) => {
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    const star = label?.querySelector(".mantine-InputWrapper-required");
    return { asterisk: star ? star.textContent?.trim() === "*" && getComputedStyle(star).display !== "none" : false, required: (el as HTMLInputElement).required };
  });
}
async function expectMarked(inputs: Locator[], marked: boolean) {
  for (const input of inputs) expect(await marker(input), await input.getAttribute("data-testid") ?? "").toEqual({ asterisk: marked, required: marked });
}

/** In view and not hidden under the settings page's sticky save bar. */
async function expectClearlyInView(page: Page, field: Locator) {
  await expect(field).toBeInViewport({ ratio: 1 });
  const f = (await field.boundingBox())!;
  const bar = (await page.getByTestId("settings-save").locator("xpath=ancestor::div[contains(@class,'mantine-Paper-root')][1]").boundingBox())!;
  expect(f.y + f.height, "field above the sticky save bar").toBeLessThanOrEqual(bar.y);
}

const SETTINGS_MODES = [
  { locale: "en", viewport: { width: 1280, height: 800 }, colorScheme: "light" },
  { locale: "zh-CN", viewport: { width: 390, height: 844 }, colorScheme: "dark" },
] as const;

for (const mode of SETTINGS_MODES) {
  test(`settings (${mode.locale}, ${mode.viewport.width} px, ${mode.colorScheme}): a refused save scrolls to the first invalid field in page order and focuses it`, async ({ browser, baseURL }) => {
    const page = await newPage(browser, baseURL, mode.locale, { viewport: mode.viewport, colorScheme: mode.colorScheme });
    const w = words(mode.locale);
    await loginAsAdmin(page);
    await page.goto("/admin/settings");
    await navigationReady(page); // typing before hydration would be lost
    const risk = page.getByTestId("setting-riskWindowHours"); // risk group, far down the page
    const retention = page.getByTestId("setting-logRetentionDays"); // the last group
    const [riskBefore, retentionBefore] = [await risk.inputValue(), await retention.inputValue()];

    // The later field is made invalid first: "first" is page order, not the order of typing.
    await retention.fill("99999");
    await risk.fill("0");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(risk).not.toBeInViewport();
    await page.getByTestId("settings-save").click();

    await expect(risk).toBeFocused();
    await expectClearlyInView(page, risk);
    await expect(risk).toHaveAttribute("aria-invalid", "true");
    expect(await errorOf(page, risk)).toContain(between(mode.locale, 1, 720));
    await expect(retention).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("form-error")).toHaveText(w.adminSettings.fixErrors);

    // The error texts read at AA in this scheme and width.
    const axe = await new AxeBuilder({ page }).withRules(["color-contrast", "label"]).include("form").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Fixed, the next problem in page order leads: the retention field, brought up from the top again.
    await risk.fill(riskBefore);
    await expect(risk).not.toHaveAttribute("aria-invalid", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId("settings-save").click();
    await expect(retention).toBeFocused();
    await expectClearlyInView(page, retention);
    expect(await errorOf(page, retention)).toContain(between(mode.locale, 1, 3650));

    // Both fixed (back to what was saved): the save goes through, with nothing to change.
    await retention.fill(retentionBefore);
    await page.getByTestId("settings-save").click();
    await expect(page.getByText(w.adminSettings.nothingChanged)).toBeVisible();
    await page.context().close();
  });
}

for (const locale of LOCALES) {
  test(`number fields (${locale}): a value out of range is kept as typed, named by its range, and the save refuses until it is fixed`, async ({ browser, baseURL }) => {
    const page = await newPage(browser, baseURL, locale);
    const w = words(locale);
    await loginAsAdmin(page);
    await page.goto("/admin/settings");
    await navigationReady(page);
    const port = page.getByTestId("setting-smtpPort");
    const perAccount = page.getByTestId("setting-loginFailuresPerAccountIp"); // security group, above mail
    const [portBefore, perAccountBefore] = [await port.inputValue(), await perAccount.inputValue()];

    await port.fill("70000");
    await port.press("Tab"); // Mantine's default would clamp this to 65535 here
    await expect(port).toHaveValue("70000");
    await expect(port).toHaveAttribute("aria-invalid", "true");
    expect(await errorOf(page, port)).toContain(between(locale, 1, 65535));

    await perAccount.fill("2");
    await perAccount.press("Tab");
    await expect(perAccount).toHaveValue("2");
    expect(await errorOf(page, perAccount)).toContain(between(locale, 3, 20));

    await page.getByTestId("settings-save").click();
    await expect(page.getByTestId("form-error")).toHaveText(w.adminSettings.fixErrors);
    await expect(perAccount).toBeFocused(); // first in page order
    await expect(port).toHaveValue("70000");
    await expect(perAccount).toHaveValue("2");
    await expect(page.getByText(w.adminSettings.nothingChanged)).toHaveCount(0);

    // Once an error shows, it follows the typing: gone as soon as the value is in range.
    await perAccount.fill(perAccountBefore);
    await expect(perAccount).not.toHaveAttribute("aria-invalid", "true");
    await port.fill(portBefore);
    await expect(port).not.toHaveAttribute("aria-invalid", "true");
    await page.getByTestId("settings-save").click();
    await expect(page.getByText(w.adminSettings.nothingChanged)).toBeVisible();
    await page.context().close();
  });

  test(`a field the server refuses is focused (${locale}): a taken email in the user dialog, a wrong current password on the account page`, async ({ browser, baseURL }) => {
    const w = words(locale);
    const admin = await newPage(browser, baseURL, locale);
    await loginAsAdmin(admin);
    const userEmail = uniqueEmail("focus-srv");
    await createUserAsAdmin(admin, userEmail, "focus-pass-1");

    // The browser's checks pass (a well-formed address, a long password); the server finds it taken.
    await admin.getByTestId("create-user").click();
    const email = admin.getByTestId("new-email");
    await email.fill(userEmail);
    await admin.getByTestId("new-password").fill("another-pass-1");
    await admin.getByTestId("create-submit").click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    expect(await errorOf(admin, email)).toContain(w.serverErrors.field_email_taken);
    await admin.context().close();

    // The second field of the email change: only the server knows the password is wrong.
    const user = await newPage(browser, baseURL, locale);
    await login(user, userEmail, "focus-pass-1");
    await expectLoggedInAt(user, /\/dashboard$/);
    await user.goto("/account");
    await navigationReady(user);
    await user.getByTestId("new-email").fill(uniqueEmail("focus-new"));
    const current = user.getByTestId("email-current-password");
    await current.fill("not-my-password");
    await user.getByTestId("email-save").click();
    // Password hashing on a shared, busy machine: give the server's answer time.
    await expect(current).toHaveAttribute("aria-invalid", "true", { timeout: 20_000 });
    await expect(current).toBeFocused();
    // The field says what is wrong in words, never the bare code ("wrong").
    expect(await errorOf(user, current)).toContain(w.serverErrors.currentPasswordWrong);
    await user.context().close();
  });

  test(`required fields carry the asterisk and optional ones do not (${locale}): register, node form, settings`, async ({ browser, baseURL }) => {
    const w = words(locale);
    const visitor = await newPage(browser, baseURL, locale, { viewport: { width: 390, height: 844 } });
    await visitor.goto("/register");
    await expect(visitor.getByTestId("required-note")).toHaveText(w.forms.requiredNote);
    await expectMarked([visitor.getByTestId("email"), visitor.getByTestId("password")], true);
    await expectMarked([visitor.getByTestId("name"), visitor.getByTestId("invite-code")], false);
    // The browser's own check: a bad address and a short password; the address (first) is focused.
    await visitor.getByTestId("email").fill("not-an-address");
    await visitor.getByTestId("password").fill("short");
    await visitor.getByTestId("submit").click();
    await expect(visitor.getByTestId("email")).toBeFocused();
    await expect(visitor.getByTestId("password")).toHaveAttribute("aria-invalid", "true");
    await visitor.context().close();

    const admin = await newPage(browser, baseURL, locale);
    await loginAsAdmin(admin);
    await admin.goto("/admin/nodes");
    await navigationReady(admin);
    await admin.getByTestId("add-node").click();
    const form = admin.getByTestId("node-form-create");
    await expect(form.getByTestId("required-note")).toHaveText(w.forms.requiredNote);
    await expectMarked(["node-name", "node-panel-url", "node-username", "node-password"].map((id) => admin.getByTestId(id)), true);
    await expectMarked([admin.getByTestId("node-api-token")], false);
    // Only a name: the panel address (the first missing field, not the first field) is focused.
    await admin.getByTestId("node-name").fill(`Req-${Date.now().toString(36)}`);
    await admin.getByTestId("node-submit").click();
    await expect(admin.getByTestId("node-panel-url")).toBeFocused();
    await expect(admin.getByTestId("node-username")).toHaveAttribute("aria-invalid", "true");

    await admin.goto("/admin/settings");
    await navigationReady(admin);
    await expectMarked(["siteName", "smtpPort", "logRetentionDays"].map((k) => admin.getByTestId(`setting-${k}`)), true);
    await expectMarked(["siteUrl", "supportContact", "smtpHost", "maintenanceNotice"].map((k) => admin.getByTestId(`setting-${k}`)), false);
    await admin.context().close();
  });
}
