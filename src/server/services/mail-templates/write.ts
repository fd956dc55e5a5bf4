// Saving and resetting an admin's mail template. No row means the built-in default, so reset deletes
// the row. Each write is audited in the same transaction.
import { and, eq } from "drizzle-orm";
import { type Ctx, requireAdmin } from "../../context";
import { mailTemplateOverrides } from "../../db/schema";
import { recordAudit } from "../audit";
import { templateKey, validateDraft } from "./inputs";

export async function saveMailTemplate(ctx: Ctx, rawTemplate: unknown, rawLocale: unknown, rawDraft: unknown): Promise<{ template: string; locale: string; updatedAt: Date }> {
  requireAdmin(ctx, "mail.manage");
  const { template, locale } = templateKey(rawTemplate, rawLocale);
  const draft = validateDraft(template, rawDraft);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const values = { ...draft, updatedBy: ctx.actor.userId ?? null, updatedAt: now };
    await tx
      .insert(mailTemplateOverrides)
      .values({ template, locale, ...values })
      .onConflictDoUpdate({ target: [mailTemplateOverrides.template, mailTemplateOverrides.locale], set: values });
    // Sizes, not the words: the audit log is no copy of the template.
    await recordAudit(ctx, { action: "mail_template.save", targetType: "mail_template", targetId: `${template}/${locale}`, metadata: { template, locale, subjectChars: draft.subject.length, textChars: draft.text.length, htmlChars: draft.html.length } }, tx);
    return { template, locale, updatedAt: now };
  });
}

/** Back to the built-in default; `reset: false` when it already was the default (nothing audited). */
export async function resetMailTemplate(ctx: Ctx, rawTemplate: unknown, rawLocale: unknown): Promise<{ reset: boolean }> {
  requireAdmin(ctx, "mail.manage");
  const { template, locale } = templateKey(rawTemplate, rawLocale);
  return ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(mailTemplateOverrides)
      .where(and(eq(mailTemplateOverrides.template, template), eq(mailTemplateOverrides.locale, locale)))
      .returning({ template: mailTemplateOverrides.template });
    if (!gone.length) return { reset: false };
    await recordAudit(ctx, { action: "mail_template.reset", targetType: "mail_template", targetId: `${template}/${locale}`, metadata: { template, locale } }, tx);
    return { reset: true };
  });
}
