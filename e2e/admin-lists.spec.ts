// Issue 24 item 5 in a browser: every admin list is on one kit and filters as you type, at 1366 px
// and at 390 px. Typing into the search narrows the rows without Enter, the filter lands in the
// URL, and what was typed is intact although the page navigated while the admin was still typing
// (the first half is sent after the pause, the second half is typed while that navigation runs).
// Each list is typed into at one width, the lists taking turns (1366, 390, 1366, ...): the search,
// its debounce and the URL state are the kit's one component at every width, so both widths are
// proven on about half the lists each, with one sign-in, instead of every list twice (CI time: the
// spec took 1m51s of worker time). The users list, whose rows turn into cards, is narrowed at both.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SEARCH_DEBOUNCE_MS } from "../src/components/admin/list-kit/debounce";
import { asClient, createUserAsAdmin, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";
import { startSideServer, type SideServer } from "./side-server";

interface ListCase {
  name: string;
  path: string;
  search: string;
  /** Where the search lands in the URL. */
  param?: string;
  /** Shown when nothing matches. */
  empty: string;
}

const LISTS: ListCase[] = [
  { name: "orders", path: "/admin/orders", search: "order-search", empty: "orders-empty" },
  { name: "subscriptions", path: "/admin/subscriptions", search: "subscription-search", empty: "subscriptions-empty" },
  { name: "tasks", path: "/admin/tasks", search: "task-search", empty: "tasks-empty" },
  { name: "risk events", path: "/admin/risk", search: "risk-search", empty: "risk-empty" },
  { name: "users", path: "/admin/users", search: "user-search", empty: "users-empty" },
  { name: "plans", path: "/admin/plans", search: "plan-search", empty: "plans-empty" },
  { name: "audit log", path: "/admin/logs?kind=audit", search: "log-filter-q", empty: "log-empty" },
  { name: "traffic log", path: "/admin/logs?kind=traffic", search: "log-filter-user", param: "user", empty: "log-empty" },
  { name: "risk access log", path: "/admin/risk/access-logs", search: "access-filter-user", param: "user", empty: "access-log-empty" },
  { name: "coupons", path: "/admin/coupons", search: "coupon-search", empty: "coupons-empty" },
  { name: "promotions", path: "/admin/promotions", search: "promotion-search", empty: "promotions-empty" },
  { name: "streaming services", path: "/admin/streaming", search: "streaming-search", empty: "streaming-empty" },
  { name: "announcements", path: "/admin/announcements", search: "announcement-search", empty: "announcements-empty" },
];
const WALLET_LISTS: ListCase[] = [
  { name: "wallet cards", path: "/admin/wallet/cards", search: "cards-search", empty: "cards-empty" },
  { name: "wallet recharges", path: "/admin/wallet/recharges", search: "recharge-search", empty: "admin-recharges-empty" },
  { name: "wallet transfers", path: "/admin/wallet/transfers", search: "admin-transfer-search", empty: "admin-transfers-empty" },
];

const SIZES = [
  { label: "1366 px", viewport: { width: 1366, height: 900 } },
  { label: "390 px", viewport: { width: 390, height: 844 } },
];

/**
 * Types `text` in two halves: the first, then a pause longer than the debounce (the search is sent
 * and the page starts to navigate), then the second at once, while that navigation runs. No Enter.
 */
async function typeDuringNavigation(page: Page, l: ListCase, text: string) {
  const field = page.getByTestId(l.search);
  const half = Math.ceil(text.length / 2);
  await field.click();
  await field.pressSequentially(text.slice(0, half));
  await page.waitForTimeout(SEARCH_DEBOUNCE_MS + 50);
  await field.pressSequentially(text.slice(half), { delay: 30 });
}

async function filtersAsYouType(page: Page, l: ListCase) {
  const param = l.param ?? "q";
  const text = `zz-none-${Date.now().toString(36)}`;
  await page.goto(l.path);
  await navigationReady(page);
  await typeDuringNavigation(page, l, text);
  // The whole text reaches the URL and the rows follow it; the field still holds every character.
  await expect(page).toHaveURL((u) => u.searchParams.get(param) === text);
  await expect(page.getByTestId(l.empty)).toBeVisible();
  await expect(page.getByTestId(l.search)).toHaveValue(text);
  await expect(page.getByTestId(l.search)).toBeFocused();
  // Clearing the field shows the list again, still without Enter.
  await page.getByTestId(l.search).fill("");
  await expect(page).toHaveURL((u) => !u.searchParams.has(param));
  await expect(page.getByTestId(l.search)).toHaveValue("");
}

async function adminAt(browser: Browser, viewport: { width: number; height: number }, baseURL?: string): Promise<Page> {
  const ctx = await browser.newContext({ ...asClient(), viewport, locale: "en-US", ...(baseURL ? { baseURL } : {}) });
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  return page;
}

/** Types into each list at its turn's width (see the top of this file), on one signed-in page. */
async function everyListFilters(page: Page, lists: ListCase[], first: number) {
  for (const [i, l] of lists.entries()) {
    const size = SIZES[(first + i) % SIZES.length]!;
    await page.setViewportSize(size.viewport);
    await test.step(`${l.name} at ${size.label}`, () => filtersAsYouType(page, l));
  }
}

test("every admin list filters as you type, at 1366 px or 390 px in turn", async ({ browser }) => {
  test.slow();
  const page = await adminAt(browser, SIZES[0]!.viewport);
  await everyListFilters(page, LISTS, 0);
  await page.context().close();
});

test("the rows narrow to what is typed (users), at 1366 px and at 390 px", async ({ browser }) => {
  const page = await adminAt(browser, SIZES[0]!.viewport);
  const tag = `kit${Date.now().toString(36)}`;
  const email = uniqueEmail(tag);
  await createUserAsAdmin(page, email, "list-kit-pass-1");
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    await page.goto("/admin/users");
    await navigationReady(page);
    await page.getByTestId("user-search").pressSequentially(tag, { delay: 20 });
    await expect(page).toHaveURL((u) => u.searchParams.get("q") === tag);
    await expect(page.getByTestId("user-row")).toHaveCount(1);
    await expect(page.getByTestId("user-row")).toHaveAttribute("data-email", email);
    await expect(page.getByTestId(size.viewport.width < 768 ? "users-cards" : "users-table")).toBeVisible();
    // A choice keeps the search (and the search keeps the choice).
    await page.getByTestId("status-filter").click();
    await page.getByRole("option", { name: "Active" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("q") === tag && u.searchParams.get("status") === "ACTIVE");
    await expect(page.getByTestId("user-search")).toHaveValue(tag);
  }
  await page.context().close();
});

test.describe("wallet edition", () => {
  test.describe.configure({ mode: "serial" });
  test.slow(); // boots a server of its own
  let server: SideServer;
  test.beforeAll(async () => {
    server = await startSideServer({ portOffset: 71, tag: "listkit", env: { EDITION: "wallet" } });
  });
  test.afterAll(async () => server?.stop());

  // Starting at the other width than the main lists' first, so the wallet lists see both too.
  test("the wallet lists filter as you type, at 390 px or 1366 px in turn", async ({ browser }) => {
    const page = await adminAt(browser, SIZES[1]!.viewport, server.url);
    await everyListFilters(page, WALLET_LISTS, 1);
    await page.context().close();
  });
});
