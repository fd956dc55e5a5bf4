// What the simulated Telegram remembers between calls: the chats (with the users in them, whether
// the user blocked the bot, the message id sequence a chat's messages share), the bot's messages as
// they stand after edits, callback queries and their answers, and the bot's command lists. Every
// change wakes the waiters, which is how tests await a reply without sleeping.
import { randomInt } from "node:crypto";
import type { CallbackAnswer, ChatType, MessageEntity, ReplyMarkup, SentMessage, TgChat, TgMessage, TgUser } from "./model";

/** A bot message with what the wire form needs besides the reported fields. */
export interface BotMessage extends SentMessage {
  from: TgUser;
  date: number;
  editDate: number | null;
}

export interface ChatState {
  chat: TgChat;
  /** The private chat's user (groups: undefined). */
  user?: TgUser;
  blocked: boolean;
  /** Message ids are per chat and shared by the user's and the bot's messages, as in private chats. */
  lastMessageId: number;
  deletedIds: Set<number>;
  messages: BotMessage[];
  /** Stable per chat, like Telegram's: lets a bot tell apart keyboards of different chats. */
  chatInstance: string;
  /** When the bot's recent messages were sent (rate limit window). */
  recentSends: number[];
}

export interface PendingCallback { id: string; chatId: number; messageId: number; data: string; answered: boolean }
export interface CommandSet { scope: Record<string, unknown>; languageCode: string; commands: { command: string; description: string }[] }

export const unixNow = () => Math.floor(Date.now() / 1000);

export function defaultChatType(id: number): ChatType {
  if (id > 0) return "private";
  // Supergroups and channels have -100… ids; basic groups other negative ones.
  return id <= -1_000_000_000_000 ? "supergroup" : "group";
}

export class SimState {
  readonly chats = new Map<number, ChatState>();
  readonly users = new Map<number, TgUser>();
  readonly callbacks = new Map<string, PendingCallback>();
  readonly callbackAnswers: CallbackAnswer[] = [];
  readonly commands = new Map<string, CommandSet>();
  /** Every chat's bot messages in the order sent. */
  private allMessages: BotMessage[] = [];
  private listeners = new Set<() => void>();
  private waiters = new Set<(v: undefined) => void>();

  chat(id: number): ChatState | undefined {
    return this.chats.get(id);
  }

  /** The chat, made on first sight with its default type and names. */
  ensureChat(id: number, init: { type?: ChatType; user?: TgUser; title?: string } = {}): ChatState {
    let c = this.chats.get(id);
    if (!c) {
      const type = init.type ?? defaultChatType(id);
      const chat: TgChat = type === "private" ? { id, type, first_name: init.user?.first_name ?? "User" } : { id, type, title: init.title ?? "Test group" };
      if (type === "private" && init.user?.username) chat.username = init.user.username;
      c = { chat, user: type === "private" ? init.user : undefined, blocked: false, lastMessageId: 0, deletedIds: new Set(), messages: [], chatInstance: String(randomInt(1, 2 ** 47) * (randomInt(2) ? 1 : -1)), recentSends: [] };
      this.chats.set(id, c);
    }
    return c;
  }

  /** Records a user, keeping the names a later update leaves out. */
  user(u: TgUser): TgUser {
    const merged = { ...this.users.get(u.id), ...Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)) } as TgUser;
    this.users.set(u.id, merged);
    return merged;
  }

  addBotMessage(c: ChatState, m: { from: TgUser; text: string; parseMode: string | null; entities: MessageEntity[]; replyMarkup: ReplyMarkup | null; linkPreview: Record<string, unknown> | null }): BotMessage {
    const rec: BotMessage = { messageId: ++c.lastMessageId, chatId: c.chat.id, ...m, date: unixNow(), editDate: null, sentAt: new Date().toISOString(), editedAt: null, deletedAt: null };
    c.messages.push(rec);
    this.allMessages.push(rec);
    return rec;
  }

  /** The bot's messages (all chats when chatId is undefined), in the order sent. */
  sent(chatId?: number): SentMessage[] {
    const all = chatId === undefined ? this.allMessages : (this.chats.get(chatId)?.messages ?? []);
    return all.map(({ from: _f, date: _d, editDate: _e, ...view }) => structuredClone(view));
  }

  answers(chatId?: number): CallbackAnswer[] {
    return this.callbackAnswers.filter((a) => chatId === undefined || a.chatId === chatId).map((a) => ({ ...a }));
  }

  /** Tell waiters something changed. */
  changed(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Resolves with the first truthy value of `check` (tried now and after every change), or undefined after `timeoutMs`. */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs: number): Promise<T | undefined> {
    const now = check();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (v: T | undefined) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        this.waiters.delete(done);
        resolve(v);
      };
      const listener = () => {
        const v = check();
        if (v) done(v);
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      this.listeners.add(listener);
      this.waiters.add(done);
    });
  }

  /** Ends every wait (as timed out), so nothing outlives the simulator. */
  close(): void {
    for (const done of [...this.waiters]) done(undefined);
  }

  reset(): void {
    this.chats.clear();
    this.allMessages = [];
    this.users.clear();
    this.callbacks.clear();
    this.callbackAnswers.length = 0;
    this.commands.clear();
    this.changed();
  }
}

export function toTgMessage(c: ChatState, m: BotMessage): TgMessage {
  return {
    message_id: m.messageId,
    from: m.from,
    chat: { ...c.chat },
    date: m.date,
    ...(m.editDate ? { edit_date: m.editDate } : {}),
    text: m.text,
    ...(m.entities.length ? { entities: m.entities } : {}),
    ...(m.linkPreview ? { link_preview_options: m.linkPreview } : {}),
    // Only inline keyboards belong to a message; reply keyboards are the chat's, not echoed back.
    ...(m.replyMarkup && "inline_keyboard" in m.replyMarkup ? { reply_markup: m.replyMarkup } : {}),
  };
}
