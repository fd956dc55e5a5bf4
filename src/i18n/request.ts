import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { negotiateLocale } from "../server/http/request-meta";

export const LOCALES = ["zh-CN", "en"] as const;
export const LOCALE_COOKIE = "NEXT_LOCALE";

// Messages: messages/<locale>.json (shell, accounts, settings) plus one file per feature area in
// messages/<locale>/<area>.json, so areas can grow without editing one shared file.
const AREAS = ["errors", "nodes", "security", "support", "admin-users", "admin-orders", "forms", "payments", "catalog", "store", "subscriptions", "notifications", "tickets", "announcements", "mail-templates", "admin-subscriptions", "admin-subscription-rules", "subscription-page", "admin-risk", "admin-risk-logs", "risk-restriction", "devices", "api-reference", "dashboards", "admin-logs", "admin-backup", "wallet", "cards", "transfers", "auto-renew", "refunds", "balance-pay", "admin-wallet", "admin-wallet-user", "labels", "list-kit", "live", "contact", "pay-page", "journey", "webhooks", "api-tokens", "telegram", "node-alerts", "referral", "plan-change", "gifts", "kb", "staff"] as const;

export async function loadMessages(locale: string): Promise<Record<string, unknown>> {
  const base = (await import(`../../messages/${locale}.json`)).default as Record<string, unknown>;
  const parts = await Promise.all(AREAS.map(async (a) => (await import(`../../messages/${locale}/${a}.json`)).default as Record<string, unknown>));
  return Object.assign({}, base, ...parts);
}

/** No locale in the URL: the language cookie wins, then Accept-Language, then zh-CN. */
export default getRequestConfig(async () => {
  const [c, h] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale(c.get(LOCALE_COOKIE)?.value, h.get("accept-language"));
  return { locale, messages: await loadMessages(locale), timeZone: "Asia/Shanghai" };
});
