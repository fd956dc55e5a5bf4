// Issue 7 item 10: every page passes axe-core's contrast and naming rules at desktop and phone
// width, in the light and the dark scheme (the app follows the system scheme, emulated here with
// Playwright's colorScheme). Pages are seen signed out, as a user and as an admin, with a node
// synced from the 3x-ui simulator so the node pages show real rows and badges.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { afterPendingRenders, animationsFinished, asClient, navigationReady } from "./helpers";
import { buyWithCouponDialog, createCouponAsAdmin } from "./pay-helpers";
import { panelNode, planOnSale } from "./shop";
import { ADMIN_PAGES, prepareSitePages, PUBLIC_PAGES, USER_PAGES, type SitePages } from "./site-pages";

/** WCAG AA contrast and "everything a person operates or reads has a name". */
const RULES = ["color-contrast", "label", "button-name", "link-name", "image-alt", "select-name", "input-button-name", "aria-input-field-name", "aria-toggle-field-name"];

const VIEWPORTS = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
] as const;
/** Both schemes are audited on one load of each page: the app follows the system scheme live (Mantine's "auto"). */
const SCHEMES = ["light", "dark"] as const;

/**
 * Known violations not fixed yet, as `page rule target` (target = axe's CSS selector). Empty: every
 * page passes. An entry here is a debt with a reason next to it, never a way to silence a new finding.
 */
const ALLOWED = new Set<string>([]);

let pages: SitePages;

// The audits are independent: they spread over the workers (each seeds its own server once, in
// beforeAll) instead of queueing six minutes of audits on one.
test.describe.configure({ mode: "parallel" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(480_000); // seeds 22 users and a synced node through the admin UI
  pages = await prepareSitePages(browser, "a11y", [32001, 32002]);
});
test.afterAll(async () => pages?.close());

/**
 * Loads each page once in a fresh context of this viewport, audits it in the light scheme, switches
 * the emulated system scheme to dark and audits it again. Returns axe's findings as readable lines.
 */
async function audit(browser: Browser, viewport: (typeof VIEWPORTS)[number], paths: string[], storageState: BrowserContextOptions["storageState"], signedIn: boolean) {
  const ctx = await browser.newContext({ ...asClient(), viewport: viewport.size, colorScheme: "light", storageState });
  const page = await ctx.newPage();
  const found: string[] = [];
  for (const p of paths) {
    const path = pages.pathOf(p);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(path);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    // A page that bounced to the sign-in form would be audited in place of the page itself.
    if (signedIn) expect(new URL(page.url()).pathname, `${path} [${viewport.name}] redirected`).toBe(path);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page, scheme);
      const { violations } = await new AxeBuilder({ page }).withRules(RULES).analyze();
      for (const v of violations) {
        for (const node of v.nodes) {
          const target = node.target.join(" ");
          if (ALLOWED.has(`${p} ${v.id} ${target}`)) continue;
          const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
          const colors = v.id === "color-contrast" && data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : "";
          found.push(`${path} [${viewport.name} ${scheme}] ${v.id}: ${target}${colors} — ${node.html.slice(0, 160)}`);
        }
      }
    }
  }
  await ctx.close();
  return found;
}

/** The scheme applied and every transition it started finished, so axe sees final colors. */
async function settle(page: Page, scheme: string) {
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
  await afterPendingRenders(page);
  await animationsFinished(page);
}

const ADMIN_HALF = Math.ceil(ADMIN_PAGES.length / 2);
const AUDIENCES = [
  { name: "signed-out", part: "", paths: () => PUBLIC_PAGES, state: () => undefined, signedIn: false },
  { name: "user", part: "", paths: () => USER_PAGES, state: () => pages.userState, signedIn: true },
  // 23 admin pages, in two halves of about the user pages' count, so no one audit holds up the run.
  { name: "admin", part: ` (1-${ADMIN_HALF})`, paths: () => ADMIN_PAGES.slice(0, ADMIN_HALF), state: () => pages.adminState, signedIn: true },
  { name: "admin", part: ` (${ADMIN_HALF + 1}-${ADMIN_PAGES.length})`, paths: () => ADMIN_PAGES.slice(ADMIN_HALF), state: () => pages.adminState, signedIn: true },
] as const;

for (const viewport of VIEWPORTS) {
  for (const who of AUDIENCES) {
    test(`every ${who.name} page${who.part} passes axe contrast and label rules, light and dark (${viewport.name})`, async ({ browser }) => {
      test.slow(); // up to 12 pages, each audited twice
      const found = await audit(browser, viewport, who.paths(), who.state(), who.signedIn);
      expect(found, `axe violations:\n${found.join("\n")}`).toEqual([]);
    });
  }
}

