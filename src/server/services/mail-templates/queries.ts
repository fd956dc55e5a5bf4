// Reading mail templates for the admin page: which are customised, and one template's effective
// content next to its built-in default.
import { type Ctx, requireAdmin } from "../../context";
import { mailTemplateOverrides } from "../../db/schema";
import { checkTemplate, defaultSource, loadOverride, MAIL_LOCALES, MAIL_TEMPLATES, PLACEHOLDERS, type MailLocale, type MailSource, type MailTemplate } from "../../integrations/mail";
import { templateKey } from "./inputs";

export interface MailTemplateListRow { template: MailTemplate; locale: MailLocale; customised: boolean; updatedAt: Date | null }

/** Every template in every language, in catalogue order (a fixed, short list: no paging). */
export async function listMailTemplates(ctx: Ctx): Promise<MailTemplateListRow[]> {
  requireAdmin(ctx, "mail.manage");
  const rows = await ctx.db.select({ template: mailTemplateOverrides.template, locale: mailTemplateOverrides.locale, updatedAt: mailTemplateOverrides.updatedAt }).from(mailTemplateOverrides);
  const stored = new Map(rows.map((r) => [`${r.template}|${r.locale}`, r.updatedAt]));
  return MAIL_TEMPLATES.flatMap((template) =>
    MAIL_LOCALES.map((locale) => {
      const updatedAt = stored.get(`${template}|${locale}`) ?? null;
      return { template, locale, customised: updatedAt !== null, updatedAt };
    }),
  );
}

export interface MailTemplateDetail {
  template: MailTemplate;
  locale: MailLocale;
  placeholders: readonly string[];
  customised: boolean;
  updatedAt: Date | null;
  /** What mails use now: the override, or the default when there is none. */
  current: MailSource;
  defaults: MailSource;
  /** The stored override cannot be rendered (mails fall back to the default): which part. */
  storedProblem: keyof MailSource | null;
}

export async function getMailTemplate(ctx: Ctx, rawTemplate: unknown, rawLocale: unknown): Promise<MailTemplateDetail> {
  requireAdmin(ctx, "mail.manage");
  const { template, locale } = templateKey(rawTemplate, rawLocale);
  const override = await loadOverride(ctx.db, template, locale);
  const defaults = defaultSource(template, locale);
  const storedProblem = override ? ((["subject", "text", "html"] as const).find((p) => "problem" in checkTemplate(override[p], PLACEHOLDERS[template])) ?? null) : null;
  return {
    template,
    locale,
    placeholders: PLACEHOLDERS[template],
    customised: !!override,
    updatedAt: override?.updatedAt ?? null,
    current: override ? { subject: override.subject, text: override.text, html: override.html } : defaults,
    defaults,
    storedProblem,
  };
}
