"use server";
// Admin mail templates: thin wrappers; every verb checks for an admin caller and validates the draft.
import { runAction } from "@/server/actions/run-action";
import { previewMailTemplate, resetMailTemplate, saveMailTemplate, sendTestMailTemplate } from "@/server/services/mail-templates";

const pages = (template: string, locale: string) => ["/admin/mail-templates", `/admin/mail-templates/${encodeURIComponent(template)}/${encodeURIComponent(locale)}`];

export async function saveMailTemplateAction(template: string, locale: string, draft: Record<string, unknown>) {
  return runAction((ctx) => saveMailTemplate(ctx, template, locale, draft), { revalidate: pages(template, locale) });
}

export async function resetMailTemplateAction(template: string, locale: string) {
  return runAction((ctx) => resetMailTemplate(ctx, template, locale), { revalidate: pages(template, locale) });
}

export async function previewMailTemplateAction(template: string, locale: string, draft: Record<string, unknown>) {
  return runAction((ctx) => previewMailTemplate(ctx, template, locale, draft));
}

export async function sendTestMailTemplateAction(template: string, locale: string, draft: Record<string, unknown>) {
  return runAction((ctx) => sendTestMailTemplate(ctx, template, locale, draft));
}
