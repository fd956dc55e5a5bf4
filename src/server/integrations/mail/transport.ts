import nodemailer from "nodemailer";
import { env } from "../../env";
import { isUnreadableSecret, type StoredSecret } from "../../services/settings/secret-state";

export interface SmtpSettings { smtpHost: string; smtpPort: number; smtpSecure: boolean; smtpUser: string; smtpPassword: StoredSecret; smtpFrom: string; siteName: string }

export interface OutgoingMail { to: string; subject: string; text: string; html: string }

/** SMTP_URL in the environment overrides the stored settings (handy for operators and tests). */
export function createTransport(s: SmtpSettings) {
  const url = env().SMTP_URL;
  if (url) return nodemailer.createTransport(url);
  if (!s.smtpHost) throw new Error("SMTP is not configured");
  // Never fall back to an empty password: the stored one exists but the current keys cannot read it.
  if (isUnreadableSecret(s.smtpPassword)) throw new Error("SMTP password cannot be decrypted with the configured keys; re-enter it in the settings");
  return nodemailer.createTransport({
    host: s.smtpHost,
    port: s.smtpPort,
    secure: s.smtpSecure,
    auth: s.smtpUser ? { user: s.smtpUser, pass: s.smtpPassword } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

export function fromAddress(s: SmtpSettings): string {
  const addr = env().SMTP_FROM || s.smtpFrom || s.smtpUser || "no-reply@localhost";
  return addr.includes("<") ? addr : `"${s.siteName.replace(/"/g, "")}" <${addr}>`;
}

export async function deliver(s: SmtpSettings, mail: OutgoingMail): Promise<{ messageId: string }> {
  const transport = createTransport(s);
  try {
    // An admin may clear a template's HTML part: then the mail is plain text only.
    const info = await transport.sendMail({ from: fromAddress(s), to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
    return { messageId: info.messageId };
  } finally {
    transport.close();
  }
}

/** nodemailer's errors (EAUTH, EENVELOPE, ECONNECTION, ETIMEDOUT...) and raw socket errnos (ECONNREFUSED): the mail server's answer, not our bug. */
export const isMailTransportError = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^E[A-Z_]+$/.test(code);
};
