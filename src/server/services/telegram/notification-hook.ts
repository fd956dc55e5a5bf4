// A user's notification, also sent to their bound Telegram chat: the words notify() already wrote
// in their language, a button to the notification's page and, for a support reply, a "Reply"
// button (bot-tickets.ts). Queued in notify()'s transaction, so a rolled-back change sends nothing.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { telegramBindings, type UserStatus } from "../../db/schema";
import { readTelegramState, siteLink } from "./config";
import { queueTelegramMessage, type TgButton } from "./send-task";
import { bold, botWords, clip, esc, type TextLocale } from "./texts";

export const TICKET_REPLY_CALLBACK = "tr:";
const USER_TICKET_LINK = /^\/tickets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Texts that reach operators as alerts already (operator-alerts.ts: `ticket.created`), so the staff
 * notification of the same fact is not sent to Telegram a second time.
 */
const ALERTED_ELSEWHERE = new Set(["ticketNew"]);

export interface NotificationForTelegram {
  userId: string;
  userStatus: UserStatus;
  locale: TextLocale;
  title: string;
  body: string;
  link?: string;
  textKey?: string;
}

export async function queueTelegramNotification(tx: Db, n: NotificationForTelegram): Promise<boolean> {
  if (n.userStatus !== "ACTIVE" || (n.textKey && ALERTED_ELSEWHERE.has(n.textKey))) return false;
  const [binding] = await tx.select({ chatId: telegramBindings.chatId, blockedAt: telegramBindings.blockedAt }).from(telegramBindings).where(eq(telegramBindings.userId, n.userId));
  if (!binding || binding.blockedAt) return false;
  const state = await readTelegramState(tx);
  if (!state.enabled) return false;
  const t = botWords(n.locale);
  const buttons: TgButton[] = [];
  if (n.link) buttons.push({ text: t("open"), url: siteLink(state.config, n.link) });
  const ticket = n.link ? USER_TICKET_LINK.exec(n.link) : null;
  if (ticket) buttons.push({ text: t("reply"), callbackData: `${TICKET_REPLY_CALLBACK}${ticket[1]!.toLowerCase()}` });
  const html = [bold(n.title), n.body ? esc(clip(n.body, 3500)) : ""].filter(Boolean).join("\n\n");
  await queueTelegramMessage(tx, { userId: n.userId, chatId: binding.chatId }, { html, buttons: buttons.length ? [buttons] : [] }, "notification");
  return true;
}
