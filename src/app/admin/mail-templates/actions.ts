"use server";
// Admin mail templates: thin wrappers; admins only (the wrapper and every verb check); the verbs
// validate the template, locale and draft.
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { previewMailTemplate, resetMailTemplate, saveMailTemplate, sendTestMailTemplate } from "@/server/services/mail-templates";

const pages = ([template, locale]: readonly [string, string, ...unknown[]]) => ["/admin/mail-templates", `/admin/mail-templates/${encodeURIComponent(template)}/${encodeURIComponent(locale)}`];
const WithDraft = args(["template", str], ["locale", str], ["draft", fields]);

export async function saveMailTemplateAction(...a: [template: string, locale: string, draft: Record<string, unknown>]) {
  return runAction(WithDraft, a, (ctx, [template, locale, draft]) => saveMailTemplate(ctx, template, locale, draft), { revalidate: pages, permission: "mail.manage" });
}

export async function resetMailTemplateAction(...a: [template: string, locale: string]) {
  return runAction(args(["template", str], ["locale", str]), a, (ctx, [template, locale]) => resetMailTemplate(ctx, template, locale), { revalidate: pages, permission: "mail.manage" });
}

export async function previewMailTemplateAction(...a: [template: string, locale: string, draft: Record<string, unknown>]) {
  return runAction(WithDraft, a, (ctx, [template, locale, draft]) => previewMailTemplate(ctx, template, locale, draft), { permission: "mail.manage" });
}

export async function sendTestMailTemplateAction(...a: [template: string, locale: string, draft: Record<string, unknown>]) {
  return runAction(WithDraft, a, (ctx, [template, locale, draft]) => sendTestMailTemplate(ctx, template, locale, draft), { permission: "mail.manage" });
}
