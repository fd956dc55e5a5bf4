// The message methods: sendMessage, editMessageText, editMessageReplyMarkup, deleteMessage and
// answerCallbackQuery. Checks run in Telegram's order: the request's own fields first (400), then
// what the chat allows (403 blocked, 429 rate limit), so a broken request never counts as a send.
import { badRequest, forbidden, tooManyRequests } from "./api-error";
import { canonical, type Handler, type SimCore } from "./core";
import { formatText } from "./format";
import { readLinkPreview, readReplyMarkup } from "./keyboard";
import { bool, chatId, int, isRecord, json, messageId, str, type Params } from "./params";
import { toTgMessage, unixNow, type BotMessage, type ChatState } from "./state";

const NOT_MODIFIED = "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
const QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid";

function targetChat(core: SimCore, p: Params): ChatState {
  const id = chatId(p);
  const c = core.state.chat(id);
  if (c) return c;
  if (core.limits.requireKnownChats) throw badRequest("chat not found");
  return core.state.ensureChat(id);
}

/** 403 for a chat that blocked (or removed) the bot, 429 past the per-chat rate; else counts the send. */
function admit(core: SimCore, c: ChatState): void {
  if (c.blocked) throw forbidden(c.chat.type === "private" ? "bot was blocked by the user" : "bot was kicked from the group chat");
  const max = core.limits.maxPerSecondPerChat;
  if (!max) return;
  const now = Date.now();
  c.recentSends = c.recentSends.filter((t) => now - t < 1000);
  if (c.recentSends.length >= max) throw tooManyRequests(Math.max(1, Math.ceil((c.recentSends[0]! + 1000 - now) / 1000)));
  c.recentSends.push(now);
}

function checkReplyTarget(c: ChatState, p: Params): void {
  const params = json(p, "reply_parameters", () => badRequest("can't parse reply parameters JSON object"));
  const target = isRecord(params) ? Number(params.message_id) : int(p, "reply_to_message_id");
  if (target === undefined) return;
  const exists = Number.isSafeInteger(target) && target > 0 && target <= c.lastMessageId && !c.deletedIds.has(target);
  const allowWithout = (isRecord(params) && params.allow_sending_without_reply === true) || bool(p, "allow_sending_without_reply");
  if (!exists && !allowWithout) throw badRequest("message to be replied not found");
}

/** The bot message chat_id + message_id name; inline messages are not simulated. */
function ownMessage(core: SimCore, p: Params): [ChatState, BotMessage] {
  if (p.inline_message_id !== undefined) throw badRequest("MESSAGE_ID_INVALID");
  const c = core.state.chat(chatId(p));
  if (!c) throw badRequest("chat not found");
  const id = messageId(p);
  const m = c.messages.find((x) => x.messageId === id && !x.deletedAt);
  if (m) return [c, m];
  // A message the user sent exists but is not the bot's to edit.
  if (id <= c.lastMessageId && !c.deletedIds.has(id)) throw badRequest("message can't be edited");
  throw badRequest("message to edit not found");
}

function edited(core: SimCore, c: ChatState, m: BotMessage, change: Partial<BotMessage>): unknown {
  const same = (["text", "entities", "replyMarkup"] as const).every((k) => !(k in change) || canonical(change[k]) === canonical(m[k]));
  if (same) throw badRequest(NOT_MODIFIED);
  admit(core, c);
  Object.assign(m, change, { editDate: unixNow(), editedAt: new Date().toISOString() });
  core.state.changed();
  return toTgMessage(c, m);
}

export function messageMethods(core: SimCore): Record<string, Handler> {
  return {
    sendMessage(p, call) {
      const c = targetChat(core, p);
      const parseMode = str(p, "parse_mode") || null;
      const { text, entities } = formatText(str(p, "text"), parseMode ?? undefined);
      const replyMarkup = readReplyMarkup(p) ?? null;
      const linkPreview = readLinkPreview(p);
      checkReplyTarget(c, p);
      admit(core, c);
      const m = core.state.addBotMessage(c, { from: call.bot, text, parseMode, entities, replyMarkup, linkPreview });
      core.state.changed();
      return toTgMessage(c, m);
    },

    editMessageText(p) {
      const [c, m] = ownMessage(core, p);
      const parseMode = str(p, "parse_mode") || null;
      const { text, entities } = formatText(str(p, "text"), parseMode ?? undefined);
      // Leaving reply_markup out removes the keyboard, as it does on Telegram.
      const replyMarkup = readReplyMarkup(p, true) ?? null;
      const linkPreview = readLinkPreview(p) ?? m.linkPreview;
      return edited(core, c, m, { text, entities, parseMode, replyMarkup, linkPreview });
    },

    editMessageReplyMarkup(p) {
      const [c, m] = ownMessage(core, p);
      return edited(core, c, m, { replyMarkup: readReplyMarkup(p, true) ?? null });
    },

    deleteMessage(p) {
      const c = core.state.chat(chatId(p));
      if (!c) throw badRequest("chat not found");
      const id = messageId(p);
      if (id > c.lastMessageId || c.deletedIds.has(id)) throw badRequest("message to delete not found");
      c.deletedIds.add(id);
      const m = c.messages.find((x) => x.messageId === id);
      if (m) m.deletedAt = new Date().toISOString();
      core.state.changed();
      return true;
    },

    answerCallbackQuery(p) {
      const id = str(p, "callback_query_id");
      const q = id ? core.state.callbacks.get(id) : undefined;
      if (!q || q.answered) throw badRequest(QUERY_INVALID);
      q.answered = true;
      core.state.callbackAnswers.push({
        callbackQueryId: q.id,
        chatId: q.chatId,
        messageId: q.messageId,
        data: q.data,
        text: str(p, "text") ?? null,
        showAlert: bool(p, "show_alert"),
        url: str(p, "url") ?? null,
        answeredAt: new Date().toISOString(),
      });
      core.state.changed();
      return true;
    },
  };
}
