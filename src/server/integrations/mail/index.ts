export { queueMail, sendTemplatedMail, type MailTaskPayload } from "./send-mail-task";
export { renderMail, type MailLocale, type MailTemplate } from "./templates";
