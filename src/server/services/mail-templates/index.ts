export { listMailTemplates, getMailTemplate, type MailTemplateListRow, type MailTemplateDetail } from "./queries";
export { saveMailTemplate, resetMailTemplate } from "./write";
export { previewMailTemplate, sendTestMailTemplate } from "./preview";
export { validateDraft, templateKey, TEXT_MAX_BYTES, HTML_MAX_BYTES } from "./inputs";
