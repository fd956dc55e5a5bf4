// The mail templates the site sends, each with the placeholders its mails fill in (what an admin may
// use when editing it) and sample values for the preview. The placeholders' descriptions are UI words
// (messages/<locale>/mail-templates.json, `mailTemplates.placeholders.<name>`).
import { formatDate, formatDateTime, formatMoney } from "../../../i18n/format";

export const MAIL_TEMPLATES = ["verify-email", "reset-password", "change-email", "support-contact", "receipt", "notification", "daily-digest", "test", "gift", "staff-invite"] as const;
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
  // The administrators' daily digest (services/node-alerts): its subject line and plain-text figures.
  "daily-digest": ["site", "title", "body", "link"],
  test: ["site", "time"],
  // Issue 28: a gift's one-time claim link, to its recipient: who sent it, what it is, claim before when.
  gift: ["site", "link", "sender", "plan", "time"],
  // Issue 29: an owner's invitation to join the staff: the one-time link, the role, valid until when.
  "staff-invite": ["site", "link", "role", "time"],
};

export const isMailTemplate = (v: unknown): v is MailTemplate => typeof v === "string" && (MAIL_TEMPLATES as readonly string[]).includes(v);
export const isMailLocale = (v: unknown): v is MailLocale => typeof v === "string" && (MAIL_LOCALES as readonly string[]).includes(v);

/** Believable values for a preview or a test mail; the site's name and address come from the settings. */
export function sampleValues(template: MailTemplate, locale: MailLocale, site: { name: string; url: string }, now: Date): Record<string, string> {
  const base = site.url.replace(/\/+$/, "") || "https://relay.example.com";
  const path = template === "reset-password" ? "/reset-password" : template === "receipt" ? "/orders/sample" : template === "notification" ? "/notifications" : template === "daily-digest" ? "/admin" : template === "support-contact" ? "/support/contact" : template === "gift" ? "/gift/SAMPLE-CODE" : template === "staff-invite" ? "/staff-invite/SAMPLE-TOKEN" : "/verify-email";
  const all: Record<string, string> = {
    site: site.name,
    link: template === "receipt" || template === "notification" || template === "daily-digest" || template === "gift" || template === "staff-invite" ? `${base}${path}` : `${base}${path}?token=SAMPLE-TOKEN`,
    minutes: "30",
    time: formatDateTime(now, locale),
    orderNo: "R20260101ABCD",
    amount: formatMoney(990, "CNY", locale),
    title: locale === "en" ? "Your ticket has a new reply" : "您的工单有新回复",
    body: locale === "en" ? "An administrator answered your ticket.\nOpen it to read the reply." : "管理员回复了您的工单。\n打开查看回复内容。",
    sender: "Alice",
    plan: locale === "en" ? "Standard (100 GB, 30 days)" : "标准套餐（100 GB，30 天）",
    role: locale === "en" ? "Support" : "客服",
  };
  if (template === "daily-digest") {
    const day = formatDate(new Date(now.getTime() - 86_400_000), locale);
    all.title = locale === "en" ? `Daily digest for ${day}` : `${day} 每日摘要`;
    all.body =
      locale === "en"
        ? `What happened on ${day} (Beijing time):\n\nRevenue: ${formatMoney(12_900, "CNY", locale)} from 3 orders\nOrders paid: 3\nNew users: 5\nTraffic: 42.5 GB (UTC day of ${day})\nNode incidents: none`
        : `${day}（北京时间）概况：\n\n收入：${formatMoney(12_900, "CNY", locale)}（3 笔订单）\n已支付订单：3\n新注册用户：5\n流量：42.5 GB（UTC 日 ${day}）\n节点故障：无`;
  }
  return Object.fromEntries(PLACEHOLDERS[template].map((k) => [k, all[k] ?? ""]));
}
