// Announcements in a real browser: an admin publishes a pop-up for signed-in users on the admin page
// (with the live preview escaping raw HTML); a user sees it, dismisses it, reloads and it stays
// away; a second user still sees it; the admin deletes it and it is gone for everyone.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { afterPendingRenders, asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";
import { cli } from "./shop";

const PASSWORD = "announce-pass-1";

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext(asClient())).newPage();
  await login(page, email, PASSWORD);
  await expectLoggedInAt(page, /\/dashboard$/);
  await navigationReady(page);
  return page;
}

/** After hydration and the renders it scheduled (the pop-up's portal mounts in one), say whether it opened. */
async function popupAfterLoad(page: Page, title: string) {
  await navigationReady(page);
  await afterPendingRenders(page);
  return page.getByRole("dialog", { name: title });
}

test("an admin publishes a pop-up; a user dismisses it once and for all, another still sees it", async ({ browser }) => {
  const title = `Maintenance ${Date.now().toString(36)}`;
  try {
    const admin = await (await browser.newContext(asClient())).newPage();
    await loginAsAdmin(admin);
    const [first, second] = [uniqueEmail("ann-a"), uniqueEmail("ann-b")];
    await createUserAsAdmin(admin, first, PASSWORD);
    await createUserAsAdmin(admin, second, PASSWORD);

    await admin.goto("/admin/announcements");
    await navigationReady(admin);
    await admin.getByTestId("create-announcement").click();
    await admin.getByTestId("announcement-title").fill(title);
    await admin.getByTestId("announcement-body").fill("Read **this** first. <script>window.__announced = 1</script> [Your tickets](/tickets)");
    // The live preview: Markdown formatted, raw HTML shown as text.
    const preview = admin.getByTestId("announcement-preview");
    await expect(preview.locator("strong")).toHaveText("this");
    await expect(preview).toContainText("<script>window.__announced = 1</script>");
    await expect(preview.locator("script")).toHaveCount(0);
    await admin.getByTestId("announcement-display").click();
    await admin.getByRole("option", { name: /Pop-up|弹窗/ }).click();
    await admin.getByTestId("announcement-submit").click();
    const row = admin.getByTestId("announcement-row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Pop-up|弹窗/);

    // The first user: the pop-up on arrival, rendered safely; dismissed, it does not come back.
    const a = await signedIn(browser, first);
    const popup = await popupAfterLoad(a, title);
    await expect(popup).toBeVisible();
    await expect(popup.locator("strong")).toHaveText("this");
    await expect(popup.getByRole("link", { name: "Your tickets" })).toHaveAttribute("href", "/tickets");
    expect(await a.evaluate(() => (window as unknown as { __announced?: number }).__announced)).toBeUndefined();
    // The pop-up hides at once; the dismissal is stored by a Server Action. Reloading before its answer
    // would race it (and may abort it), so the answer is awaited first.
    const stored = a.waitForResponse((r) => r.request().method() === "POST" && !!r.request().headers()["next-action"]);
    await a.getByTestId("announcement-popup-close").click();
    await expect(popup).toHaveCount(0);
    expect((await stored).ok()).toBe(true);
    await a.reload();
    expect(await (await popupAfterLoad(a, title)).count()).toBe(0);
    await a.goto("/orders");
    expect(await (await popupAfterLoad(a, title)).count()).toBe(0);

    // The second user still sees it; visitors and the public app info do not (it is for signed-in users).
    const b = await signedIn(browser, second);
    await expect(await popupAfterLoad(b, title)).toBeVisible();
    const info = (await (await b.context().request.get("/api/public/app-info")).json()) as { siteName: string; announcements: { title: string }[] };
    expect(info.siteName).toBeTruthy();
    expect(info.announcements.map((x) => x.title)).not.toContain(title);

    // Deleted by the admin (after a confirmation), it is gone for the second user too.
    await admin.goto(`/admin/announcements?q=${encodeURIComponent(title)}`);
    await navigationReady(admin);
    await admin.getByTestId("announcement-row").filter({ hasText: title }).getByTestId("announcement-delete").click();
    await admin.getByTestId("announcement-delete-modal-confirm").click();
    await expect(admin.getByTestId("announcements-empty")).toBeVisible();
    await b.reload();
    expect(await (await popupAfterLoad(b, title)).count()).toBe(0);
  } finally {
    // Never leave a pop-up behind for the specs that run after this one.
    const left = JSON.parse(await cli(["announce", "list", "--q", title, "--json"])) as { rows: { id: string }[] };
    for (const r of left.rows) await cli(["announce", "delete", r.id]);
  }
});
