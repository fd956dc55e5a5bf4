// Issue 7 item 11: one language setting. A signed-in user's choice in the header's language switch
// is also the account's language: the account page shows it and the mails are written in it. A
// browser that never chose a language takes the account's at sign-in; one that did keeps its choice.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, mailTo, uniqueEmail, waitForMail } from "./helpers";

type Lang = "zh-CN" | "en";
/** The language switch and the account page name languages in their own words. */
const NAME: Record<Lang, string> = { "zh-CN": "简体中文", en: "English" };
const RESET_SUBJECT: Record<Lang, RegExp> = { "zh-CN": /^重置您的 .* 密码$/, en: /^Reset your .* password$/ };
const PASSWORD = "one-language-1";

/** A new browser whose Accept-Language is `lang`, with no language cookie. */
const browserIn = async (browser: Browser, lang: Lang) => (await browser.newContext({ ...asClient(), locale: lang === "en" ? "en-US" : "zh-CN" })).newPage();

async function newUser(browser: Browser): Promise<string> {
  const admin = await browserIn(browser, "en");
  await loginAsAdmin(admin);
  const email = uniqueEmail("lang");
  await createUserAsAdmin(admin, email, PASSWORD);
  await admin.context().close();
  return email;
}

async function signIn(page: Page, email: string) {
  await login(page, email, PASSWORD);
  await expectLoggedInAt(page, /\/dashboard$/);
}

async function chooseInHeader(page: Page, lang: Lang) {
  const item = page.getByTestId(`language-${lang}`);
  // A click before the page has hydrated opens no menu, and the refresh that the previous switch
  // started can land while the menu is open and close it: open and choose again until it takes.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId("language-switch").click();
    await item.click({ timeout: 2_000 });
  }).toPass();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

const localeCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE")?.value;

/** Asks for a password reset from another browser in `browserLang` and returns the mail's subject (one per user). */
async function resetMailSubject(browser: Browser, email: string, browserLang: Lang): Promise<string> {
  const page = await browserIn(browser, browserLang);
  await page.goto("/forgot-password");
  await page.getByTestId("email").fill(email);
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("mail-sent")).toBeVisible();
  await page.context().close();
  return (await waitForMail((m) => mailTo(m, email) && /password|密码/.test(m.subject))).subject;
}

for (const [from, to] of [
  ["en", "zh-CN"],
  ["zh-CN", "en"],
] as const) {
  test(`the header's switch (${from} -> ${to}) is the account's language: account page, mails and the next sign-in follow`, async ({ browser }) => {
    test.slow(); // several sign-ins and mails: three times the default limit
    const email = await newUser(browser);

    const page = await browserIn(browser, from);
    await signIn(page, email);
    await expect(page.locator("html")).toHaveAttribute("lang", from);
    await chooseInHeader(page, to);
    expect(await localeCookie(page)).toBe(to);

    // The account page shows the same language: after the switch in place, and on a fresh load.
    await page.goto("/account");
    await expect(page.getByTestId("profile-locale")).toHaveValue(NAME[to]);
    await chooseInHeader(page, from);
    await expect(page.getByTestId("profile-locale")).toHaveValue(NAME[from]);
    await chooseInHeader(page, to);
    await expect(page.getByTestId("profile-locale")).toHaveValue(NAME[to]);
    await page.reload();
    await expect(page.getByTestId("profile-locale")).toHaveValue(NAME[to]);

    // A mail asked for from a browser in the other language is written in the account's language.
    expect(await resetMailSubject(browser, email, from)).toMatch(RESET_SUBJECT[to]);

    // Signing in on a browser that never chose a language: the site speaks the account's language.
    const fresh = await browserIn(browser, from);
    await signIn(fresh, email);
    await expect(fresh.locator("html")).toHaveAttribute("lang", to);
    expect(await localeCookie(fresh)).toBe(to);
    await fresh.context().close();
    await page.context().close();
  });
}

test("a browser that chose a language before signing in keeps it, and signing in does not change the account's language", async ({ browser }) => {
  test.slow(); // several sign-ins and mails: three times the default limit
  const email = await newUser(browser);
  // The account's language becomes Chinese (chosen while signed in).
  const first = await browserIn(browser, "en");
  await signIn(first, email);
  await chooseInHeader(first, "zh-CN");
  await first.context().close();

  // Another browser, signed out, chooses English on the sign-in page, then signs in.
  const page = await browserIn(browser, "zh-CN");
  await page.goto("/login");
  await chooseInHeader(page, "en");
  await signIn(page, email);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await localeCookie(page)).toBe("en");
  // The account page still shows the account's language, and the mails keep it.
  await page.goto("/account");
  await expect(page.getByTestId("profile-locale")).toHaveValue(NAME["zh-CN"]);
  expect(await resetMailSubject(browser, email, "en")).toMatch(RESET_SUBJECT["zh-CN"]);
  await page.context().close();
});
