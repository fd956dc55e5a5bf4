// The "mail.send" task: mails are queued inside the transaction of the change and sent after commit.
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../../services/settings/queries";
import { registerTaskHandler } from "../../services/tasks/run-due-tasks";
import { enqueueTask } from "../../services/tasks/enqueue-task";
import { deliver } from "./transport";
import { renderMail, type MailLocale, type MailTemplate } from "./templates";

export interface MailTaskPayload { to: string; template: MailTemplate; locale: MailLocale; link?: string; minutes?: number; [k: string]: unknown }

export const queueMail = (db: Db, payload: MailTaskPayload) => enqueueTask(db, "mail.send", payload, { maxAttempts: 6 });

export async function sendTemplatedMail(db: Db, p: MailTaskPayload) {
  const settings = await getSettingsWithSecrets(db);
  const rendered = renderMail(p.template, p.locale, { site: settings.siteName, link: p.link, minutes: p.minutes });
  return deliver(settings, { to: p.to, ...rendered });
}

registerTaskHandler("mail.send", async (payload, { db }) => {
  const r = await sendTemplatedMail(db, payload as MailTaskPayload);
  return { messageId: r.messageId };
});
