// What every bot handler knows about the update it answers: the database, the configuration, who is
// behind the chat (null when nobody bound it) and the words in their language. Answers are HTML
// replies sent at once: they answer a person's own message, so they are not queued like the
// notifications (and nothing here runs inside a transaction).
import type { Context } from "grammy";
import type { Db } from "../../db/client";
import type { ChatIdentity } from "./chat-identity";
import type { TelegramConfig } from "./config";
import { keyboardOf, type TgButton } from "./send-task";
import type { TextLocale } from "./texts";
import type { Translate } from "../notifications/texts";

export interface BotFlavor {
  db: Db;
  config: TelegramConfig;
  /** The bound account of this chat, or null. */
  who: ChatIdentity | null;
  locale: TextLocale;
  t: Translate;
}

export type BotContext = Context & BotFlavor;

export const isPrivateChat = (ctx: Context): boolean => ctx.chat?.type === "private";

/** A message that starts with a command (`/subs`, `/subs@bot`). */
export const isCommandMessage = (ctx: Context): boolean => Boolean(ctx.message?.entities?.some((e) => e.type === "bot_command" && e.offset === 0));

export async function say(ctx: BotContext, html: string, buttons?: TgButton[][]): Promise<void> {
  await ctx.reply(html, { parse_mode: "HTML", reply_markup: keyboardOf(buttons), link_preview_options: { is_disabled: true } });
}

/** Ends a button press's spinner; a press Telegram already gave up on must not fail the handler. */
export async function answerPress(ctx: BotContext, text?: string): Promise<void> {
  if (!ctx.callbackQuery) return;
  await ctx.answerCallbackQuery(text ? { text } : undefined).catch(() => undefined);
}
