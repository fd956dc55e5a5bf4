// Issue 24 item 8: pages that know where they are. A 404 inside the user or the admin area keeps
// that area's layout (one header), the admin one leading back to the admin home; the admin menu's
// groups fit a 1366x900 window and the entry clicked is marked at once, before its page arrives;
// a toast never covers the header's controls (desktop and phone).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";
import { newBuyer } from "./shop";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function expectAreaNotFound(page: Page, shellTestId: string) {
  await expect(page.getByTestId("error-page")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  // The area's own header and menu, and no second (site) header inside it.
  await expect(page.getByTestId(shellTestId)).toBeVisible();
  await expect(page.getByTestId("site-header")).toHaveCount(0);
  await expect(page.locator("header")).toHaveCount(1);
}

test("a 404 in the user area keeps the user layout", async ({ browser }) => {
  const { page } = await newBuyer(browser, "frames-user");
  for (const path of [`/orders/${MISSING_ID}`, `/tickets/${MISSING_ID}`]) {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(404);
    await expectAreaNotFound(page, "nav-notifications");
  }
  await navigationReady(page);
  await page.getByTestId("not-found-back").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});

test("a 404 in the admin area keeps the admin layout and leads back to the admin home", async ({ browser }) => {
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  // An address no page answers, one deeper than a real page, and a page that says notFound().
  for (const path of ["/admin/no-such-page", "/admin/plans/x/y", `/admin/tickets/${MISSING_ID}`]) {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(404);
    await expectAreaNotFound(page, "nav-admin-tickets");
  }
  await expect(page.getByTestId("not-found-back")).toHaveAttribute("href", "/admin");
  await navigationReady(page);
  await page.getByTestId("not-found-back").click();
  await expect(page).toHaveURL(/\/admin$/);
  await ctx.close();
});

/** Holds every request for `pathname`'s page data until released: what the click shows meanwhile is what is tested. */
async function holdRsc(page: Page, pathname: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().headers()["rsc"] === "1") await gate;
      await route.fallback();
    },
  );
  return release;
}

test("the admin menu fits 1366x900 with every group heading, and marks the clicked entry at once", async ({ browser }) => {
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US", viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  const release = await holdRsc(page, "/admin/users");
  await loginAsAdmin(page);
  await page.goto("/admin/orders");
  await navigationReady(page);

  const groups = page.locator('[data-testid^="nav-group-"]');
  expect(await groups.count()).toBeGreaterThanOrEqual(4);
  for (const g of await groups.all()) {
    await expect(g).toBeVisible();
    expect((await g.boundingBox())!.y + (await g.boundingBox())!.height).toBeLessThanOrEqual(900);
  }
  // The menu itself does not scroll: everything shown fits above the fold.
  const menu = page.locator(".mantine-AppShell-navbar .mantine-ScrollArea-viewport");
  expect(await menu.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  // Opening the current page's group is automatic; another group opens on a click and still fits.
  await expect(page.getByTestId("nav-group-system")).toHaveAttribute("aria-expanded", "false");
  await page.getByTestId("nav-group-system").click();
  await expect(page.getByRole("link", { name: "Tasks", exact: true })).toBeVisible();
  expect(await menu.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);

  // The click is answered in the menu while the page is still on its way.
  const users = page.getByRole("link", { name: "Users", exact: true });
  await expect(page.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("data-active", "true");
  await users.click();
  await expect(users).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("link", { name: "Orders", exact: true })).not.toHaveAttribute("data-active", "true");
  expect(new URL(page.url()).pathname).toBe("/admin/orders");
  release();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(users).toHaveAttribute("data-active", "true");
  await ctx.close();
});

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectToastClearOf(page: Page, controls: Locator[]) {
  const toast = page.locator(".mantine-Notification-root").first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  for (const c of controls) {
    await expect(c).toBeVisible();
    const cb = (await c.boundingBox())!;
    expect(overlaps(box, cb), `toast ${JSON.stringify(box)} over ${JSON.stringify(cb)}`).toBe(false);
  }
  // Below the header as a whole, not just beside the controls checked.
  const header = (await page.locator("header").first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
}

for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  test(`a toast does not cover the header's controls at ${viewport.width} px`, async ({ browser }) => {
    const { page } = await newBuyer(browser, `frames-toast-${viewport.width}`);
    await page.setViewportSize(viewport);
    await page.goto("/notifications");
    await navigationReady(page);
    await page.getByTestId("mail-kinds-save").click();
    await expectToastClearOf(page, ["language-switch", "color-scheme", "bell", "logout"].map((id) => page.getByTestId(id)));
    await page.context().close();
  });
}
