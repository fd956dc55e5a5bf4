// Every message the site sends on its own (notifications, operator alerts, the digest) is a
// `telegram.send` outbox task, written in the transaction of what it reports and sent after commit.
// The words and links ride in the payload's encrypted `secret` part (a subscription or ticket link,
// a customer's email in an alert), so the task table holds only the chat and the account.
// The handler paces itself to Telegram's limits, honours a 429's retry_after without using up an
// attempt, and treats 403 (blocked, account gone) as the end: the binding is marked and nothing is
// retried. Its final failure raises no `task.failed` alert: that alert would go through Telegram.
import { and, eq } from "drizzle-orm";
import type { InlineKeyboardButton } from "grammy/types";
import type { Db } from "../../db/client";
import { telegramBindings } from "../../db/schema";
import { enqueueTask, kickTasks } from "../tasks/enqueue-task";
import { RetryLaterError } from "../tasks/retry-later";
import { registerTaskHandler } from "../tasks/run-due-tasks";
import { isChatGone, retryAfterOf, safeTelegramError, telegramApi, telegramErrorText } from "./api";
import { markChatBlocked } from "./chat-identity";
import { botIdOf, readTelegramState } from "./config";
import { paceTelegramSend } from "./pacing";

export const TELEGRAM_SEND_TASK = "telegram.send";

/** A button under a message: a link, or a callback the bot answers (at most 64 bytes). */
export type TgButton = { text: string; url: string } | { text: string; callbackData: string };

export interface TgMessage {
  /** HTML (parse_mode HTML): every piece of text already escaped by texts.ts `esc`. */
  html: string;
  buttons?: TgButton[][];
}

export interface TgRecipient {
  userId: string;
  chatId: number;
}

/** What the message is for, in the clear (the task center shows it): "notification", "alert", "digest". */
export type TgPurpose = "notification" | "alert" | "digest";

/** Queues one message; call with the transaction handle of the change it reports. */
export async function queueTelegramMessage(tx: Db, to: TgRecipient, message: TgMessage, purpose: TgPurpose): Promise<string> {
  const id = await enqueueTask(tx, TELEGRAM_SEND_TASK, { userId: to.userId, chatId: to.chatId, purpose, secret: { html: message.html, buttons: message.buttons ?? [] } }, { maxAttempts: 8 });
  kickTasks();
  return id;
}

export function keyboardOf(buttons: TgButton[][] | undefined): { inline_keyboard: InlineKeyboardButton[][] } | undefined {
  const rows = (buttons ?? []).filter((r) => r.length > 0);
  if (!rows.length) return undefined;
  return { inline_keyboard: rows.map((r) => r.map((b) => ("url" in b ? { text: b.text, url: b.url } : { text: b.text, callback_data: b.callbackData }))) };
}

// 10 s, 20 s, 40 s ... at most 30 minutes: Telegram being down is usually short.
const backoffSeconds = (attempt: number) => Math.min(10 * 2 ** (attempt - 1), 1800);

export async function sendTelegramTask(payload: Record<string, unknown>, db: Db): Promise<Record<string, unknown>> {
  const chatId = Number(payload.chatId);
  const userId = String(payload.userId ?? "");
  const secret = payload.secret as { html?: unknown; buttons?: TgButton[][] } | undefined;
  if (!Number.isSafeInteger(chatId) || !userId || typeof secret?.html !== "string") return { skipped: "malformed" };
  const state = await readTelegramState(db);
  if (!state.enabled) return { skipped: "bot_off" };
  // Sent only while the account is still bound to this very chat and the chat has not blocked the bot.
  const [binding] = await db
    .select({ blockedAt: telegramBindings.blockedAt })
    .from(telegramBindings)
    .where(and(eq(telegramBindings.userId, userId), eq(telegramBindings.chatId, chatId)));
  if (!binding) return { skipped: "unbound" };
  if (binding.blockedAt) return { skipped: "blocked" };
  const { token } = state.config;
  await paceTelegramSend(botIdOf(token), chatId);
  try {
    const sent = await telegramApi(state.config).sendMessage(chatId, secret.html, {
      parse_mode: "HTML",
      reply_markup: keyboardOf(secret.buttons),
      link_preview_options: { is_disabled: true },
    });
    return { messageId: sent.message_id };
  } catch (err) {
    const wait = retryAfterOf(err);
    if (wait !== null) throw new RetryLaterError(wait, `Telegram: ${telegramErrorText(err, token)}`);
    if (isChatGone(err)) {
      await markChatBlocked(db, chatId, userId);
      return { blocked: true, telegram: telegramErrorText(err, token) };
    }
    throw safeTelegramError(err, token);
  }
}

registerTaskHandler(TELEGRAM_SEND_TASK, (payload, { db }) => sendTelegramTask(payload, db), { backoffSeconds, alertOnFinalFailure: false });
