// The one way every area tells a user something: a row in their notifications (the bell), a mail
// when they chose that kind by mail, and a Telegram message when they bound a chat. A dedupe key
// makes repeats harmless: the same key twice for one user is one notification and at most one mail
// (and message), decided by a unique index, so it holds under concurrency too. Runs inside the
// caller's transaction when given one.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { DEFAULT_MAIL_KINDS, NOTIFICATION_KINDS, NOTIFICATION_LEVELS, notifications, users } from "../../db/schema";
import { env } from "../../env";
import { queueMail } from "../../integrations/mail";
import { parseInput } from "../../validation";
import { getSettingsWithSecrets } from "../settings/queries";
import { queueTelegramNotification } from "../telegram/notification-hook";
import { notificationText, textLocale, type NotificationTextKey, type TextParams } from "./texts";

const NotifyInput = z
  .object({
    userId: z.uuid(),
    type: z.enum(NOTIFICATION_KINDS),
    level: z.enum(NOTIFICATION_LEVELS).default("INFO"),
    // Either words as written (an admin's), or a catalogue text worded in the recipient's language.
    title: z.string().trim().min(1).max(200).optional(),
    body: z.string().trim().max(4000).default(""),
    text: z.object({ key: z.string().min(1).max(64), params: z.record(z.string(), z.union([z.string(), z.number(), z.object({ minor: z.number().int(), currency: z.string().min(1).max(10) }), z.object({ at: z.date() })])).default({}) }).optional(),
    // A path inside the site: never an outside address a notification could lure someone to.
    link: z
      .string()
      .max(500)
      .regex(/^\/(?!\/)[^\s\\]*$/)
      .optional(),
    dedupeKey: z.string().min(1).max(200).optional(),
  })
  .refine((v) => !!v.title !== !!v.text, { message: "give either title or text", path: ["title"] });

export type NotifyInput = Omit<z.input<typeof NotifyInput>, "text"> & { text?: { key: NotificationTextKey; params?: TextParams } };

/** Creates the notification; null when the user already has one with this dedupe key (or is gone). */
export async function notify(db: Db, raw: NotifyInput): Promise<{ id: string } | null> {
  const input = parseInput(NotifyInput, raw);
  const [user] = await db
    .select({ email: users.email, locale: users.locale, status: users.status, mailKinds: users.mailNotificationKinds })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return null;
  const locale = textLocale(user.locale);
  const words = input.text ? notificationText(locale, input.text.key as NotificationTextKey, input.text.params) : { title: input.title!, body: input.body };
  const [row] = await db
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, level: input.level, title: words.title, body: words.body, link: input.link ?? null, dedupeKey: input.dedupeKey ?? null })
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  if (!row) return null;

  // A bound Telegram chat gets the same words (services/telegram), queued in this transaction too.
  await queueTelegramNotification(db, { userId: input.userId, userStatus: user.status, locale, title: words.title, body: words.body, link: input.link, textKey: input.text?.key });

  const mailKinds = user.mailKinds ?? DEFAULT_MAIL_KINDS;
  if (user.status === "ACTIVE" && mailKinds.includes(input.type)) {
    const settings = await getSettingsWithSecrets(db);
    // A site without SMTP mails nothing: a mail task that can only fail would be noise.
    if (settings.smtpHost) {
      const base = settings.siteUrl || env().appUrl;
      await queueMail(db, { to: user.email, template: "notification", locale, title: words.title, body: words.body, link: input.link ? new URL(input.link, base).toString() : undefined });
    }
  }
  return row;
}
