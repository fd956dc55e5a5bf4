// The built-in mail templates: what a mail says when no admin edited it, and what "reset to
// default" returns to. Written as short pieces of copy per language, assembled into full subject,
// text and HTML strings in the same placeholder syntax an admin edits (template-syntax.ts).
import type { MailLocale, MailTemplate } from "./catalogue";
import { escapeHtml } from "./template-syntax";

export interface MailSource { subject: string; text: string; html: string }

interface Copy { subject: string; intro: string; action?: string; outro: string }

const COPY: Record<MailLocale, Record<MailTemplate, Copy>> = {
  en: {
    "verify-email": {
      subject: "Verify your email for {{site}}",
      intro: "Welcome to {{site}}! Confirm your email address to activate your account.",
      action: "Verify email",
      outro: "This link is valid for {{minutes}} minutes. If you did not sign up, ignore this mail.",
    },
    "reset-password": {
      subject: "Reset your {{site}} password",
      intro: "Someone asked to reset the password of your {{site}} account.",
      action: "Choose a new password",
      outro: "This link is valid for {{minutes}} minutes. If it was not you, ignore this mail: your password stays the same.",
    },
    "change-email": {
      subject: "Confirm your new email for {{site}}",
      intro: "Confirm that this address should become the login email of your {{site}} account.",
      action: "Confirm new email",
      outro: "This link is valid for {{minutes}} minutes. If you did not ask for this, ignore this mail.",
    },
    "support-contact": {
      subject: "Send your message to {{site}} support",
      intro: "You wrote to {{site}} support. Open the link to confirm that this address is yours and send the message.",
      action: "Send my message",
      outro: "This link is valid for {{minutes}} minutes. If you did not write to us, ignore this mail: nothing is sent.",
    },
    test: { subject: "{{site}} test mail", intro: "This is a test mail from {{site}}. Your SMTP settings work.", outro: "Sent at {{time}}." },
    receipt: {
      subject: "{{site}} receipt for order {{orderNo}}",
      intro: "Thank you! We received {{amount}} for order {{orderNo}}. What you bought is active now.",
      action: "View the order",
      outro: "Paid at {{time}}. Keep this mail as your receipt.",
    },
    notification: {
      subject: "{{title}} - {{site}}",
      intro: "{{title}}\n\n{{body}}",
      action: "Open in {{site}}",
      outro: "You get this mail because you chose this kind of notification by mail. Change it under Notifications on the site.",
    },
    "daily-digest": {
      subject: "{{title}} - {{site}}",
      intro: "{{body}}",
      action: "Open the dashboard",
      outro: "Every active administrator of {{site}} gets this mail each morning while the daily digest is on. Turn it off in the settings (Telegram, webhooks and alerts).",
    },
    gift: {
      subject: "{{sender}} sent you a gift on {{site}}",
      intro: "{{sender}} bought you {{plan}} on {{site}}. Open the link to claim it into your account; you can create an account on the way.",
      action: "Claim your gift",
      outro: "Claim it before {{time}}. Whoever holds this link can claim the gift, so do not share it.",
    },
    "staff-invite": {
      subject: "You are invited to join the staff of {{site}}",
      intro: "You are invited to help run {{site}} as {{role}}. Open the link to accept: you choose a password (or sign in to your existing account), then set up two-factor sign-in before the admin pages open.",
      action: "Accept the invitation",
      outro: "The link works once, until {{time}}. If you did not expect this invitation, ignore this mail.",
    },
  },
  "zh-CN": {
    "verify-email": {
      subject: "验证您在 {{site}} 的邮箱",
      intro: "欢迎加入 {{site}}！请确认您的邮箱地址以激活账户。",
      action: "验证邮箱",
      outro: "链接 {{minutes}} 分钟内有效。如果您没有注册，请忽略本邮件。",
    },
    "reset-password": {
      subject: "重置您的 {{site}} 密码",
      intro: "有人请求重置您在 {{site}} 的账户密码。",
      action: "设置新密码",
      outro: "链接 {{minutes}} 分钟内有效。如果不是您本人操作，请忽略本邮件，密码不会改变。",
    },
    "change-email": {
      subject: "确认您在 {{site}} 的新邮箱",
      intro: "请确认将此地址设为您在 {{site}} 账户的登录邮箱。",
      action: "确认新邮箱",
      outro: "链接 {{minutes}} 分钟内有效。如果不是您本人操作，请忽略本邮件。",
    },
    "support-contact": {
      subject: "发送您给 {{site}} 客服的留言",
      intro: "您给 {{site}} 客服写了留言。打开链接，确认此邮箱属于您，留言即会发送。",
      action: "发送我的留言",
      outro: "链接 {{minutes}} 分钟内有效。如果您没有给我们留言，请忽略本邮件，不会发送任何内容。",
    },
    test: { subject: "{{site}} 测试邮件", intro: "这是一封来自 {{site}} 的测试邮件，您的 SMTP 设置可以正常使用。", outro: "发送时间：{{time}}。" },
    receipt: {
      subject: "{{site}} 订单 {{orderNo}} 支付成功",
      intro: "感谢您的购买！我们已收到订单 {{orderNo}} 的付款 {{amount}}，您购买的服务现已生效。",
      action: "查看订单",
      outro: "支付时间：{{time}}。请保留本邮件作为收据。",
    },
    notification: {
      subject: "{{title}} - {{site}}",
      intro: "{{title}}\n\n{{body}}",
      action: "在 {{site}} 中查看",
      outro: "您收到这封邮件，是因为您选择了通过邮件接收此类通知。可在网站的“通知”页面中更改。",
    },
    "daily-digest": {
      subject: "{{title}} - {{site}}",
      intro: "{{body}}",
      action: "打开仪表盘",
      outro: "每日摘要开启时，{{site}} 的每位正常状态的管理员每天早上都会收到这封邮件。可在设置（Telegram、Webhook 与告警）中关闭。",
    },
    gift: {
      subject: "{{sender}} 在 {{site}} 送您一份礼物",
      intro: "{{sender}} 在 {{site}} 为您购买了 {{plan}}。打开链接即可领取到您的账户，没有账户可以顺便注册。",
      action: "领取礼物",
      outro: "请在 {{time}} 之前领取。持有此链接的人都可以领取这份礼物，请勿转发给他人。",
    },
    "staff-invite": {
      subject: "邀请您加入 {{site}} 的工作人员",
      intro: "邀请您以 {{role}} 身份参与管理 {{site}}。打开链接接受邀请：设置密码（或登录您已有的账户），然后开启两步验证，即可进入管理后台。",
      action: "接受邀请",
      outro: "链接只能使用一次，有效期至 {{time}}。如果您没有预料到这份邀请，请忽略本邮件。",
    },
  },
};

/**
 * One template's built-in source. The copy holds no markup, so escaping it as a whole keeps the
 * `{{...}}` tags intact and gives the same HTML as escaping the filled-in copy.
 */
function assemble(locale: MailLocale, c: Copy): MailSource {
  const linkLine = c.action ? `{{#link}}\n${c.action}: {{link}}\n{{/link}}` : "";
  const button = c.action
    ? `{{#link}}<p style="margin:24px 0"><a href="{{link}}" style="background:#228be6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p><p style="font-size:12px;color:#868e96;word-break:break-all">{{link}}</p>{{/link}}`
    : "";
  return {
    subject: c.subject,
    text: `${c.intro}\n${linkLine}\n${c.outro}`,
    html: `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#212529"><h2>{{site}}</h2><p style="white-space:pre-line">${escapeHtml(c.intro)}</p>${button}<p style="color:#495057">${escapeHtml(c.outro)}</p></body></html>`,
  };
}

/** The built-in source of a template in a language (English for a language we do not have). */
export function defaultSource(template: MailTemplate, locale: MailLocale): MailSource {
  const copy = COPY[locale]?.[template] ?? COPY.en[template];
  return assemble(COPY[locale] ? locale : "en", copy);
}
