// Support tickets in a real browser (issue 9): a user opens a ticket with a screenshot (previewed
// before sending, a fourth image refused at once), a page named x.png is refused with the server's
// sentence; the admin finds the ticket unread in the queue, sees the image, raises the priority and
// replies; the user sees the answer, the notification in the bell, and closes the ticket; at the
// open-ticket cap the form warns and the refusal is shown in words.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { html, png } from "../tests/support/image-fixtures";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { newBuyer } from "./shop";

const image = (name: string, buffer: Buffer) => ({ name, mimeType: "image/png", buffer });

/** The image really loaded (served, decodable), not a broken placeholder. */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

async function gotoReady(page: Page, url: string) {
  await page.goto(url);
  await navigationReady(page);
}

test("a ticket with an image, the admin's reply, the bell, and a disguised file refused", async ({ browser, playwright }) => {
  const { page } = await newBuyer(browser, "tickets");
  const subject = `Cannot connect ${Date.now().toString(36)}`;

  // The empty list leads to the form.
  await gotoReady(page, "/tickets");
  await expect(page.getByTestId("tickets-empty")).toBeVisible();
  await page.getByTestId("ticket-new").click();
  await expect(page).toHaveURL(/\/tickets\/new$/);
  await navigationReady(page);

  // Nothing filled in: said under the fields, nothing sent.
  await page.getByTestId("ticket-submit").click();
  await expect(page.getByText("Enter a subject.")).toBeVisible();
  await expect(page.getByText("Write a message.")).toBeVisible();

  await page.getByTestId("ticket-subject").fill(subject);
  await page.getByTestId("ticket-body").fill("Nothing loads since this morning. Screenshot attached.");
  await page.getByTestId("ticket-files-input").setInputFiles([image("screen.png", png(16, 12, [200, 40, 40]))]);
  await expect(page.getByTestId("ticket-files-preview")).toHaveCount(1);
  await expectLoaded(page.getByTestId("ticket-files-preview").locator("img"));
  // Three more would make four: refused in the browser, the one chosen stays.
  await page.getByTestId("ticket-files-input").setInputFiles([image("a.png", png()), image("b.png", png()), image("c.png", png())]);
  await expect(page.getByTestId("ticket-files-problem")).toHaveText("At most 3 images per message. Remove one first.");
  await expect(page.getByTestId("ticket-files-preview")).toHaveCount(1);
  await page.getByTestId("ticket-submit").click();

  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketUrl = new URL(page.url()).pathname;
  await navigationReady(page);
  await expect(page.getByTestId("ticket-title")).toHaveText(subject);
  await expect(page.getByTestId("ticket-status")).toHaveText("Open");
  await expect(page.getByTestId("ticket-message")).toHaveCount(1);
  const mine = page.getByTestId("ticket-attachment-img");
  await expectLoaded(mine);
  const attachmentPath = new URL((await page.getByTestId("ticket-attachment-open").getAttribute("href"))!, page.url()).pathname;

  // Only the owner and staff can fetch it; anyone else is told it does not exist.
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await anonymous.get(attachmentPath)).status()).toBe(404);
  await anonymous.dispose();

  // A page named x.png: refused by content, with the server's sentence; nothing is added.
  await page.getByTestId("ticket-reply-body").fill("One more screenshot.");
  await page.getByTestId("reply-files-input").setInputFiles([image("x.png", html())]);
  await page.getByTestId("ticket-reply-submit").click();
  await expect(page.getByTestId("ticket-error")).toHaveAttribute("data-reason", "attachment_not_an_image");
  await expect(page.getByTestId("form-error")).toContainText("Only PNG, JPEG, GIF and WebP images can be attached");
  await expect(page.getByTestId("ticket-message")).toHaveCount(1);
  // Removing the refused file answers the refusal: the error goes with it.
  await page.getByTestId("reply-files-remove").click();
  await expect(page.getByTestId("reply-files-preview")).toHaveCount(0);
  await expect(page.getByTestId("ticket-error")).toHaveCount(0);

  // The admin: unread in the queue, the image, a priority change, the reply.
  const adminCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  // The staff side hears of it where it works: the admin header's bell and the Tickets badge.
  await gotoReady(admin, "/admin");
  await expect(admin.getByTestId("nav-admin-tickets-badge")).toBeVisible();
  await admin.getByTestId("bell").click();
  await expect(admin.getByTestId("bell-item").first()).toContainText(subject);
  await gotoReady(admin, `/admin/tickets?q=${encodeURIComponent(subject)}`);
  const row = admin.getByTestId("admin-ticket-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-unread", "true");
  // A brand-new ticket is unread for staff, and says so (not "new reply": nobody replied yet).
  await expect(row.getByTestId("ticket-unread")).toHaveText("Unread");
  // The same word the user reads for the same status (one vocabulary).
  await expect(row.getByTestId("ticket-status")).toHaveText("Open");
  await row.getByTestId("admin-ticket-open").click();
  await expect(admin).toHaveURL(new RegExp(`/admin${ticketUrl}$`));
  await navigationReady(admin);
  await expectLoaded(admin.getByTestId("ticket-attachment-img"));

  await admin.getByTestId("ticket-priority-select").click();
  await admin.getByRole("option", { name: "Urgent" }).click();
  await expect(admin.getByTestId("ticket-priority")).toHaveAttribute("data-priority", "URGENT");

  await admin.getByTestId("ticket-reply-body").fill("Please restart the client; it should work now.");
  await admin.getByTestId("reply-files-input").setInputFiles([image("fix.png", png(8, 8, [40, 160, 60]))]);
  await admin.getByTestId("ticket-reply-submit").click();
  await expect(admin.getByTestId("ticket-message")).toHaveCount(2);
  await expect(admin.getByTestId("ticket-message").last()).toHaveAttribute("data-author", "ADMIN");
  await expect(admin.getByTestId("ticket-status")).toHaveText("Support replied");

  // Read by staff now; the queue says so. On a phone the queue is cards, without sideways scroll.
  await gotoReady(admin, `/admin/tickets?q=${encodeURIComponent(subject)}`);
  await expect(admin.getByTestId("admin-ticket-row")).toHaveAttribute("data-unread", "false");
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(admin.getByTestId("admin-tickets-cards")).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await adminCtx.close();

  // The user: the list marks the answer unread, the bell rings, its item opens the thread.
  await gotoReady(page, "/tickets");
  const mineRow = page.getByTestId("ticket-row").filter({ hasText: subject });
  await expect(mineRow).toHaveAttribute("data-unread", "true");
  await expect(mineRow.getByTestId("ticket-status")).toHaveText("Support replied");
  await expect(page.getByTestId("bell-count")).toHaveAttribute("data-count", "1");
  await page.getByTestId("bell").click();
  await expect(page.getByTestId("bell-item").first()).toContainText(subject);
  await page.getByTestId("bell-item").first().click();
  await expect(page).toHaveURL(new RegExp(`${ticketUrl}$`));
  await navigationReady(page);
  const reply = page.getByTestId("ticket-message").last();
  await expect(reply).toHaveAttribute("data-author", "ADMIN");
  await expect(reply).toContainText("Please restart the client");
  await expect(reply).toContainText("Support");
  await expectLoaded(reply.getByTestId("ticket-attachment-img"));

  // Closing asks first; a closed ticket says so and takes no reply.
  await page.getByTestId("ticket-close").click();
  await page.getByTestId("ticket-confirm-confirm").click();
  await expect(page.getByTestId("ticket-closed-note")).toBeVisible();
  await expect(page.getByTestId("ticket-reply-form")).toHaveCount(0);
  await gotoReady(page, "/tickets?status=closed");
  await expect(page.getByTestId("ticket-row").filter({ hasText: subject })).toHaveAttribute("data-status", "CLOSED");

  // The open-ticket cap (default 2): two more open ones, then the form warns and the server refuses, in words.
  for (const n of [1, 2]) {
    const r = await page.request.post("/api/support/tickets", { multipart: { subject: `${subject} #${n}`, body: "again" } });
    expect(r.status()).toBe(201);
  }
  await gotoReady(page, "/tickets/new");
  await expect(page.getByTestId("ticket-cap-warning")).toContainText("You already have 2 open tickets");
  await page.getByTestId("ticket-subject").fill(`${subject} #3`);
  await page.getByTestId("ticket-body").fill("A third one.");
  await page.getByTestId("ticket-submit").click();
  await expect(page.getByTestId("ticket-error")).toHaveAttribute("data-reason", "ticket_limit");
  await expect(page.getByTestId("form-error")).toContainText("You already have 2 open tickets, the most allowed.");
  await expect(page).toHaveURL(/\/tickets\/new$/);
  await page.context().close();
});
