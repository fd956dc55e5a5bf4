export { queueMail, sendTemplatedMail, type MailTaskPayload } from "./send-mail-task";
export { renderMail, renderSource, mailValues, TemplateSourceError, type MailLocale, type MailTemplate, type MailSource, type RenderedMail } from "./templates";
export { MAIL_TEMPLATES, MAIL_LOCALES, PLACEHOLDERS, isMailTemplate, isMailLocale, sampleValues } from "./catalogue";
export { defaultSource } from "./default-templates";
export { loadOverride, renderWithFallback } from "./effective-template";
export { checkTemplate, type SyntaxProblem } from "./template-syntax";
export { deliver, isMailTransportError } from "./transport";
