// Binding a Telegram chat to an account: the signed-in user asks for a one-time deep link
// (t.me/<bot>?start=<code>); sending `/start <code>` in a private chat with the bot binds that chat.
// The code is random, stored only as a keyed hash, valid 10 minutes, and consumed by a conditional
// UPDATE in the transaction that binds, so a code binds once even when sent twice at once.
// One chat per user (binding again moves the user's binding to the new chat) and one user per chat:
// a chat already bound to someone else is refused ("send /unbind first") rather than taken over, so
// nobody silently stops receiving their own notifications; the refused code stays usable.
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { makeCtx, requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { keyedHash, keyedHashCandidates, randomToken } from "../../crypto/secrets";
import { telegramBindCodes, telegramBindings, users } from "../../db/schema";
import { rateLimited, unavailable } from "../../errors";
import { log } from "../../logger";
import { getLimiter } from "../../rate-limit/limiter";
import { recordAudit } from "../audit";
import { botIdentity, telegramErrorText } from "./api";
import { readTelegramState } from "./config";
import { textLocale, type TextLocale } from "./texts";

export const BIND_CODE_TTL_MS = 10 * 60_000;
const CODE_PURPOSE = "telegram-bind";
/** Links a user may ask for in an hour: far more than a person needs, and no table filling. */
const LINKS_PER_HOUR = 10;

export interface TelegramBindLink {
  url: string;
  expiresAt: Date;
}

export async function createTelegramBindLink(ctx: Ctx): Promise<TelegramBindLink> {
  const { userId } = requireUser(ctx);
  const state = await readTelegramState(ctx.db);
  if (!state.enabled) throw unavailable(state.why === "no_token" ? "telegram_not_configured" : "telegram_unavailable");
  const limit = await getLimiter().hit(`tg-bind-link:${userId}`, LINKS_PER_HOUR, 3600);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  let username: string;
  try {
    username = (await botIdentity(state.config)).username;
  } catch (err) {
    log.warn("telegram getMe failed", { error: telegramErrorText(err, state.config.token) });
    throw unavailable("telegram_unavailable");
  }
  // 24 random bytes: 32 characters of [A-Za-z0-9_-], what a deep link's start parameter allows (≤ 64).
  const code = randomToken(24);
  const expiresAt = new Date(ctx.now().getTime() + BIND_CODE_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    // One live link per user: asking again retires the earlier one.
    await tx.delete(telegramBindCodes).where(eq(telegramBindCodes.userId, userId));
    await tx.insert(telegramBindCodes).values({ codeHash: keyedHash(code, CODE_PURPOSE), userId, expiresAt, createdAt: ctx.now() });
  });
  return { url: `https://t.me/${encodeURIComponent(username)}?start=${code}`, expiresAt };
}

export type BindOutcome =
  | { outcome: "bound"; userId: string; email: string; locale: TextLocale }
  | { outcome: "invalid" }
  | { outcome: "chat_taken" };

class ChatTaken extends Error {}

const isUniqueViolation = (e: unknown): boolean => {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) if (x.code === "23505") return true;
  return false;
};

/** `/start <code>` from a private chat. */
export async function bindChatWithCode(db: Db, code: string, chat: { chatId: number; username: string | null }, now: Date = new Date()): Promise<BindOutcome> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(code)) return { outcome: "invalid" };
  try {
    return await db.transaction(async (tx): Promise<BindOutcome> => {
      const [claimed] = await tx
        .update(telegramBindCodes)
        .set({ usedAt: now })
        .where(and(inArray(telegramBindCodes.codeHash, keyedHashCandidates(code, CODE_PURPOSE)), isNull(telegramBindCodes.usedAt), gt(telegramBindCodes.expiresAt, now)))
        .returning({ userId: telegramBindCodes.userId });
      if (!claimed) return { outcome: "invalid" };
      const [user] = await tx.select({ email: users.email, locale: users.locale, status: users.status }).from(users).where(eq(users.id, claimed.userId));
      if (!user || user.status !== "ACTIVE") return { outcome: "invalid" };
      const [holder] = await tx.select({ userId: telegramBindings.userId }).from(telegramBindings).where(eq(telegramBindings.chatId, chat.chatId));
      if (holder && holder.userId !== claimed.userId) throw new ChatTaken();
      const [before] = await tx.select({ chatId: telegramBindings.chatId }).from(telegramBindings).where(eq(telegramBindings.userId, claimed.userId));
      await tx
        .insert(telegramBindings)
        .values({ userId: claimed.userId, chatId: chat.chatId, username: chat.username, createdAt: now })
        .onConflictDoUpdate({ target: telegramBindings.userId, set: { chatId: chat.chatId, username: chat.username, createdAt: now, blockedAt: null } });
      const ctx = makeCtx(tx, { kind: "user", userId: claimed.userId, email: user.email }, { now: () => now });
      const moved = before && before.chatId !== chat.chatId ? { previousChatId: before.chatId } : {};
      await recordAudit(ctx, { action: "telegram.bind", targetType: "user", targetId: claimed.userId, metadata: { chatId: chat.chatId, username: chat.username, ...moved } }, tx);
      return { outcome: "bound", userId: claimed.userId, email: user.email, locale: textLocale(user.locale) };
    });
  } catch (err) {
    // Refused (or lost the race for the chat's unique index to another account): nothing was written.
    if (err instanceof ChatTaken || isUniqueViolation(err)) return { outcome: "chat_taken" };
    throw err;
  }
}

/** `/unbind` from the chat itself. */
export async function unbindChat(db: Db, chatId: number): Promise<{ userId: string; locale: TextLocale } | null> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(telegramBindings).where(eq(telegramBindings.chatId, chatId)).returning({ userId: telegramBindings.userId });
    if (!gone) return null;
    const [user] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, gone.userId));
    const ctx = makeCtx(tx, { kind: "user", userId: gone.userId, email: user?.email });
    await recordAudit(ctx, { action: "telegram.unbind", targetType: "user", targetId: gone.userId, metadata: { chatId, from: "telegram" } }, tx);
    return { userId: gone.userId, locale: textLocale(user?.locale) };
  });
}

/** "Unbind" on the account page. Unbinding an account that is not bound changes nothing. */
export async function unbindTelegram(ctx: Ctx): Promise<{ unbound: boolean }> {
  const { userId } = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(telegramBindings).where(eq(telegramBindings.userId, userId)).returning({ chatId: telegramBindings.chatId });
    if (!gone) return { unbound: false };
    await recordAudit(ctx, { action: "telegram.unbind", targetType: "user", targetId: userId, metadata: { chatId: gone.chatId, from: "site" } }, tx);
    return { unbound: true };
  });
}

export interface TelegramBindingView {
  /** The bot is on: the account page shows the card only then. */
  configured: boolean;
  binding: { username: string | null; since: Date; blocked: boolean } | null;
}

export async function getTelegramBinding(ctx: Ctx): Promise<TelegramBindingView> {
  const { userId } = requireUser(ctx);
  const [state, [row]] = await Promise.all([
    readTelegramState(ctx.db),
    ctx.db.select({ username: telegramBindings.username, since: telegramBindings.createdAt, blockedAt: telegramBindings.blockedAt }).from(telegramBindings).where(eq(telegramBindings.userId, userId)),
  ]);
  return { configured: state.enabled, binding: row ? { username: row.username, since: row.since, blocked: row.blockedAt !== null } : null };
}
