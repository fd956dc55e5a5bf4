// Telegram's documented limits for a bot (core.telegram.org/bots/faq): about 30 messages a second in
// all, one a second in one chat, 20 a minute in one group. Every queued send takes its place here
// first, on the shared limiter (Redis across instances, memory on one), and a send that would go over
// is put back for the window's remainder (RetryLaterError), which costs the task no attempt.
import { getLimiter } from "../../rate-limit/limiter";
import { RetryLaterError } from "../tasks/retry-later";

export const TELEGRAM_LIMITS = {
  perBot: { limit: 30, windowSeconds: 1 },
  perChat: { limit: 1, windowSeconds: 1 },
  perGroup: { limit: 20, windowSeconds: 60 },
} as const;

/** Group and channel chats have negative ids; private chats are the user's (positive) id. */
export const isGroupChat = (chatId: number) => chatId < 0;

/** Takes a send slot for `chatId` of bot `botId`, or throws RetryLaterError with the wait. */
export async function paceTelegramSend(botId: string, chatId: number): Promise<void> {
  const limiter = getLimiter();
  const chat = isGroupChat(chatId) ? TELEGRAM_LIMITS.perGroup : TELEGRAM_LIMITS.perChat;
  const c = await limiter.hit(`tg:${botId}:chat:${chatId}`, chat.limit, chat.windowSeconds);
  if (!c.ok) throw new RetryLaterError(c.retryAfterSeconds, "paced: Telegram's per-chat limit");
  const all = await limiter.hit(`tg:${botId}:all`, TELEGRAM_LIMITS.perBot.limit, TELEGRAM_LIMITS.perBot.windowSeconds);
  if (!all.ok) throw new RetryLaterError(all.retryAfterSeconds, "paced: Telegram's per-bot limit");
}
