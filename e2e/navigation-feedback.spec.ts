import { expect, test, type Request } from "@playwright/test";
import { asClient, loginAsAdmin } from "./helpers";

// A navigation's RSC request (not a prefetch) for this path: the request the router waits on
// before anything of the new page would appear without loading.tsx and the progress bar.
const isNavigationTo = (req: Request, pathname: string) => {
  const h = req.headers();
  return new URL(req.url()).pathname === pathname && h["rsc"] === "1" && !h["next-router-prefetch"];
};
const isPrefetchOf = (req: Request, pathname: string) => new URL(req.url()).pathname === pathname && req.headers()["next-router-prefetch"] === "1";

test("a click on a slow admin page shows the progress bar and the page's skeleton until it arrives", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();

  // The server "is slow": the users page's navigation request is held until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let heldRequests = 0;
  await page.route(
    (url) => url.pathname === "/admin/users",
    async (route) => {
      if (isNavigationTo(route.request(), "/admin/users")) {
        heldRequests++;
        await held;
      }
      await route.fallback();
    },
  );
  const prefetched = new Set<string>();
  page.on("requestfinished", (req) => {
    if (isPrefetchOf(req, "/admin/users")) prefetched.add("/admin/users");
  });

  await loginAsAdmin(page);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  // The navbar link has been prefetched (its loading state is in the router's cache), as on any
  // page a person has looked at for a moment.
  await expect.poll(() => prefetched.has("/admin/users")).toBe(true);

  await page.getByRole("link", { name: /^(Users|用户)/ }).first().click();

  // While the page is held: the bar is up and the table outline stands where the page will be.
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveAttribute("data-kind", "table");
  expect(heldRequests).toBeGreaterThan(0);

  release();
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await ctx.close();
});

test("a held navigation without any prefetch still answers the click with the progress bar", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // Every RSC request for the settings page is held, prefetches included: nothing of the new page
  // can appear, and the bar is the only answer to the click.
  await page.route(
    (url) => url.pathname === "/admin/settings",
    async (route) => {
      if (route.request().headers()["rsc"] === "1") await held;
      await route.fallback();
    },
  );
  await loginAsAdmin(page);
  const before = page.url();
  await page.getByRole("link", { name: /^(Settings|设置)/ }).first().click();
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  expect(page.url()).toBe(before);

  release();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await ctx.close();
});