// Issue 24 item 8: the 404 pages of the two areas, drawn inside the user and the admin layout.
const AREA_NOT_FOUND = [
  { path: "/orders/00000000-0000-4000-8000-000000000000", state: () => pages.userState },
  { path: "/admin/no-such-page", state: () => pages.adminState },
] as const;
for (const viewport of VIEWPORTS) {
  test(`the user and admin 404 pages pass axe contrast and label rules, light and dark (${viewport.name})`, async ({ browser }) => {
    const found: string[] = [];
    for (const p of AREA_NOT_FOUND) found.push(...(await audit(browser, viewport, [p.path], p.state(), true)));
    expect(found, `axe violations:\n${found.join("\n")}`).toEqual([]);
  });
}

// Issue 24 items 2 and 6: the pay page of an order bought with a coupon (through the buy dialog,
// audited open too) and the admin's order drawer, at both widths and in both schemes.
test.describe("the pay page with a coupon, the buy dialog and the order drawer", () => {
  let node: Awaited<ReturnType<typeof panelNode>> | undefined;
  let planName: string;
  let order: { id: string; orderNo: string };
  const code = `A11Y${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

  test.beforeAll(async ({ browser }) => {
    node = await panelNode("a11ypay", 31501);
    planName = `A11y Pay ${Date.now().toString(36)}`;
    await planOnSale(node.name, "a11ypay-vmess", planName, 1250);
    const adminCtx = await browser.newContext({ ...asClient(), storageState: pages.adminState });
    await createCouponAsAdmin(await adminCtx.newPage(), code, "3");
    await adminCtx.close();
    const userCtx = await browser.newContext({ ...asClient(), storageState: pages.userState });
    order = await buyWithCouponDialog(await userCtx.newPage(), planName, code);
    await userCtx.close();
  });
  test.afterAll(async () => node?.sim.close());

  /** axe on what the page shows now (a dialog or drawer open), light and dark. */
  async function auditOpen(page: Page, label: string): Promise<string[]> {
    const found: string[] = [];
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page, scheme);
      const { violations } = await new AxeBuilder({ page }).withRules(RULES).analyze();
      for (const v of violations) for (const n of v.nodes) found.push(`${label} [${scheme}] ${v.id}: ${n.target.join(" ")} — ${n.html.slice(0, 160)}`);
    }
    return found;
  }

  for (const viewport of VIEWPORTS) {
    test(`pass axe contrast and label rules, light and dark (${viewport.name})`, async ({ browser }) => {
      test.slow();
      const found = await audit(browser, viewport, [`/orders/${order.id}/pay`], pages.userState, true);

      const userCtx = await browser.newContext({ ...asClient(), viewport: viewport.size, storageState: pages.userState });
      const user = await userCtx.newPage();
      await user.goto("/store");
      await navigationReady(user);
      await user.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-with-coupon").click();
      await user.getByTestId("buy-coupon-input").fill(code);
      await user.getByTestId("buy-coupon-apply").click();
      await expect(user.getByTestId("buy-coupon-discount")).toBeVisible();
      found.push(...(await auditOpen(user, `buy dialog [${viewport.name}]`)));
      await userCtx.close();

      const adminCtx = await browser.newContext({ ...asClient(), viewport: viewport.size, storageState: pages.adminState });
      const admin = await adminCtx.newPage();
      await admin.goto(`/admin/orders?q=${encodeURIComponent(order.orderNo)}`);
      await navigationReady(admin);
      await admin.getByTestId("order-row").filter({ hasText: order.orderNo }).getByTestId("order-details").click();
      await expect(admin.getByTestId("order-detail")).toHaveAttribute("data-order-no", order.orderNo);
      await expect(admin.getByTestId("order-drawer-actions")).toBeVisible();
      found.push(...(await auditOpen(admin, `order drawer [${viewport.name}]`)));
      // The row menu's dialogs, opened from the drawer.
      await admin.getByTestId("drawer-order-review").click();
      await expect(admin.getByTestId("order-review-dialog")).toBeVisible();
      found.push(...(await auditOpen(admin, `order review dialog [${viewport.name}]`)));
      await adminCtx.close();
      expect(found, `axe violations:\n${found.join("\n")}`).toEqual([]);
    });
  }
});
