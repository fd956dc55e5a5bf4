// Issue 24 item 3: no raw code reaches an admin page, in either language. A page is read as a person
// sees it (every text node outside scripts, so Next's inline data does not count) and fails on
// dotted action names (order.refunded), task kinds (panel.client.sync), enum codes (ACTIVE, PAID,
// PENDING_EMAIL), `system` as an actor of a log row, `key=value` payloads and `order · <uuid>` in the
// page's text, and on any status badge that CSS upper-cases ("ACTIVE" reads like the code even when
// the word is "Active").
import { expect, type Page } from "@playwright/test";
import { USER_ROLES, USER_STATUSES } from "../src/server/db/schema/accounts";
import { TASK_KINDS, TASK_STATUSES } from "../src/server/db/schema/audit";
import { AUDIT_ACTIONS } from "../src/server/db/schema/audit-actions";
import { PLAN_KINDS } from "../src/server/db/schema/catalog";
import { ORDER_KINDS, ORDER_STATUSES, PAID_VIA, PAYMENT_STATUSES, REVIEW_STATUSES, SUBSCRIPTION_STATUSES } from "../src/server/db/schema/commerce";
import { RISK_LEVELS, RISK_REVIEW_STATUSES } from "../src/server/db/schema/risk";
import { TICKET_STATUSES } from "../src/server/db/schema/support-kinds";

/** The log tabs, read for raw codes only (the admin walk's other checks see /admin/logs itself). */
export const LOG_TABS = ["/admin/logs?kind=audit", "/admin/logs?kind=task", "/admin/logs?kind=traffic", "/admin/logs?kind=riskEvent"];

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

/**
 * What a page may show as code on purpose: the API reference's endpoint details are the wire
 * contract (`kind: BALANCE`, `LOW | NORMAL`), which a client must send as written. Its group
 * headings and summaries are still read.
 */
const SKIP: Record<string, string> = { "/admin/api": ".mantine-Accordion-panel" };

/**
 * The walk had something to show (the site is seeded with an order bought, confirmed and refunded, a
 * gift subscription suspended, and the tasks and audit rows those wrote): these words are on these pages.
 */
const SHOWN: Record<string, (en: boolean) => (string | RegExp)[]> = {
  "/admin/logs?kind=audit": (en) => [en ? "Order refunded" : "订单已退款", en ? "Payment confirmed by staff" : "管理员确认收款", en ? "Subscription suspended" : "暂停订阅", en ? /Order [0-9a-f]{8}/ : /订单 [0-9a-f]{8}/],
  "/admin/logs?kind=task": (en) => [en ? "Sync a panel client" : "同步面板客户端"],
  "/admin/tasks": (en) => [en ? "Sync a panel client" : "同步面板客户端", en ? /Panel client [0-9a-f]{8}/ : /面板客户端 [0-9a-f]{8}/],
  "/admin/orders": (en) => [en ? "Refunded" : "已退款"],
  "/admin/subscriptions": (en) => [en ? "Suspended" : "已暂停"],
  "/admin/api": (en) => [en ? "Sign-in and accounts" : "登录与账户"],
};

/** Raw codes on the loaded admin page `p` (as listed in the walk), in language `lang`. */
export async function rawCodeFindings(page: Page, p: string, label: string, lang: "en" | "zh-CN"): Promise<string[]> {
  const { text, shouting } = await page.evaluate((skipped) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement?.closest(`script,style,template,noscript${skipped ? `,${skipped}` : ""}`) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const parts: string[] = [];
    while (walker.nextNode()) parts.push(walker.currentNode.nodeValue ?? "");
    const upper = (el: Element) => getComputedStyle(el).textTransform === "uppercase";
    const badges = [...document.querySelectorAll(".mantine-Badge-root")].filter((b) => upper(b) || [...b.querySelectorAll("*")].some(upper));
    return { text: parts.join("\n"), shouting: badges.map((b) => (b.textContent ?? "").trim()) };
  }, SKIP[p] ?? "");
  const found = shouting.map((b) => `${label} upper-cases the badge "${b}"`);
  for (const c of CHECKS) {
    const m = c.re.exec(text);
    if (m) found.push(`${label} shows ${c.what}: "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, " ")}…"`);
  }
  // The actor of a system row is a word, never the code.
  if (p.startsWith("/admin/logs") && /(^|\t|\n)system(\t|\n|$)/.test(text)) found.push(`${label} shows the actor code "system"`);
  for (const words of SHOWN[p]?.(lang === "en") ?? []) {
    if (typeof words === "string") expect(text, `${label}: the seeded rows, in words`).toContain(words);
    else expect(text, `${label}: the seeded rows, in words`).toMatch(words);
  }
  return found;
}
