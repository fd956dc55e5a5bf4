// One walk over every page of the site (site-pages.ts) that runs each page check on the same load,
// instead of four specs each loading every page: axe contrast and names, light and dark (issue 7
// item 10), distinct accessible names (issue 24 item 12), no raw codes on admin pages (issue 24
// item 3) and words that fit at 390 px (issue 7 item 11). A page is loaded once per width and
// language, and each check runs where it did before merging:
//
//                      1366 px en              1366 px zh-CN    390 px en       390 px zh-CN
//   signed-out pages   axe                     -                axe, fit        fit
//   user pages         axe, names              names            axe, fit        fit
//   admin pages        axe, names, raw codes   names, raw codes axe, fit        fit
//   admin log tabs     raw codes               raw codes        -               -
//
// 164 page loads instead of 282 (173 and 288 with the dialogs' pages below), and one seeding of the site per worker instead of one per spec (and
// per worker for the axe spec). The area 404 pages, the pay page of an order bought with a coupon,
// the buy dialog and the admin's order drawer are audited at both widths, and fitted at 390 px in
// both languages (issue 24's gap: the phone walk had not opened the dialog and the drawer).
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { axeFindings } from "./check-axe";
import { nameClashes } from "./check-names";
import { fitFindings, PHONE } from "./check-phone-fit";
import { LOG_TABS, rawCodeFindings } from "./check-raw-codes";
import { asClient, navigationReady } from "./helpers";
import { ADMIN_PAGES, prepareSitePages, PUBLIC_PAGES, USER_PAGES, type SitePages } from "./site-pages";
import { seedWalkShop, type WalkShop } from "./walk-shop";

const DESKTOP = { width: 1366, height: 900 };
const EN = { lang: "en", locale: "en-US" } as const;
const ZH = { lang: "zh-CN", locale: "zh-CN" } as const;
type Lang = typeof EN | typeof ZH;
type Check = "axe" | "names" | "raw" | "fit";
type Who = "signed-out" | "user" | "admin";

// The tests spread over the workers; each worker seeds its own server once, before its first test
// (in beforeAll, with a time of its own: a test's time is for its pages).
test.describe.configure({ mode: "parallel" });
let site: SitePages | undefined;
let shop: WalkShop | undefined;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000); // 22 users and a synced node through the admin UI, then a shop through the UI and the CLI
  site = await prepareSitePages(browser, "walk", [32001, 32002]);
  shop = await seedWalkShop(browser, site, 32003);
});
test.afterAll(async () => {
  await Promise.all([site?.close(), shop?.close()]);
});
const sitePages = () => site!;
const walkShop = () => shop!;

async function open(browser: Browser, viewport: { width: number; height: number }, l: Lang, storageState: BrowserContextOptions["storageState"]): Promise<Page> {
  const ctx = await browser.newContext({ ...asClient(), viewport, locale: l.locale, colorScheme: "light", storageState });
  // The language cookie too, so a saved account language cannot pick another one.
  await ctx.addCookies([{ name: "NEXT_LOCALE", value: l.lang, url: test.info().project.use.baseURL! }]);
  return ctx.newPage();
}

/** Runs `checks` on the page as shown now; `p` is the walk's list entry, `label` names it in findings; `shell` audits the header and menu too. */
async function checkShown(page: Page, p: string, label: string, l: Lang, checks: readonly Check[], shell = true): Promise<string[]> {
  const found: string[] = [];
  if (checks.includes("fit")) found.push(...(await fitFindings(page, label)));
  if (checks.includes("names")) found.push(...(await nameClashes(page, label)));
  if (checks.includes("raw")) found.push(...(await rawCodeFindings(page, p, label, l.lang)));
  if (checks.includes("axe")) found.push(...(await axeFindings(page, label, { shell }))); // last: it switches the scheme and back
  return found;
}

/** Loads each page once in one context and runs its checks on that load. */
async function walk(browser: Browser, size: "desktop" | "phone", l: Lang, who: Who, steps: { p: string; checks: readonly Check[] }[]): Promise<string[]> {
  if (!steps.length) return [];
  const pages = who === "signed-out" ? undefined : sitePages();
  const state = who === "user" ? pages!.userState : who === "admin" ? pages!.adminState : undefined;
  const page = await open(browser, size === "phone" ? PHONE : DESKTOP, l, state);
  const found: string[] = [];
  let shellAudited = false; // the header and menu, by axe on the first audited page of this context
  for (const { p, checks } of steps) {
    const path = pages ? pages.pathOf(p) : p;
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
    // A page that bounced to the sign-in form would be checked in place of the page itself.
    if (who !== "signed-out") expect(new URL(page.url()).pathname, `${path} redirected`).toBe(new URL(path, page.url()).pathname);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    found.push(...(await checkShown(page, p, `${path} [${size} ${l.lang}]`, l, checks, !shellAudited)));
    if (checks.includes("axe")) shellAudited = true;
  }
  await page.context().close();
  return found;
}

