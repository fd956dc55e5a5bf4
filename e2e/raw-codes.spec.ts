// Issue 24 item 3: no raw code reaches an admin page, in either language. Every admin page of the
// walk (site-pages.ts) plus each log tab is read as a person sees it (innerText, so an upper-casing
// badge shows up too) after the site has things to show: an order bought, confirmed and refunded,
// a gift subscription suspended, users in every status, and the tasks and audit rows those wrote.
// It fails on dotted action names (order.refunded), task kinds (panel.client.sync), enum codes
// (ACTIVE, PAID, PENDING_EMAIL), `system` as an actor, `key=value` payloads and `order · <uuid>`
// in the page's text, and on any status badge that CSS upper-cases.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { USER_ROLES, USER_STATUSES } from "../src/server/db/schema/accounts";
import { TASK_KINDS, TASK_STATUSES } from "../src/server/db/schema/audit";
import { AUDIT_ACTIONS } from "../src/server/db/schema/audit-actions";
import { PLAN_KINDS } from "../src/server/db/schema/catalog";
import { ORDER_KINDS, ORDER_STATUSES, PAID_VIA, PAYMENT_STATUSES, REVIEW_STATUSES, SUBSCRIPTION_STATUSES } from "../src/server/db/schema/commerce";
import { RISK_LEVELS, RISK_REVIEW_STATUSES } from "../src/server/db/schema/risk";
import { TICKET_STATUSES } from "../src/server/db/schema/support-kinds";
import { asClient, navigationReady } from "./helpers";
import { cli, newBuyer, panelNode, planOnSale } from "./shop";
import { ADMIN_PAGES, prepareSitePages, type SitePages } from "./site-pages";
import type { XuiSimulator } from "../simulators/xui";

const LANGS = [
  { lang: "zh-CN", locale: "zh-CN" },
  { lang: "en", locale: "en-US" },
] as const;
const LOG_TABS = ["/admin/logs?kind=audit", "/admin/logs?kind=task", "/admin/logs?kind=traffic", "/admin/logs?kind=riskEvent"];

/** State codes as the database holds them; a page shows their words instead. */
const ENUM_CODES = [...new Set([...USER_STATUSES, ...USER_ROLES, ...TASK_STATUSES, ...PLAN_KINDS, ...ORDER_KINDS, ...ORDER_STATUSES, ...PAID_VIA, ...PAYMENT_STATUSES, ...REVIEW_STATUSES, ...SUBSCRIPTION_STATUSES, ...RISK_LEVELS, ...RISK_REVIEW_STATUSES, ...TICKET_STATUSES])];
const DOTTED_CODES = [...AUDIT_ACTIONS, ...TASK_KINDS];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CHECKS: { what: string; re: RegExp }[] = [
  ...DOTTED_CODES.map((c) => ({ what: `the code ${c}`, re: new RegExp(`(?<![\\w.@-])${escape(c)}(?![\\w.-])`) })),
  ...ENUM_CODES.map((c) => ({ what: `the code ${c}`, re: new RegExp(`(?<![\\w-])${c}(?![\\w-])`) })),
  { what: "a payload key=value", re: /\b[a-z]+[A-Z][a-zA-Z]*=/ },
  { what: "a raw audit target (type · uuid)", re: /\b[a-z_]+ · [0-9a-f]{8}-[0-9a-f]{4}-/ },
];

let pages: SitePages;
let xui: XuiSimulator | undefined;
const planName = `Raw codes ${Date.now().toString(36)}`;

async function seedCommerce(browser: Browser): Promise<void> {
  const node = await panelNode("rawcodes", 32403);
  xui = node.sim;
  const plan = await planOnSale(node.name, "rawcodes-vmess", planName, 1990);
  const { page, email } = await newBuyer(browser, "rawcodes-buyer");
  await page.goto("/store");
  await navigationReady(page); // "Buy now" is a client button: a click before hydration is lost
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  const orderId = /\/orders\/([0-9a-f-]{36})\/pay$/.exec(page.url())![1]!;
  await page.context().close();
  // Paid by hand (audit order.confirmed, panel.client.sync tasks), then refunded in the admin UI.
  await cli(["order", "confirm", orderId]);
  const gift = JSON.parse(await cli(["subscription", "grant", email, "--plan", plan.id, "--json"])) as { subscriptionId: string };
  await cli(["subscription", "suspend", gift.subscriptionId]);

  const admin = await (await browser.newContext({ ...asClient(), locale: "en-US", storageState: pages.adminState })).newPage();
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}&status=PAID`);
  await navigationReady(admin);
  // The bought order (¥19.90), not the gift (¥0.00, nothing to pay back).
  const row = admin.getByTestId("order-row").filter({ hasText: "¥19.90" }).first();
  await row.getByTestId("order-menu").click();
  await admin.getByTestId("order-refund").click();
  const dialog = admin.getByTestId("order-refund-dialog");
  await dialog.getByRole("radio", { name: /^(By hand|线下退款)$/ }).check();
  await dialog.getByTestId("order-refund-note").fill("Paid back by bank transfer");
  await dialog.getByTestId("order-refund-submit").click();
  await expect(dialog).toBeHidden();
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}&status=REFUNDED`);
  await expect(admin.getByTestId("order-row").first().getByTestId("order-status")).toHaveAttribute("data-status", "REFUNDED");
  await admin.context().close();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000); // seeds 22 users, a synced node and a shop through the UI and the CLI
  pages = await prepareSitePages(browser, "rawcodes", [32401, 32402]);
  await seedCommerce(browser);
});
test.afterAll(async () => {
  await Promise.all([pages?.close(), xui?.close()]);
});

