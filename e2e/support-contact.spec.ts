// Support when no contact is configured (issue 24 item 10): the admin is warned on the settings
// page and the admin home; a signed-out person who cannot log in writes to support from the login
// page, confirms with the link mailed through the SMTP simulator, and the message becomes a ticket
// of their account.
import { expect, test } from "@playwright/test";
import { asClient, createUserAsAdmin, expectLoggedInAt, hydrated, login, loginAsAdmin, mailTo, navigationReady, uniqueEmail, waitForMail } from "./helpers";

test("with no support contact set, the settings page and the admin home warn the admin", async ({ browser }) => {
  const page = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await loginAsAdmin(page);
  await expect(page.getByTestId("support-contact-missing")).toBeVisible();
  await page.goto("/admin/settings");
  await navigationReady(page);
  const group = page.getByTestId("settings-group-support");
  await expect(group.getByTestId("support-contact-missing")).toBeVisible();
  await expect(group.getByTestId("support-contact-missing")).toContainText("No support contact is set");
  await page.context().close();
});

test("a signed-out person writes to support; the mailed link turns the message into a ticket of their account", async ({ browser }) => {
  const email = uniqueEmail("contact");
  const password = "contact-pass-1";
  const admin = await (await browser.newContext(asClient())).newPage();
  await loginAsAdmin(admin);
  await createUserAsAdmin(admin, email, password);

  const page = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await page.goto("/login");
  await hydrated(page, "login-contact-support");
  await page.getByTestId("login-contact-support").click();
  await expect(page).toHaveURL(/\/support\/contact$/);
  await hydrated(page, "contact-submit");
  // Empty fields are marked before anything is sent.
  await page.getByTestId("contact-submit").click();
  await expect(page.getByTestId("contact-subject")).toHaveAttribute("aria-invalid", "true");
  const subject = `Locked out ${Date.now().toString(36)}`;
  await page.getByTestId("contact-email").fill(email);
  await page.getByTestId("contact-subject").fill(subject);
  await page.getByTestId("contact-body").fill("My password manager lost the password and the reset mail does not arrive.");
  await page.getByTestId("contact-submit").click();
  await expect(page.getByTestId("contact-sent")).toContainText(email);

  const mail = await waitForMail((m) => mailTo(m, email) && m.text.includes("/support/contact?token="));
  const link = /https?:\/\/[^\s"<>]+\/support\/contact\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0];
  // Opening the link sends nothing by itself (mail scanners open links too): the click does.
  await page.goto(link);
  await hydrated(page, "contact-confirm");
  await page.getByTestId("contact-confirm").click();
  await expect(page.getByTestId("contact-ticket-opened")).toBeVisible();
  // The link works once.
  await page.goto(link);
  await hydrated(page, "contact-confirm");
  await page.getByTestId("contact-confirm").click();
  await expect(page.getByTestId("form-error")).toBeVisible();

  // The ticket is the account's, and staff see it in their queue.
  await login(page, email, password);
  await expectLoggedInAt(page, /\/dashboard$/);
  await page.goto("/tickets");
  await navigationReady(page);
  await expect(page.getByText(subject)).toBeVisible();
  await admin.goto("/admin/tickets");
  await navigationReady(admin);
  await expect(admin.getByText(subject)).toBeVisible();
  await page.context().close();
  await admin.context().close();
});

test("an address without an account gets the same answer, and its link opens no ticket", async ({ browser }) => {
  const email = uniqueEmail("stranger");
  const page = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await page.goto("/support/contact");
  await hydrated(page, "contact-submit");
  await page.getByTestId("contact-email").fill(email);
  await page.getByTestId("contact-subject").fill("Question before buying");
  await page.getByTestId("contact-body").fill("Do your plans work in my country?");
  await page.getByTestId("contact-submit").click();
  // Word for word what an account's owner is told: the form does not say who has an account.
  await expect(page.getByTestId("contact-sent")).toHaveText(`Check your mail: open the link we sent to ${email} within an hour to send your message.`);
  const mail = await waitForMail((m) => mailTo(m, email) && m.text.includes("/support/contact?token="));
  await page.goto(/https?:\/\/[^\s"<>]+\/support\/contact\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
  await hydrated(page, "contact-confirm");
  await page.getByTestId("contact-confirm").click();
  await expect(page.getByTestId("contact-no-account")).toBeVisible();
  await page.context().close();
});
