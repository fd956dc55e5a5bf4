// The "mail.send" task: mails are queued inside the transaction of the change and sent after commit.
// The action link carries a live token, so it travels in the task's encrypted `secret` part and is
// removed from the row once the mail was sent (see services/tasks). The template is rendered at
// send time, so an admin's edit applies to mails still waiting in the queue.
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../../services/settings/queries";
import { registerTaskHandler } from "../../services/tasks/run-due-tasks";
import { enqueueTask } from "../../services/tasks/enqueue-task";
import { isMailLocale } from "./catalogue";
import { loadOverride, renderWithFallback } from "./effective-template";
import { deliver } from "./transport";
import { mailValues, type MailLocale, type MailTemplate } from "./templates";

export interface MailTaskPayload { to: string; template: MailTemplate; locale: MailLocale; link?: string; minutes?: number; orderNo?: string; amount?: string; time?: string; title?: string; body?: string; sender?: string; plan?: string; role?: string }

export const queueMail = (db: Db, { link, ...rest }: MailTaskPayload) =>
  enqueueTask(db, "mail.send", { ...rest, ...(link ? { secret: { link } } : {}) }, { maxAttempts: 6 });

export async function sendTemplatedMail(db: Db, p: MailTaskPayload) {
  const settings = await getSettingsWithSecrets(db);
  const locale: MailLocale = isMailLocale(p.locale) ? p.locale : "en";
  const override = await loadOverride(db, p.template, locale);
  const { mail } = renderWithFallback(p.template, locale, override, mailValues({ site: settings.siteName, link: p.link, minutes: p.minutes, orderNo: p.orderNo, amount: p.amount, time: p.time, title: p.title, body: p.body, sender: p.sender, plan: p.plan, role: p.role }, locale));
  return deliver(settings, { to: p.to, ...mail });
}

registerTaskHandler("mail.send", async (payload, { db }) => {
  const { secret, ...rest } = payload as Omit<MailTaskPayload, "link"> & { secret?: { link?: string }; link?: string };
  // `rest.link`: rows queued before links moved into the encrypted part.
  const r = await sendTemplatedMail(db, { ...rest, link: secret?.link ?? rest.link });
  return { messageId: r.messageId };
});
