// Rendering a mail template: a source (built-in or an admin's override) plus values gives the
// subject, text part and HTML part. Values are HTML-escaped in the HTML part only; the subject is
// kept on one line whatever a value holds.
import { formatDateTime } from "../../../i18n/format";
import { PLACEHOLDERS, type MailLocale, type MailTemplate } from "./catalogue";
import { defaultSource, type MailSource } from "./default-templates";
import { checkTemplate, escapeHtml, fillNodes, type SyntaxProblem } from "./template-syntax";

export type { MailLocale, MailTemplate } from "./catalogue";
export type { MailSource } from "./default-templates";

export interface MailVars { site: string; link?: string; minutes?: number; time?: string; orderNo?: string; amount?: string; title?: string; body?: string; sender?: string; plan?: string; role?: string }
export interface RenderedMail { subject: string; text: string; html: string }

/** A source part that cannot be rendered for its template: which part, and why. */
export class TemplateSourceError extends Error {
  constructor(
    readonly part: keyof MailSource,
    readonly problem: SyntaxProblem,
  ) {
    super(`mail template ${part}: ${problem.kind === "unknown" ? `unknown placeholders ${problem.names.join(", ")}` : `malformed near "${problem.near}"`}`);
    this.name = "TemplateSourceError";
  }
}

/** The values a mail's placeholders take, as strings; a missing time is now, in the site's time zone and the mail's language. */
export function mailValues(vars: MailVars, locale: MailLocale): Record<string, string> {
  return {
    site: vars.site,
    link: vars.link ?? "",
    minutes: String(vars.minutes ?? ""),
    time: vars.time ?? formatDateTime(new Date(), locale),
    orderNo: vars.orderNo ?? "",
    amount: vars.amount ?? "",
    title: vars.title ?? "",
    body: vars.body ?? "",
    sender: vars.sender ?? "",
    plan: vars.plan ?? "",
    role: vars.role ?? "",
  };
}

/** Renders a source, refusing (TemplateSourceError) any part with malformed braces or an unknown placeholder. */
export function renderSource(template: MailTemplate, source: MailSource, values: Record<string, string>): RenderedMail {
  const part = (name: keyof MailSource, escape: (s: string) => string) => {
    const checked = checkTemplate(source[name], PLACEHOLDERS[template]);
    if ("problem" in checked) throw new TemplateSourceError(name, checked.problem);
    return fillNodes(checked.nodes, values, escape);
  };
  const keep = (s: string) => s;
  return {
    subject: part("subject", keep).replace(/\s*[\r\n]+\s*/g, " ").trim(),
    text: part("text", keep),
    html: part("html", escapeHtml),
  };
}

/** The built-in template, as mails read when no admin edited it. */
export function renderMail(template: MailTemplate, locale: MailLocale, vars: MailVars): RenderedMail {
  return renderSource(template, defaultSource(template, locale), mailValues(vars, locale));
}
