// The bot: one grammy Bot per configuration, answering updates however they arrive (the runner's
// long polling, or the webhook route). The order of the handlers is the policy:
// 1. my_chat_member: blocking the bot marks the binding (nothing more is sent), unblocking clears it;
// 2. /start [code]: binds a private chat with a deep-link code, or greets; /unbind from a bound
//    private chat always works (an inactive account may still stop its messages);
// 3. the gate: a group chat gets no data at all (commands there are told to use a private chat), an
//    unbound chat learns only how to bind, an inactive account only that it is inactive;
// 4. the user's commands, the operators' commands, ticket replies; anything else is "unknown".
import { Bot, Composer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { Db } from "../../db/client";
import { log } from "../../logger";
import { telegramErrorText } from "./api";
import { adminCommands } from "./bot-admin";
import { answerPress, isCommandMessage, isPrivateChat, say, type BotContext } from "./bot-context";
import { ticketReplies } from "./bot-tickets";
import { helpText, sayUnknown, unbindFromChat, userCommands } from "./bot-user";
import { bindChatWithCode } from "./binding";
import { clearChatBlocked, identityOfChat, markChatBlocked } from "./chat-identity";
import { siteLink, type TelegramConfig } from "./config";
import { bold, botWords, chatLocale, esc } from "./texts";

export const ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"] as const;

const privateChatButton = (ctx: BotContext) => [[{ text: ctx.t("openPrivate"), url: `https://t.me/${ctx.me.username}` }]];

async function sayHowToBind(ctx: BotContext): Promise<void> {
  await say(ctx, esc(ctx.t("howToBind", { site: ctx.config.siteName })), [[{ text: ctx.t("openAccount"), url: siteLink(ctx.config, "/account") }]]);
}

async function onStart(ctx: BotContext & { match: string }): Promise<void> {
  const code = ctx.match.trim();
  if (!isPrivateChat(ctx)) return say(ctx, esc(ctx.t("privateOnly")), privateChatButton(ctx));
  if (code) {
    const r = await bindChatWithCode(ctx.db, code, { chatId: ctx.chat!.id, username: ctx.from?.username ?? null });
    if (r.outcome === "invalid") return say(ctx, esc(ctx.t("codeInvalid")));
    if (r.outcome === "chat_taken") return say(ctx, esc(ctx.t("chatTaken")));
    ctx.who = await identityOfChat(ctx.db, ctx.chat!.id);
    ctx.locale = r.locale;
    ctx.t = botWords(r.locale);
    return say(ctx, `${esc(ctx.t("bound", { email: r.email }))}\n\n${helpText(ctx)}`);
  }
  if (!ctx.who) return sayHowToBind(ctx);
  // Writing to a bot one blocked is Telegram's "Restart": deliveries resume.
  await clearChatBlocked(ctx.db, ctx.chat!.id);
  await say(ctx, `${bold(ctx.t("welcome", { email: ctx.who.email }))}\n\n${helpText(ctx)}`);
}

/** Step 3 of the policy above: only a bound, active account in a private chat goes further. */
async function gate(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  if (ctx.callbackQuery) {
    if (!isPrivateChat(ctx) || !ctx.who) {
      await answerPress(ctx);
      if (isPrivateChat(ctx)) await sayHowToBind(ctx);
      return;
    }
    if (ctx.who.status !== "ACTIVE") return answerPress(ctx, ctx.t("inactive"));
    return next();
  }
  if (!ctx.message) return;
  if (!isPrivateChat(ctx)) {
    // Groups see commands only (privacy mode); they are answered with no data, whoever asks.
    if (isCommandMessage(ctx)) await say(ctx, esc(ctx.t("privateOnly")), privateChatButton(ctx));
    return;
  }
  if (!ctx.who) return sayHowToBind(ctx);
  if (ctx.who.status !== "ACTIVE") return say(ctx, esc(ctx.t("inactive")));
  return next();
}

async function fallback(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery) return answerPress(ctx);
  if (ctx.message) await sayUnknown(ctx);
}

function handlers(db: Db, config: TelegramConfig): Composer<BotContext> {
  const c = new Composer<BotContext>();
  // Errors end here: the person is told something went wrong, the log gets the cause (no token).
  c.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      log.warn("telegram update failed", { updateId: ctx.update.update_id, error: telegramErrorText(err, config.token) });
      await answerPress(ctx);
      if (ctx.chat && ctx.t) await say(ctx, esc(ctx.t("failed"))).catch(() => undefined);
    }
  });
  c.on("my_chat_member", async (ctx) => {
    const m = ctx.myChatMember;
    if (m.chat.type !== "private") return;
    if (m.new_chat_member.status === "kicked") await markChatBlocked(db, m.chat.id);
    else if (m.new_chat_member.status === "member") await clearChatBlocked(db, m.chat.id);
  });
  c.use(async (ctx, next) => {
    if (!ctx.chat) return;
    ctx.db = db;
    ctx.config = config;
    // Group chats are never bound (binding happens in a private chat), so only private ones are looked up.
    ctx.who = ctx.chat.type === "private" ? await identityOfChat(db, ctx.chat.id) : null;
    ctx.locale = ctx.who?.locale ?? chatLocale(ctx.from?.language_code);
    ctx.t = botWords(ctx.locale);
    await next();
  });
  c.command("start", onStart);
  c.command("unbind", unbindFromChat);
  c.use(gate);
  c.use(userCommands, adminCommands, ticketReplies);
  c.use(fallback);
  return c;
}

export function createBot(db: Db, config: TelegramConfig, me: UserFromGetMe): Bot<BotContext> {
  const bot = new Bot<BotContext>(config.token, { botInfo: me, client: { apiRoot: config.apiRoot, timeoutSeconds: 30 } });
  bot.use(handlers(db, config));
  return bot;
}

/** Handles one update; never throws (a failed update is logged and answered where possible). */
export async function handleUpdate(bot: Bot<BotContext>, update: Update, token: string): Promise<void> {
  try {
    await bot.handleUpdate(update);
  } catch (err) {
    log.warn("telegram update not handled", { updateId: update.update_id, error: telegramErrorText(err, token) });
  }
}
