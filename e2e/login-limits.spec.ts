// Login limits a person understands (issue 7 item 8): a warning before the last allowed attempt,
// then the wait in words ("about 15 minutes" / "约 15 分钟") with a live countdown and a disabled
// button. Each test is a fresh client address, so its per-IP count is its own.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { asClient, uniqueEmail } from "./helpers";

const PHONE = { width: 390, height: 844 };

const cases = [
  { locale: "en-US", viewport: undefined, warning: /One attempt left/, wait: "about 15 minutes", badCredentials: "Wrong email or password" },
  { locale: "zh-CN", viewport: PHONE, warning: /最后一次机会/, wait: "约 15 分钟", badCredentials: "邮箱或密码错误" },
] as const;

/** Submits a wrong password and returns the credentials callback's status and error details. */
async function wrongAttempt(page: Page, i: number): Promise<{ status: number; details: { attemptsLeft?: number; retryAfterSeconds?: number } }> {
  await page.getByTestId("password").fill(`wrong-password-${i}`);
  const response = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await page.getByTestId("submit").click();
  const r = await response;
  const body = (await r.json()) as { error?: { details?: { attemptsLeft?: number; retryAfterSeconds?: number } } };
  await expect(page.getByTestId("form-error")).toBeVisible();
  return { status: r.status(), details: body.error?.details ?? {} };
}

/** The countdown's mm:ss in seconds. */
async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId("retry-countdown").textContent()) ?? "";
  const m = /(\d+):(\d{2})/.exec(text);
  if (!m) throw new Error(`no mm:ss in "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

for (const c of cases) {
  test(`wrong passwords: a last-attempt warning, then the wait in words with a live countdown (${c.locale})`, async ({ browser }: { browser: Browser }) => {
    const ctx = await browser.newContext({ ...asClient(), locale: c.locale, ...(c.viewport ? { viewport: c.viewport } : {}) });
    const page = await ctx.newPage();
    await page.goto("/login");
    await page.getByTestId("email").fill(uniqueEmail("limits"));

    // 5 failures per account and address are allowed; after the 4th the next one is the last.
    for (let i = 1; i <= 3; i++) {
      expect((await wrongAttempt(page, i)).status).toBe(401);
      await expect(page.getByTestId("attempts-warning")).toHaveCount(0);
    }
    const fourth = await wrongAttempt(page, 4);
    expect(fourth).toMatchObject({ status: 401, details: { attemptsLeft: 1 } });
    await expect(page.getByTestId("form-error")).toContainText(c.badCredentials);
    await expect(page.getByTestId("attempts-warning")).toContainText(c.warning);

    expect((await wrongAttempt(page, 5)).status).toBe(401);
    await expect(page.getByTestId("attempts-warning")).toHaveCount(0);

    const refused = await wrongAttempt(page, 6);
    expect(refused.status).toBe(429);
    expect(refused.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const error = page.getByTestId("form-error");
    await expect(error).toContainText(c.wait);
    await expect(error).not.toContainText(/\d{3,} ?(s|秒)/); // never "896 seconds"
    await expect(page.getByTestId("retry-countdown")).toHaveText(/1[45]:\d{2}/);
    await expect(page.getByTestId("submit")).toBeDisabled();
    await expect(page.getByTestId("attempts-warning")).toHaveCount(0);

    // The countdown runs (no waiting out the 15 minutes): it drops by 2 s or more within a few seconds.
    const start = await countdownSeconds(page);
    await expect.poll(() => countdownSeconds(page), { timeout: 6_000, intervals: [500] }).toBeLessThanOrEqual(start - 2);
    await expect(page.getByTestId("submit")).toBeDisabled();
    await ctx.close();
  });
}
