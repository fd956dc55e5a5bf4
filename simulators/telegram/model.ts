// The Bot API objects the simulator sends and answers with, limited to the fields it fills in
// (the names and nesting are Telegram's, so a bot reads them as it would the real ones).

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type ChatType = "private" | "group" | "supergroup";

export interface TgChat {
  id: number;
  type: ChatType;
  /** Private chats: the user's names. */
  first_name?: string;
  username?: string;
  /** Groups. */
  title?: string;
}

export interface MessageEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
  custom_emoji_id?: string;
}

export interface InlineKeyboardButton {
  text: string;
  callback_data?: string;
  url?: string;
  [other: string]: unknown;
}

export type ReplyMarkup = { inline_keyboard: InlineKeyboardButton[][] } | Record<string, unknown>;

export interface TgMessage {
  message_id: number;
  from: TgUser;
  chat: TgChat;
  date: number;
  edit_date?: number;
  text: string;
  entities?: MessageEntity[];
  link_preview_options?: Record<string, unknown>;
  reply_markup?: ReplyMarkup;
}

export interface TgCallbackQuery {
  id: string;
  from: TgUser;
  message: TgMessage;
  chat_instance: string;
  data: string;
}

export interface TgChatMemberUpdated {
  chat: TgChat;
  from: TgUser;
  date: number;
  old_chat_member: { user: TgUser; status: string };
  new_chat_member: { user: TgUser; status: string; until_date?: number };
}

/** Exactly one of the optional fields is set, as in Telegram's Update. */
export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
  my_chat_member?: TgChatMemberUpdated;
}

/** The update kinds the simulator produces, by their allowed_updates name. */
export type UpdateKind = "message" | "callback_query" | "my_chat_member";

/** A message the bot sent, as /__sim/sent reports it (its current text and markup after edits). */
export interface SentMessage {
  messageId: number;
  chatId: number;
  text: string;
  parseMode: string | null;
  entities: MessageEntity[];
  replyMarkup: ReplyMarkup | null;
  /** link_preview_options (or the older disable_web_page_preview as { is_disabled: true }). */
  linkPreview: Record<string, unknown> | null;
  sentAt: string;
  editedAt: string | null;
  deletedAt: string | null;
}

export interface CallbackAnswer {
  callbackQueryId: string;
  chatId: number;
  messageId: number;
  data: string;
  text: string | null;
  showAlert: boolean;
  url: string | null;
  answeredAt: string;
}
