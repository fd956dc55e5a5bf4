// Preview and test send of a mail template, with sample values: a draft (checked exactly as on
// save) or what is stored. The test mail goes straight to the admin's own address, not through the
// queue, so the admin sees the mail server's answer (as the settings page's SMTP test does).
import { eq } from "drizzle-orm";
import { type Ctx, requireAdmin } from "../../context";
import { users } from "../../db/schema";
import { env } from "../../env";
import { unauthenticated, unavailable } from "../../errors";
import { deliver, isMailTransportError, loadOverride, renderSource, renderWithFallback, sampleValues, type MailLocale, type MailTemplate, type RenderedMail } from "../../integrations/mail";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "../settings/queries";
import { assertSmtpSecretReadable } from "../settings/secret-state";
import { smtpConfigured } from "../settings/update-settings";
import { templateKey, validateDraft } from "./inputs";

type Settings = Awaited<ReturnType<typeof getSettingsWithSecrets>>;

async function renderSample(ctx: Ctx, settings: Settings, template: MailTemplate, locale: MailLocale, rawDraft: unknown): Promise<RenderedMail & { usedOverride: boolean }> {
  const values = sampleValues(template, locale, { name: settings.siteName, url: settings.siteUrl || env().appUrl }, ctx.now());
  if (rawDraft !== undefined && rawDraft !== null) return { ...renderSource(template, validateDraft(template, rawDraft), values), usedOverride: true };
  const { mail, usedOverride } = renderWithFallback(template, locale, await loadOverride(ctx.db, template, locale), values);
  return { ...mail, usedOverride };
}

/** The mail as it would read with sample values; `usedOverride` false when the built-in default was used. */
export async function previewMailTemplate(ctx: Ctx, rawTemplate: unknown, rawLocale: unknown, rawDraft?: unknown): Promise<RenderedMail & { usedOverride: boolean }> {
  requireAdmin(ctx, "mail.manage");
  const { template, locale } = templateKey(rawTemplate, rawLocale);
  return renderSample(ctx, await getSettingsWithSecrets(ctx.db), template, locale, rawDraft);
}

/** Sends the preview to the signed-in admin's own address. */
export async function sendTestMailTemplate(ctx: Ctx, rawTemplate: unknown, rawLocale: unknown, rawDraft?: unknown): Promise<{ to: string; messageId: string }> {
  requireAdmin(ctx, "mail.manage");
  const { template, locale } = templateKey(rawTemplate, rawLocale);
  if (!ctx.actor.userId) throw unauthenticated(); // the CLI has no mailbox of its own
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.actor.userId));
  if (!me) throw unauthenticated();
  const settings = await getSettingsWithSecrets(ctx.db);
  const mail = await renderSample(ctx, settings, template, locale, rawDraft); // a bad draft is refused before SMTP matters
  if (!smtpConfigured(settings)) throw unavailable("smtp_not_configured");
  assertSmtpSecretReadable(settings);
  const audit = (ok: boolean, error?: string) =>
    recordAudit(ctx, { action: "mail_template.test_send", targetType: "mail_template", targetId: `${template}/${locale}`, metadata: { template, locale, to: me.email, draft: rawDraft != null, ok, ...(error ? { error } : {}) } });
  try {
    const r = await deliver(settings, { to: me.email, subject: mail.subject, text: mail.text, html: mail.html });
    await audit(true);
    return { to: me.email, messageId: r.messageId };
  } catch (err) {
    if (!isMailTransportError(err)) throw err;
    await audit(false, (err as Error).message);
    throw unavailable("test_mail_refused", { detail: (err as Error).message });
  }
}
