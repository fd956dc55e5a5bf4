import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { negotiateLocale } from "../server/http/request-meta";

export const LOCALES = ["zh-CN", "en"] as const;
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** No locale in the URL: the language cookie wins, then Accept-Language, then zh-CN. */
export default getRequestConfig(async () => {
  const [c, h] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale(c.get(LOCALE_COOKIE)?.value, h.get("accept-language"));
  return { locale, messages: (await import(`../../messages/${locale}.json`)).default, timeZone: "Asia/Shanghai" };
});
