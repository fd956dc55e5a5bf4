// Which source a mail is rendered from: the admin's override (mail_template_overrides) when there
// is one, else the built-in default. An override that cannot be rendered (stored before a
// placeholder was withdrawn, or written around the service) falls back to the default with a
// warning in the log: a broken template must never stop a verification or reset mail.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailTemplateOverrides } from "../../db/schema";
import { log } from "../../logger";
import type { MailLocale, MailTemplate } from "./catalogue";
import { defaultSource, type MailSource } from "./default-templates";
import { renderSource, TemplateSourceError, type RenderedMail } from "./templates";

/** The stored override of one template in one language (one primary-key lookup), or null. */
export async function loadOverride(db: Db, template: MailTemplate, locale: MailLocale): Promise<(MailSource & { updatedAt: Date; updatedBy: string | null }) | null> {
  const [row] = await db
    .select({ subject: mailTemplateOverrides.subject, text: mailTemplateOverrides.text, html: mailTemplateOverrides.html, updatedAt: mailTemplateOverrides.updatedAt, updatedBy: mailTemplateOverrides.updatedBy })
    .from(mailTemplateOverrides)
    .where(and(eq(mailTemplateOverrides.template, template), eq(mailTemplateOverrides.locale, locale)));
  return row ?? null;
}

/** Renders with the override when it renders, else with the built-in default. */
export function renderWithFallback(template: MailTemplate, locale: MailLocale, override: MailSource | null, values: Record<string, string>): { mail: RenderedMail; usedOverride: boolean } {
  if (override) {
    try {
      return { mail: renderSource(template, override, values), usedOverride: true };
    } catch (err) {
      if (!(err instanceof TemplateSourceError)) throw err;
      log.warn("mail template override cannot be rendered; sending the built-in default", { template, locale, part: err.part, problem: err.message });
    }
  }
  return { mail: renderSource(template, defaultSource(template, locale), values), usedOverride: false };
}
