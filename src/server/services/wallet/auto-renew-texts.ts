// [wallet] What the auto-renew job tells a user, worded in the recipient's language from
// messages/<locale>/auto-renew.json (`autoRenew.notices`), with the translator the browser uses, so
// the bell and the mail read like the rest of the wallet page.
import { createTranslator } from "use-intl/core";
import en from "../../../../messages/en/auto-renew.json";
import zh from "../../../../messages/zh-CN/auto-renew.json";
import type { TextLocale } from "../notifications/texts";

export type AutoRenewNotice = keyof typeof en.autoRenew.notices;
type Translate = (key: string, params?: Record<string, string | number>) => string;

const CATALOGUES = { en, "zh-CN": zh } as const;
const cache = new Map<TextLocale, Translate>();

export function autoRenewNotice(locale: TextLocale, key: AutoRenewNotice, params: Record<string, string | number>): { title: string; body: string } {
  let t = cache.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "autoRenew.notices", timeZone: "Asia/Shanghai" }) as unknown as Translate;
    cache.set(locale, t);
  }
  return { title: t(`${key}.title`, params), body: t(`${key}.body`, params) };
}
