import { expect, test } from "@playwright/test";
import { asClient, expectLoggedInAt, login, mailTo, uniqueEmail, waitForMail } from "./helpers";

test.use(asClient());

test("register, receive the verification mail over SMTP, verify, log in, log out", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/register");
  await page.getByTestId("email").fill(email);
  await page.getByTestId("password").fill("newcomer-pass-1");
  await page.getByTestId("name").fill("Newcomer");
  await page.getByTestId("submit").click();

  // Unverified accounts cannot log in.
  const mail = await waitForMail((m) => mailTo(m, email));
  expect(mail.html).toContain("/verify-email?token=");
  expect(mail.text).toContain("/verify-email?token=");
  await login(page, email, "newcomer-pass-1");
  await expect(page.getByTestId("form-error")).toBeVisible();

  const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByTestId("verify-result")).toHaveAttribute("data-outcome", "verified");
  // The link proved the mailbox: this browser is signed in, one click from the dashboard.
  await page.getByTestId("verify-continue").click();
  await expectLoggedInAt(page, /\/dashboard$/);

  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("too many wrong passwords are answered with 429 and a retry time", async ({ page }) => {
  const email = uniqueEmail("guess");
  const statuses: number[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/auth/callback/credentials")) statuses.push(r.status());
  });
  for (let i = 0; i < 6; i++) {
    await login(page, email, `wrong-password-${i}`);
    await expect(page.getByTestId("form-error")).toBeVisible();
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses[5]).toBe(429);
  await expect(page.getByTestId("form-error")).toContainText(/\d+/);
});
