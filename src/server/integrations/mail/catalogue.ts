// The mail templates the site sends, each with the placeholders its mails fill in (what an admin may
// use when editing it) and sample values for the preview. The placeholders' descriptions are UI words
// (messages/<locale>/mail-templates.json, `mailTemplates.placeholders.<name>`).
import { formatDateTime, formatMoney } from "../../../i18n/format";

export const MAIL_TEMPLATES = ["verify-email", "reset-password", "change-email", "support-contact", "receipt", "notification", "test"] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MAIL_LOCALES = ["en", "zh-CN"] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

export const PLACEHOLDERS: Record<MailTemplate, readonly string[]> = {
  "verify-email": ["site", "link", "minutes"],
  "reset-password": ["site", "link", "minutes"],
  "change-email": ["site", "link", "minutes"],
  "support-contact": ["site", "link", "minutes"],
  receipt: ["site", "orderNo", "amount", "time", "link"],
  notification: ["site", "title", "body", "link"],
  test: ["site", "time"],
};

export const isMailTemplate = (v: unknown): v is MailTemplate => typeof v === "string" && (MAIL_TEMPLATES as readonly string[]).includes(v);
export const isMailLocale = (v: unknown): v is MailLocale => typeof v === "string" && (MAIL_LOCALES as readonly string[]).includes(v);

/** Believable values for a preview or a test mail; the site's name and address come from the settings. */
export function sampleValues(template: MailTemplate, locale: MailLocale, site: { name: string; url: string }, now: Date): Record<string, string> {
  const base = site.url.replace(/\/+$/, "") || "https://relay.example.com";
  const path = template === "reset-password" ? "/reset-password" : template === "receipt" ? "/orders/sample" : template === "notification" ? "/notifications" : template === "support-contact" ? "/support/contact" : "/verify-email";
  const all: Record<string, string> = {
    site: site.name,
    link: template === "receipt" || template === "notification" ? `${base}${path}` : `${base}${path}?token=SAMPLE-TOKEN`,
    minutes: "30",
    time: formatDateTime(now, locale),
    orderNo: "R20260101ABCD",
    amount: formatMoney(990, "CNY", locale),
    title: locale === "en" ? "Your ticket has a new reply" : "您的工单有新回复",
    body: locale === "en" ? "An administrator answered your ticket.\nOpen it to read the reply." : "管理员回复了您的工单。\n打开查看回复内容。",
  };
  return Object.fromEntries(PLACEHOLDERS[template].map((k) => [k, all[k] ?? ""]));
}
