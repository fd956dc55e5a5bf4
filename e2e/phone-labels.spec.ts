// Issue 7 item 11: on a 390 px phone, in Chinese and in English, no label, button text, badge, tab
// or table header is cut off or runs out of its box, and no page scrolls sideways. Every page of
// the site is checked (the list in site-pages.ts): signed out, as a user and as an admin.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { asClient } from "./helpers";
import { ADMIN_PAGES, prepareSitePages, PUBLIC_PAGES, USER_PAGES, type SitePages } from "./site-pages";

const PHONE = { width: 390, height: 844 };
const LANGS = [
  { lang: "zh-CN", locale: "zh-CN" },
  { lang: "en", locale: "en-US" },
] as const;

let pages: SitePages;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(480_000); // seeds 22 users and a synced node through the admin UI
  pages = await prepareSitePages(browser, "labels", [32101, 32102]);
});
test.afterAll(async () => pages?.close());

/**
 * Runs in the page: every shown element that carries words (labels, buttons and their labels,
 * badges, table headers, tabs, menu and navigation labels, any text with an ellipsis) whose text is
 * wider than its box, or that sticks out past the right edge of the screen (outside a sideways-
 * scrolling container). Text cut short on purpose (text-overflow: ellipsis) is fine only when its
 * full text is offered in a title.
 */
function overflowingText(): string[] {
  const SELECTOR = [
    "label",
    "button",
    "a.mantine-Button-root",
    ".mantine-Button-label",
    ".mantine-Badge-root",
    ".mantine-Badge-label",
    "th",
    "[role=tab]",
    ".mantine-Tabs-tabLabel",
    ".mantine-SegmentedControl-label",
    ".mantine-NavLink-label",
    ".mantine-InputWrapper-label",
    ".mantine-InputWrapper-description",
    ".mantine-Pagination-control",
    "legend",
  ].join(",");
  const viewport = document.documentElement.clientWidth;
  const name = (el: Element) => {
    const id = el.getAttribute("data-testid");
    const cls = [...el.classList].find((c) => c.startsWith("mantine-")) ?? "";
    return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ""}${cls ? ` .${cls}` : ""}> "${(el.textContent ?? "").trim().slice(0, 60)}"`;
  };
  const scrollsSideways = (el: Element) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if ((o === "auto" || o === "scroll") && p !== document.documentElement && p !== document.body) return true;
    }
    return false;
  };
  // The words above, and any text that CSS cuts short with an ellipsis (Mantine's `truncate`).
  const candidates = new Set(document.querySelectorAll<HTMLElement>(SELECTOR));
  for (const el of document.body.querySelectorAll<HTMLElement>("*")) if (getComputedStyle(el).textOverflow === "ellipsis") candidates.add(el);
  const found: string[] = [];
  for (const el of candidates) {
    if (!(el.textContent ?? "").trim()) continue; // icon-only controls are named by aria-label instead
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue; // not shown
    if (box.right <= 0 || box.left >= viewport) continue; // off-canvas (a closed drawer), not on screen
    const ellipsized = style.textOverflow === "ellipsis" && !!el.closest("[title]");
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !ellipsized) found.push(`${name(el)} text ${el.scrollWidth}px in a ${el.clientWidth}px box`);
    else if (box.right > viewport + 1 && !scrollsSideways(el)) found.push(`${name(el)} ends at ${Math.round(box.right)}px, past the ${viewport}px screen`);
  }
  if (document.documentElement.scrollWidth > viewport + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide`);
  return found;
}

async function check(page: Page, paths: string[], signedIn: boolean, lang: string): Promise<string[]> {
  const found: string[] = [];
  for (const p of paths) {
    const path = pages.pathOf(p);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    if (signedIn) expect(new URL(page.url()).pathname, `${path} redirected`).toBe(path);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    for (const line of await page.evaluate(overflowingText)) found.push(`${path} [${lang}] ${line}`);
  }
  return found;
}

async function phone(browser: Browser, l: (typeof LANGS)[number], storageState: BrowserContextOptions["storageState"]): Promise<Page> {
  const ctx = await browser.newContext({ ...asClient(), viewport: PHONE, locale: l.locale, storageState });
  // The language cookie too, so a saved account language cannot pick another one.
  await ctx.addCookies([{ name: "NEXT_LOCALE", value: l.lang, url: test.info().project.use.baseURL! }]);
  return ctx.newPage();
}

for (const l of LANGS) {
  test(`every page fits its words at 390 px (${l.lang})`, async ({ browser }) => {
    test.slow(); // every page of the site
    const found: string[] = [];
    for (const [paths, state, signedIn] of [
      [PUBLIC_PAGES, undefined, false],
      [USER_PAGES, pages.userState, true],
      [ADMIN_PAGES, pages.adminState, true],
    ] as const) {
      const page = await phone(browser, l, state);
      found.push(...(await check(page, paths, signedIn, l.lang)));
      await page.context().close();
    }
    expect(found, `words that do not fit:\n${found.join("\n")}`).toEqual([]);
  });
}
