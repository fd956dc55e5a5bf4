// What a simulated user does, turned into the updates Telegram would send the bot: writing a
// message (with bot_command entities, which grammy's bot.command() matches on), pressing an inline
// button (only one the message really has, as Telegram's clients can press nothing else), and
// blocking or unblocking the bot (my_chat_member, as the real one sends).
import { randomInt } from "node:crypto";
import type { SimCore } from "./core";
import { callbackDataOf } from "./keyboard";
import type { ChatType, MessageEntity, TgUser } from "./model";
import { defaultChatType, toTgMessage, unixNow, type ChatState } from "./state";

export interface UserProfile {
  /** The sender; defaults to chatId in a private chat, required in groups. */
  fromId?: number;
  username?: string;
  firstName?: string;
  languageCode?: string;
}

export interface UserMessageInput extends UserProfile {
  chatId: number;
  text: string;
  /** Default: the chat's type when known, else "private" for positive ids and "group" for negative ones. */
  chatType?: ChatType;
  chatTitle?: string;
  /** The bot message this one answers (a reply, as to a force_reply prompt): sent back as `reply_to_message`. */
  replyToMessageId?: number;
}

export interface ButtonPressInput extends UserProfile {
  chatId: number;
  callbackData: string;
  /** The bot message whose button is pressed; default the bot's last message in the chat. */
  messageId?: number;
}

export type UpdateInput = UserMessageInput | ButtonPressInput;

export interface UpdateResult {
  /** null when the bot's allowed_updates excludes the kind (Telegram then makes no update). */
  updateId: number | null;
  messageId?: number;
  callbackQueryId?: string;
}

/** A control request that cannot happen on Telegram; answered 400 with the message. */
export class InputError extends Error {}

const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v !== 0;

function commandEntities(text: string): MessageEntity[] {
  return [...text.matchAll(/(^|\s)(\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?)(?=$|\s)/g)].map((m) => ({ type: "bot_command", offset: m.index + m[1]!.length, length: m[2]!.length }));
}

function chatFor(core: SimCore, input: UserMessageInput | ButtonPressInput, type?: ChatType): ChatState {
  const known = core.state.chat(input.chatId);
  const want = type ?? known?.chat.type ?? defaultChatType(input.chatId);
  if (known && known.chat.type !== want) throw new InputError(`chat ${input.chatId} is a ${known.chat.type} chat`);
  if ((want === "private") !== input.chatId > 0) throw new InputError(`${want} chat ids are ${want === "private" ? "positive" : "negative"} on Telegram`);
  return known ?? core.state.ensureChat(input.chatId, { type: want, title: (input as UserMessageInput).chatTitle });
}

function sender(core: SimCore, c: ChatState, input: UserProfile): TgUser {
  const priv = c.chat.type === "private";
  if (input.fromId !== undefined && !isId(input.fromId)) throw new InputError("fromId must be a non-zero integer");
  if (priv && input.fromId !== undefined && input.fromId !== c.chat.id) throw new InputError("in a private chat the sender is the chat: fromId must equal chatId");
  if (!priv && input.fromId === undefined) throw new InputError("fromId is required in a group chat");
  const id = input.fromId ?? c.chat.id;
  const user = core.state.user({ id, is_bot: false, first_name: input.firstName ?? core.state.users.get(id)?.first_name ?? "Test", username: input.username, language_code: input.languageCode });
  if (priv) {
    c.user = user;
    Object.assign(c.chat, { first_name: user.first_name }, user.username ? { username: user.username } : {});
  }
  return user;
}

export function setBlocked(core: SimCore, chatId: number, blocked: boolean): void {
  if (!isId(chatId)) throw new InputError("chatId must be a non-zero integer");
  const c = core.state.ensureChat(chatId);
  if (c.blocked === blocked) return;
  c.blocked = blocked;
  if (c.chat.type === "private") {
    const user = c.user ?? core.state.users.get(chatId) ?? { id: chatId, is_bot: false, first_name: "User" };
    const [from, to] = blocked ? ["member", "kicked"] : ["kicked", "member"];
    core.queue.push("my_chat_member", { chat: { ...c.chat }, from: user, date: unixNow(), old_chat_member: { user: core.bot, status: from }, new_chat_member: { user: core.bot, status: to, ...(blocked ? { until_date: 0 } : {}) } });
  }
  core.state.changed();
}

function userMessage(core: SimCore, input: UserMessageInput): UpdateResult {
  if (typeof input.text !== "string" || !input.text.trim()) throw new InputError("text must be a non-empty string");
  const c = chatFor(core, input, input.chatType);
  const from = sender(core, c, input);
  // Writing to a bot one blocked is the client's "Restart": it unblocks first.
  if (c.blocked && c.chat.type === "private") setBlocked(core, c.chat.id, false);
  const entities = commandEntities(input.text);
  let replied: ReturnType<typeof toTgMessage> | undefined;
  if (input.replyToMessageId !== undefined) {
    const m = c.messages.find((x) => x.messageId === input.replyToMessageId && !x.deletedAt);
    if (!m) throw new InputError(`no bot message ${input.replyToMessageId} in chat ${input.chatId} to reply to`);
    replied = toTgMessage(c, m);
  }
  const message = { message_id: ++c.lastMessageId, from, chat: { ...c.chat }, date: unixNow(), text: input.text, ...(entities.length ? { entities } : {}), ...(replied ? { reply_to_message: replied } : {}) };
  const update = core.queue.push("message", message);
  core.state.changed();
  return { updateId: update?.update_id ?? null, messageId: message.message_id };
}

function buttonPress(core: SimCore, input: ButtonPressInput): UpdateResult {
  if (typeof input.callbackData !== "string") throw new InputError("callbackData must be a string");
  const c = core.state.chat(input.chatId);
  const live = c?.messages.filter((m) => !m.deletedAt) ?? [];
  const m = input.messageId === undefined ? live.at(-1) : live.find((x) => x.messageId === input.messageId);
  if (!c || !m) throw new InputError(input.messageId === undefined ? `the bot has no message in chat ${input.chatId}` : `no bot message ${input.messageId} in chat ${input.chatId}`);
  const buttons = callbackDataOf(m.replyMarkup);
  if (!buttons.includes(input.callbackData)) throw new InputError(`message ${m.messageId} has no button with callback_data ${JSON.stringify(input.callbackData)} (it has ${JSON.stringify(buttons)})`);
  const from = sender(core, c, input);
  const id = `${randomInt(1, 2 ** 47)}${randomInt(100_000, 999_999)}`;
  core.state.callbacks.set(id, { id, chatId: c.chat.id, messageId: m.messageId, data: input.callbackData, answered: false });
  const update = core.queue.push("callback_query", { id, from, message: toTgMessage(c, m), chat_instance: c.chatInstance, data: input.callbackData });
  core.state.changed();
  return { updateId: update?.update_id ?? null, callbackQueryId: id };
}

export function userAction(core: SimCore, input: unknown): UpdateResult {
  if (typeof input !== "object" || input === null) throw new InputError("expected a JSON object");
  const i = input as Partial<UserMessageInput & ButtonPressInput>;
  if (!isId(i.chatId)) throw new InputError("chatId must be a non-zero integer");
  if (i.callbackData !== undefined) return buttonPress(core, i as ButtonPressInput);
  if (i.text !== undefined) return userMessage(core, i as UserMessageInput);
  throw new InputError("expected { chatId, text } or { chatId, callbackData }");
}