/**
 * The page's words as written (every text node outside scripts, so Next's inline data does not
 * count), and the badges that CSS upper-cases ("ACTIVE" reads like the code even when the word is "Active").
 */
async function readPage(page: Page, path: string, lang: string, skip: string): Promise<{ text: string; shouting: string[] }> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  return page.evaluate((skipped) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement?.closest(`script,style,template,noscript${skipped ? `,${skipped}` : ""}`) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const parts: string[] = [];
    while (walker.nextNode()) parts.push(walker.currentNode.nodeValue ?? "");
    const upper = (el: Element) => getComputedStyle(el).textTransform === "uppercase";
    const shouting = [...document.querySelectorAll(".mantine-Badge-root")].filter((b) => upper(b) || [...b.querySelectorAll("*")].some(upper)).map((b) => (b.textContent ?? "").trim());
    return { text: parts.join("\n"), shouting };
  }, skip);
}

/**
 * What a page may show as code on purpose: the API reference's endpoint details are the wire
 * contract (`kind: BALANCE`, `LOW | NORMAL`), which a client must send as written. Its group
 * headings and summaries are still read.
 */
const SKIP: Record<string, string> = { "/admin/api": ".mantine-Accordion-panel" };

for (const l of LANGS) {
  test(`no raw code on the admin pages (${l.lang})`, async ({ browser }) => {
    test.slow(); // every admin page
    const ctx = await browser.newContext({ ...asClient(), locale: l.locale, storageState: pages.adminState });
    await ctx.addCookies([{ name: "NEXT_LOCALE", value: l.lang, url: test.info().project.use.baseURL! }]);
    const page = await ctx.newPage();
    const found: string[] = [];
    const texts = new Map<string, string>();
    for (const p of [...ADMIN_PAGES, ...LOG_TABS]) {
      const path = pages.pathOf(p);
      const { text, shouting } = await readPage(page, path, l.lang, SKIP[p] ?? "");
      texts.set(p, text);
      for (const b of shouting) found.push(`${path} [${l.lang}] upper-cases the badge "${b}"`);
      for (const c of CHECKS) {
        const m = c.re.exec(text);
        if (m) found.push(`${path} [${l.lang}] shows ${c.what}: "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, " ")}…"`);
      }
      // The actor of a system row is a word, never the code.
      if (p.startsWith("/admin/logs") && /(^|\t|\n)system(\t|\n|$)/.test(text)) found.push(`${path} [${l.lang}] shows the actor code "system"`);
    }
    await ctx.close();
    expect(found, `raw codes on the page:\n${found.join("\n")}`).toEqual([]);

    // The walk had something to show: the refund, the suspension and the tasks, in words.
    const en = l.lang === "en";
    const audit = texts.get("/admin/logs?kind=audit")!;
    expect(audit).toContain(en ? "Order refunded" : "订单已退款");
    expect(audit).toContain(en ? "Payment confirmed by staff" : "管理员确认收款");
    expect(audit).toContain(en ? "Subscription suspended" : "暂停订阅");
    expect(audit).toMatch(en ? /Order [0-9a-f]{8}/ : /订单 [0-9a-f]{8}/);
    expect(texts.get("/admin/logs?kind=task")!).toContain(en ? "Sync a panel client" : "同步面板客户端");
    const tasks = texts.get("/admin/tasks")!;
    expect(tasks).toContain(en ? "Sync a panel client" : "同步面板客户端");
    expect(tasks).toMatch(en ? /Panel client [0-9a-f]{8}/ : /面板客户端 [0-9a-f]{8}/);
    expect(texts.get("/admin/orders")!).toContain(en ? "Refunded" : "已退款");
    expect(texts.get("/admin/subscriptions")!).toContain(en ? "Suspended" : "已暂停");
    expect(texts.get("/admin/api")!).toContain(en ? "Sign-in and accounts" : "登录与账户");
  });
}
