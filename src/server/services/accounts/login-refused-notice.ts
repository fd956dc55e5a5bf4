// A disabled or banned account given its right password is answered like a wrong password (its
// status must not tell a guesser that the guess was right). The owner, who may not know why the
// login page keeps refusing them, learns the reason here, by mail, in the account's language. It is
// also a warning: if it was not them, someone else knows the password.
//
// At most one per account and day (Asia/Shanghai, the app's day): the day's notification row is
// the record, and its unique (user, dedupe key) index decides, so concurrent logins mail once on
// PostgreSQL as on PGlite. The admin's free-text reason stays in the audit log (an internal note).
import { notifications } from "../../db/schema";
import type { Db } from "../../db/client";
import { queueMail } from "../../integrations/mail";
import { notificationText, textLocale, type NotificationTextKey } from "../notifications/texts";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";

export type BlockedStatus = "DISABLED" | "BANNED";

const TEXT: Record<BlockedStatus, NotificationTextKey> = { DISABLED: "loginRefusedDisabled", BANNED: "loginRefusedBanned" };

/** The app's day (UTC+8 all year) a notice is counted in. */
const shanghaiDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export const loginRefusedDedupeKey = (now: Date) => `login-refused:${shanghaiDay(now)}`;

/** Records the notice and queues its mail (outbox), unless this account already had one today. */
export async function noticeRefusedLogin(db: Db, user: { id: string; email: string; locale: string | null; status: BlockedStatus }, now: Date): Promise<boolean> {
  const words = notificationText(textLocale(user.locale), TEXT[user.status]);
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId: user.id, type: "ACCOUNT", level: "WARNING", title: words.title, body: words.body, link: null, dedupeKey: loginRefusedDedupeKey(now), createdAt: now })
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    if (!row) return false;
    // A site without SMTP mails nothing: a mail task that can only fail would be noise.
    const settings = await getSettingsWithSecrets(tx);
    if (!settings.smtpHost) return false;
    await queueMail(tx, { to: user.email, template: "notification", locale: textLocale(user.locale), title: words.title, body: words.body });
    return true;
  });
  if (queued) kickTasks();
  return queued;
}
