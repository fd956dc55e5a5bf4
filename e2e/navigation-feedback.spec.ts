import { expect, test, type Page } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";

/**
 * Makes the server "slow" for one page: every RSC request for `pathname` (navigations and
 * prefetches) is held until the returned function is called, so nothing of the new page can
 * appear before the test has looked at what the click shows meanwhile.
 */
async function holdPage(page: Page, pathname: string): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().headers()["rsc"] === "1") {
        held++;
        await gate;
      }
      await route.fallback();
    },
  );
  return { release, held: () => held };
}

test("a click on a slow admin page answers at once with the progress bar, then the page's outline, until it arrives", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();
  const users = await holdPage(page, "/admin/users");
  await loginAsAdmin(page);
  await navigationReady(page);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  const before = page.url();

  await page.getByRole("link", { name: /^Users/ }).first().click();
  // The old page is still the current one (the request is held), yet the click is answered.
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveAttribute("data-kind", "table");
  expect(page.url()).toBe(before);
  expect(users.held()).toBeGreaterThan(0);

  users.release();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId("create-user")).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await ctx.close();
});

test("the user area shows the same feedback, with the outline of the page being opened (Chinese, phone)", async ({ browser }) => {
  const ctx = await browser.newContext({ ...asClient(), locale: "zh-CN", viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const account = await holdPage(page, "/account");
  await loginAsAdmin(page);
  await page.goto("/dashboard");
  await navigationReady(page);
  await page.getByRole("button", { name: /导航|navigation/i }).click();
  await page.locator('a[href="/account"]').first().click();

  await expect(page.getByTestId("nav-progress")).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveAttribute("data-kind", "form");
  await expect(page.getByTestId("page-skeleton")).toBeInViewport();
  expect(account.held()).toBeGreaterThan(0);

  account.release();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await ctx.close();
});

test("a full page load streams no outline: the page arrives whole, as before", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  // A loading.tsx boundary would stream the outline first and the page in a hidden second copy.
  const html = await (await page.request.get("/admin/users")).text();
  expect(html).toContain('data-testid="create-user"');
  expect(html).not.toContain('data-testid="page-skeleton"');
  expect(html.split('data-testid="create-user"').length - 1).toBe(1);
  await ctx.close();
});
