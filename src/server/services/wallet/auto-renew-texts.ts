// [wallet] What the auto-renew job tells a user, worded in the recipient's language from
// messages/<locale>/auto-renew.json (`autoRenew.notices`), with the translator the browser uses, so
// the bell and the mail read like the rest of the wallet page.
import en from "../../../../messages/en/auto-renew.json";
import zh from "../../../../messages/zh-CN/auto-renew.json";
import { catalogueTranslator, type TextLocale } from "../notifications/texts";

export type AutoRenewNotice = keyof typeof en.autoRenew.notices;

const translator = catalogueTranslator({ en, "zh-CN": zh }, "autoRenew.notices");

export function autoRenewNotice(locale: TextLocale, key: AutoRenewNotice, params: Record<string, string | number>): { title: string; body: string } {
  const t = translator(locale);
  return { title: t(`${key}.title`, params), body: t(`${key}.body`, params) };
}
