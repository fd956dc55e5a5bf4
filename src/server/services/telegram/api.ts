// The Bot API client (grammy's Api), one per configuration, and what its errors mean to us. The
// token is part of every request URL, so nothing here ever logs a URL or a raw fetch error: errors
// are reduced to Telegram's code and description (telegramErrorText).
import { Api, GrammyError, HttpError } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { keyedHash } from "../../crypto/secrets";
import { errorSummary } from "../../describe-error";
import type { TelegramConfig } from "./config";

/** A request to Telegram that takes longer than this is given up (a send is retried by its task). */
const API_TIMEOUT_SECONDS = 30;

const apis = new Map<string, Api>();

export function telegramApi(config: Pick<TelegramConfig, "token" | "apiRoot">): Api {
  const key = `${keyedHash(config.token, "telegram-config")}|${config.apiRoot}`;
  let api = apis.get(key);
  if (!api) {
    api = new Api(config.token, { apiRoot: config.apiRoot, timeoutSeconds: API_TIMEOUT_SECONDS });
    if (apis.size > 8) apis.clear();
    apis.set(key, api);
  }
  return api;
}

// getMe answers are cached process-wide (both module copies: the custom server's and Next's) per
// token and API root; the bot's name changes rarely, and a stale name only makes a deep link that
// Telegram redirects anyway.
const ME_TTL_MS = 60 * 60_000;
const g = globalThis as unknown as { __relayboardTelegramMe?: Map<string, { me: UserFromGetMe; at: number }> };
const meCache = (g.__relayboardTelegramMe ??= new Map());

/** The bot's own user (getMe), cached for an hour. Throws the API's error when Telegram cannot be asked. */
export async function botIdentity(config: Pick<TelegramConfig, "token" | "apiRoot">): Promise<UserFromGetMe> {
  const key = `${keyedHash(config.token, "telegram-config")}|${config.apiRoot}`;
  const hit = meCache.get(key);
  if (hit && Date.now() - hit.at < ME_TTL_MS) return hit.me;
  const me = await telegramApi(config).getMe();
  meCache.set(key, { me, at: Date.now() });
  return me;
}

export const isGrammyError = (e: unknown): e is GrammyError => e instanceof GrammyError || (typeof e === "object" && e !== null && (e as { name?: string }).name === "GrammyError");

/** 403: the user blocked the bot, deleted their account, or the bot was removed from the group. */
export const isChatGone = (e: unknown): boolean => isGrammyError(e) && e.error_code === 403;

/** Seconds Telegram asks us to wait (429), or null. */
export function retryAfterOf(e: unknown): number | null {
  if (!isGrammyError(e) || e.error_code !== 429) return null;
  const s = Number(e.parameters?.retry_after);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s) : 1;
}

/** "409: Conflict: ..." for logs and task errors; never a URL (it would carry the token). */
export function telegramErrorText(e: unknown, token?: string): string {
  let text: string;
  if (isGrammyError(e)) text = `${e.error_code}: ${e.description}`;
  else if (e instanceof HttpError || (typeof e === "object" && e !== null && (e as { name?: string }).name === "HttpError")) text = (e as Error).message;
  // Anything else (a database error): described without SQL parameters.
  else text = errorSummary(e);
  return token ? text.split(token).join("[token]") : text;
}

/** An Error whose message is safe to store and log (the task runner records `message`). */
export class TelegramCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "TelegramCallError";
  }
}

export function safeTelegramError(e: unknown, token: string): TelegramCallError {
  return new TelegramCallError(`Telegram: ${telegramErrorText(e, token)}`, isGrammyError(e) ? e.error_code : null);
}
