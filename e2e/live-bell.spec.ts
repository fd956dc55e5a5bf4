// Issue 24 item 7: the bell's count stays true without a reload. The user opens a ticket and the
// admin's bell (another browser) rings; the admin opens the ticket by client navigation and its
// "new ticket" notification is read; the admin's answer rings the user's bell, the user's reply the
// admin's; neither page is reloaded, and a poll with nothing new is answered 304.
import { expect, test, type Page } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { newBuyer } from "./shop";

const UNREAD = "/api/notifications/unread";
const countOf = async (page: Page) => Number(await page.getByTestId("bell-count").getAttribute("data-count"));
const expectCount = (page: Page, n: number) => expect(page.getByTestId("bell-count")).toHaveAttribute("data-count", String(n));

/** A mark on the window: still there later means the page was never reloaded in between. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = "same page"));
const expectSameWindow = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same page");

test("the bell follows a new ticket, its opening and both answers, without a reload", async ({ browser }) => {
  const { page: user } = await newBuyer(browser, "live-bell");
  const adminCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  const [adminBefore, userBefore] = [await countOf(admin), await countOf(user)];
  await markWindow(admin);
  await markWindow(user);

  // The user opens a ticket (over HTTP, in their own session): the admin's bell rings.
  const subject = `Live bell ${Date.now().toString(36)}`;
  const created = await user.request.post("/api/support/tickets", { multipart: { subject, category: "TECHNICAL", priority: "NORMAL", body: "Nothing loads." } });
  expect(created.status()).toBe(201);
  await expectCount(admin, adminBefore + 1);

  // The admin opens it through the menu and the queue (client navigation: the header is not
  // rendered again): opening it reads the "new ticket" notification.
  await admin.getByTestId("nav-admin-tickets").click();
  await expect(admin).toHaveURL(/\/admin\/tickets$/);
  await admin.getByTestId("admin-ticket-row").filter({ hasText: subject }).getByTestId("admin-ticket-open").click();
  await expect(admin.getByTestId("admin-ticket-page")).toBeVisible();
  await navigationReady(admin);
  await expectCount(admin, adminBefore);

  // The admin answers: the user's bell (and menu badge) ring where they are.
  await admin.getByTestId("ticket-reply-body").fill("Please restart the client.");
  await admin.getByTestId("ticket-reply-submit").click();
  await expect(admin.getByTestId("ticket-message")).toHaveCount(2);
  await expectCount(user, userBefore + 1);
  await expect(user.getByTestId("nav-notifications-badge")).toHaveText(String(userBefore + 1));

  // The user answers back: the admin's bell rings again, on the ticket's own page.
  const { id } = (await created.json()) as { id: string };
  const replied = await user.request.post(`/api/support/tickets/${id}/replies`, { multipart: { body: "Still nothing." } });
  expect(replied.ok()).toBe(true);
  await expectCount(admin, adminBefore + 1);

  // Nothing new: the next poll sends the ETag back and is answered 304 (no body, no re-render).
  const notModified = await user.waitForResponse((r) => new URL(r.url()).pathname === UNREAD && r.status() === 304, { timeout: 30_000 });
  expect(await notModified.request().headerValue("if-none-match")).toBe(await notModified.headerValue("etag"));
  await expectCount(user, userBefore + 1);

  await expectSameWindow(admin);
  await expectSameWindow(user);
  await adminCtx.close();
  await user.context().close();
});
