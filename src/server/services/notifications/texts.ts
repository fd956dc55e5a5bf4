// Notifications the system writes are worded in the recipient's language from the catalogue
// (messages/<locale>/notifications.json, `notifications.texts`), with the same translator the
// browser uses, so the bell and the mail read alike.
import { createTranslator } from "use-intl/core";
import { formatDateTime, formatMoney, SITE_TIME_ZONE } from "../../../i18n/format";
import en from "../../../../messages/en/notifications.json";
import zh from "../../../../messages/zh-CN/notifications.json";

export type NotificationTextKey = keyof typeof en.notifications.texts;
export type TextLocale = "zh-CN" | "en";
const CATALOGUES = { en, "zh-CN": zh } as const;

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A translator per recipient language over one area's catalogues (`{ en, "zh-CN" }` imported from
 * messages/<locale>/<area>.json) and one namespace in them, made once per language. Every area that
 * words what the system tells a user (refunds, transfers, auto-renew) uses this.
 */
export function catalogueTranslator(catalogues: Record<TextLocale, object>, namespace: string): (locale: TextLocale) => Translate {
  const cache = new Map<TextLocale, Translate>();
  return (locale) => {
    let t = cache.get(locale);
    if (!t) {
      t = createTranslator({ locale, messages: catalogues[locale] as never, namespace: namespace as never, timeZone: SITE_TIME_ZONE }) as unknown as Translate;
      cache.set(locale, t);
    }
    return t;
  };
}

const translator = catalogueTranslator(CATALOGUES, "notifications.texts");

export const textLocale = (userLocale: string | null | undefined): TextLocale => (userLocale === "en" ? "en" : "zh-CN");

/** An amount in a text's parameters, written by the one money formatter in the recipient's locale. */
export interface MoneyParam { minor: number; currency: string }
/** A moment in a text's parameters, written in the site's time zone and the recipient's locale. */
export interface TimeParam { at: Date }
export type TextParams = Record<string, string | number | MoneyParam | TimeParam>;

const worded = (v: TextParams[string], locale: TextLocale): string | number =>
  typeof v !== "object" ? v : "at" in v ? formatDateTime(v.at, locale) : formatMoney(v.minor, v.currency, locale);

/** The title and body of `key` in `locale`. */
export function notificationText(locale: TextLocale, key: NotificationTextKey, params: TextParams = {}): { title: string; body: string } {
  const t = translator(locale);
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, worded(v, locale)]));
  return { title: t(`${key}.title`, values), body: t(`${key}.body`, values) };
}