const ADMIN_HALF = Math.ceil(ADMIN_PAGES.length / 2);
/** Each audience's pages, the admin's in two halves of about the user pages' count, so no one test holds up the run. */
const AUDIENCES: { who: Who; part: string; paths: string[]; extra: string[] }[] = [
  { who: "signed-out", part: "", paths: PUBLIC_PAGES, extra: [] },
  { who: "user", part: "", paths: USER_PAGES, extra: ["/orders/00000000-0000-4000-8000-000000000000"] },
  { who: "admin", part: ` (1-${ADMIN_HALF})`, paths: ADMIN_PAGES.slice(0, ADMIN_HALF), extra: [] },
  { who: "admin", part: ` (${ADMIN_HALF + 1}-${ADMIN_PAGES.length})`, paths: ADMIN_PAGES.slice(ADMIN_HALF), extra: ["/admin/no-such-page"] },
];

/** The table at the top of this file. `extra` are the area 404 pages (issue 24 item 8), audited by axe only. */
function plan(who: Who, size: "desktop" | "phone", l: Lang, paths: string[], extra: string[], logTabs: boolean): { p: string; checks: Check[] }[] {
  const en = l === EN;
  const checks: Check[] =
    size === "phone" ? (en ? ["axe", "fit"] : ["fit"]) : who === "signed-out" ? (en ? ["axe"] : []) : [...(en ? (["axe"] as const) : []), "names", ...(who === "admin" ? (["raw"] as const) : [])];
  if (!checks.length) return [];
  return [
    ...paths.map((p) => ({ p, checks })),
    ...(en ? extra.map((p) => ({ p, checks: ["axe"] as Check[] })) : []),
    ...(logTabs && size === "desktop" ? LOG_TABS.map((p) => ({ p, checks: ["raw"] as Check[] })) : []),
  ];
}

for (const size of ["desktop", "phone"] as const) {
  AUDIENCES.forEach((a, i) => {
    const title = size === "desktop" ? "pass axe, light and dark (en), name their controls apart and, on admin pages, show no raw code (en and zh-CN)" : "pass axe, light and dark (en), and fit their words (en and zh-CN)";
    test(`every ${a.who} page${a.part} at ${size === "desktop" ? "1366" : "390"} px: ${title}`, async ({ browser }) => {
      test.slow(); // up to 15 pages, twice
      const found: string[] = [];
      for (const l of [EN, ZH]) found.push(...(await walk(browser, size, l, a.who, plan(a.who, size, l, a.paths, a.extra, i === AUDIENCES.length - 1))));
      expect(found, `findings:\n${found.join("\n")}`).toEqual([]);
    });
  });
}

// Issue 24 items 2 and 6: the pay page of an order bought with a coupon, the store's buy dialog with
// the coupon applied, and the admin's order drawer with its review dialog; at 390 px their words fit too.
for (const size of ["desktop", "phone"] as const) {
  test(`the pay page with a coupon, the buy dialog and the order drawer at ${size === "desktop" ? "1366" : "390"} px: axe, light and dark${size === "phone" ? ", and words that fit (en and zh-CN)" : ""}`, async ({ browser }) => {
    test.slow();
    const pages = sitePages();
    const { planName, code, order } = walkShop();
    const viewport = size === "phone" ? PHONE : DESKTOP;
    const found: string[] = [];
    for (const l of size === "phone" ? [EN, ZH] : [EN]) {
      const checks: Check[] = l === EN ? ["axe", ...(size === "phone" ? (["fit"] as const) : [])] : ["fit"];
      const tag = `[${size} ${l.lang}]`;
      const user = await open(browser, viewport, l, pages.userState);
      await user.goto(`/orders/${order.id}/pay`);
      await navigationReady(user);
      found.push(...(await checkShown(user, "", `pay page ${tag}`, l, checks)));
      await user.goto("/store");
      await navigationReady(user);
      await user.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-with-coupon").click();
      await user.getByTestId("buy-coupon-input").fill(code);
      await user.getByTestId("buy-coupon-apply").click();
      await expect(user.getByTestId("buy-coupon-discount")).toBeVisible();
      found.push(...(await checkShown(user, "", `buy dialog ${tag}`, l, checks)));
      await user.context().close();

      const admin = await open(browser, viewport, l, pages.adminState);
      await admin.goto(`/admin/orders?q=${encodeURIComponent(order.orderNo)}`);
      await navigationReady(admin);
      await admin.getByTestId("order-row").filter({ hasText: order.orderNo }).getByTestId("order-details").click();
      await expect(admin.getByTestId("order-detail")).toHaveAttribute("data-order-no", order.orderNo);
      await expect(admin.getByTestId("order-drawer-actions")).toBeVisible();
      found.push(...(await checkShown(admin, "", `order drawer ${tag}`, l, checks)));
      if (l === EN) {
        // The row menu's dialogs, opened from the drawer.
        await admin.getByTestId("drawer-order-review").click();
        await expect(admin.getByTestId("order-review-dialog")).toBeVisible();
        found.push(...(await axeFindings(admin, `order review dialog ${tag}`)));
      }
      await admin.context().close();
    }
    expect(found, `findings:\n${found.join("\n")}`).toEqual([]);
  });
}
