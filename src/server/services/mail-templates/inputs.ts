// What an admin may store as a mail template, checked the same way for save, preview and test send:
// the template and language exist, the subject is one line, the parts fit their size caps, every
// `{{` opens a well-formed tag and every placeholder is one the template fills in.
import { Buffer } from "node:buffer";
import { z } from "zod";
import { DomainError, validationError } from "../../errors";
import { checkTemplate, isMailLocale, isMailTemplate, PLACEHOLDERS, type MailLocale, type MailSource, type MailTemplate } from "../../integrations/mail";
import { parseInput } from "../../validation";

/** Caps in UTF-8 bytes: the subject and text part together, and the HTML part. */
export const TEXT_MAX_BYTES = 10 * 1024;
export const HTML_MAX_BYTES = 100 * 1024;

// Lengths here only bound the work (loosely: a character is up to 4 bytes); the byte caps below
// give the precise answer, as 413.
const DraftInput = z.strictObject({
  subject: z.string().trim().min(1).max(4 * TEXT_MAX_BYTES),
  text: z.string().max(4 * TEXT_MAX_BYTES).refine((s) => s.trim().length > 0, { message: "required" }),
  html: z.string().max(4 * HTML_MAX_BYTES).default(""),
});
export type Draft = z.infer<typeof DraftInput>;

/** The template and language named by a caller: unknown template 404, unknown language 400. */
export function templateKey(template: unknown, locale: unknown): { template: MailTemplate; locale: MailLocale } {
  if (!isMailTemplate(template)) throw new DomainError("NOT_FOUND", "mail_template_not_found");
  if (!isMailLocale(locale)) throw validationError("invalid_input", { fields: { locale: "invalid_choice" } });
  return { template, locale };
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/** Parses and checks a draft for a template; throws the first problem as a DomainError. */
export function validateDraft(template: MailTemplate, raw: unknown): MailSource {
  const d = parseInput(DraftInput, raw);
  if (/[\r\n]/.test(d.subject)) throw validationError("mail_template_subject_one_line", { fields: { subject: "invalid" } });
  if (bytes(d.subject) + bytes(d.text) > TEXT_MAX_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", "payload_too_large", { maxBytes: TEXT_MAX_BYTES, fields: { text: "too_long" }, fieldParams: { text: { maximum: TEXT_MAX_BYTES } } });
  if (bytes(d.html) > HTML_MAX_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", "payload_too_large", { maxBytes: HTML_MAX_BYTES, fields: { html: "too_long" }, fieldParams: { html: { maximum: HTML_MAX_BYTES } } });
  const unknown = new Set<string>();
  const badParts: Record<string, "invalid"> = {};
  for (const part of ["subject", "text", "html"] as const) {
    const checked = checkTemplate(d[part], PLACEHOLDERS[template]);
    if (!("problem" in checked)) continue;
    if (checked.problem.kind === "malformed") throw validationError("mail_template_malformed", { near: checked.problem.near, part, fields: { [part]: "invalid" } });
    checked.problem.names.forEach((n) => unknown.add(n));
    badParts[part] = "invalid";
  }
  if (unknown.size) {
    const names = [...unknown].sort();
    throw validationError("mail_template_unknown_placeholder", { names: names.map((n) => `{{${n}}}`).join(", "), unknown: names, fields: badParts });
  }
  return { subject: d.subject, text: d.text, html: d.html };
}
