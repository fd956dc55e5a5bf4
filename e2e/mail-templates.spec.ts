// Mail templates in a real browser: an admin edits the English subject of the test mail (an unknown
// placeholder is refused), previews it in a sandboxed frame, sends it to themself, saves it (the list
// shows it customised) and resets it to the built-in text.
import { expect, test } from "@playwright/test";
import { ADMIN, asClient, loginAsAdmin, mailTo, navigationReady, waitForMail } from "./helpers";

test("an admin edits, previews, test-sends, saves and resets a mail template", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  await page.goto("/admin/mail-templates");
  await navigationReady(page);
  const row = page.getByTestId("mail-template-test-en");
  await expect(row.getByTestId("mail-template-customised")).toHaveCount(0);
  await page.getByTestId("mail-template-edit-test-en").click();
  await expect(page).toHaveURL(/\/admin\/mail-templates\/test\/en$/);
  await navigationReady(page);

  const subject = page.getByTestId("mail-template-subject");
  const builtIn = await subject.inputValue();
  expect(builtIn).toContain("{{site}}");
  await subject.fill("E2E check {{site}} {{nope}}");
  await page.getByTestId("mail-template-save").click();
  await expect(page.getByText(/\{\{nope\}\}/).first()).toBeVisible();

  const tag = Date.now().toString(36);
  await subject.fill(`E2E ${tag} from {{site}}`);
  await page.getByTestId("mail-template-preview-button").click();
  await expect(page.getByTestId("mail-template-preview-subject")).toContainText(`E2E ${tag} from `);
  const frame = page.getByTestId("mail-template-preview-html");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('[data-testid="mail-template-preview-html"]').locator("h2")).toBeVisible();

  await page.getByTestId("mail-template-test").click();
  const mail = await waitForMail((m) => mailTo(m, ADMIN.email) && m.subject.startsWith(`E2E ${tag} from `));
  expect(mail.html).toContain("<h2>");

  await page.getByTestId("mail-template-save").click();
  await expect(page.getByTestId("mail-template-reset")).toBeEnabled();
  await page.goto("/admin/mail-templates");
  await navigationReady(page);
  await expect(row.getByTestId("mail-template-customised")).toBeVisible();

  await page.getByTestId("mail-template-edit-test-en").click();
  await navigationReady(page);
  await expect(subject).toHaveValue(`E2E ${tag} from {{site}}`);
  await page.getByTestId("mail-template-reset").click();
  await page.getByTestId("mail-template-reset-modal-confirm").click();
  await expect(subject).toHaveValue(builtIn);
  await expect(page.getByTestId("mail-template-reset")).toBeDisabled();
  await ctx.close();
});
