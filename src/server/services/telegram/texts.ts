// What the bot says, in the reader's language: messages/<locale>/telegram.json (`telegram.bot`),
// worded with the same translator as notifications, plus the shared label catalogue for codes
// (statuses, roles, risk reasons). Messages are sent as HTML, so every piece of text — catalogue
// words as much as user data — goes through `esc`; only the tags this module adds are markup.
import en from "../../../../messages/en/telegram.json";
import zh from "../../../../messages/zh-CN/telegram.json";
import enLabels from "../../../../messages/en/labels.json";
import zhLabels from "../../../../messages/zh-CN/labels.json";
import { formatDate, formatDateTime, formatMoney } from "../../../i18n/format";
import { catalogueTranslator, textLocale, type TextLocale, type Translate } from "../notifications/texts";

export { textLocale, type TextLocale };

const words = catalogueTranslator({ en, "zh-CN": zh }, "telegram.bot");

/** The bot's words in `locale` (keys under telegram.bot). */
export const botWords = (locale: TextLocale): Translate => words(locale);

const LABELS = { en: enLabels.labels, "zh-CN": zhLabels.labels } as Record<TextLocale, Record<string, Record<string, string> | undefined>>;

/** A code in words from the label catalogue (`labels.<family>.<code>`), or the code itself. */
export function labelWord(locale: TextLocale, family: string, code: string): string {
  return LABELS[locale][family]?.[code.replace(/[.:]/g, "_")] ?? code;
}

/** A chat nobody is bound to speaks Telegram's language of its user: Chinese for zh*, else English. */
export function chatLocale(languageCode: string | undefined): TextLocale {
  if (!languageCode) return "zh-CN";
  return languageCode.toLowerCase().startsWith("zh") ? "zh-CN" : "en";
}

export const esc = (s: string | number): string => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
export const bold = (s: string): string => `<b>${esc(s)}</b>`;
export const code = (s: string): string => `<code>${esc(s)}</code>`;

export const money = (minor: number, currency: string, locale: TextLocale) => formatMoney(minor, currency, locale);
export const when = (at: Date, locale: TextLocale) => formatDateTime(at, locale);
export const day = (at: Date, locale: TextLocale) => formatDate(at, locale);

/** Telegram's cap is 4096 characters after parsing; cut user text well before it. */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join("")}…`;
}
