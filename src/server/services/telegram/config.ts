// Whether the bot is on, and with what: the token (decrypted from settings), the Bot API root (the
// simulator's in tests), polling or webhook mode, and the site's own address for links. A token that
// cannot be decrypted means "off" (there is nothing to talk to Telegram with), logged once per value.
import type { Db } from "../../db/client";
import { keyedHash, keyedHashCandidates } from "../../crypto/secrets";
import { env } from "../../env";
import { log } from "../../logger";
import { getSettingsWithSecrets } from "../settings/queries";
import { isUnreadableSecret, type SettingsWithSecrets } from "../settings/secret-state";

export type TelegramMode = "polling" | "webhook";

export interface TelegramConfig {
  token: string;
  /** grammy's `client.apiRoot`: Telegram's, or the simulator's. No trailing slash. */
  apiRoot: string;
  mode: TelegramMode;
  /** Where links in messages point: the site URL setting, else APP_URL. No trailing slash. */
  siteUrl: string;
  /** The site's name, as the bot introduces it to strangers. */
  siteName: string;
  /** Changes whenever anything above does (the runner restarts on a change); holds no secret. */
  signature: string;
}

export type TelegramState = { enabled: true; config: TelegramConfig } | { enabled: false; why: "no_token" | "unreadable_token" };

const g = globalThis as unknown as { __relayboardTelegramUnreadableLogged?: boolean };

const trimSlash = (s: string) => s.replace(/\/+$/, "");

/** The bot's configuration from settings already read (pure apart from the one-time log line). */
export function telegramStateOf(settings: Pick<SettingsWithSecrets, "telegramBotToken" | "telegramApiBaseUrl" | "telegramMode" | "siteUrl" | "siteName">): TelegramState {
  const token = settings.telegramBotToken;
  if (isUnreadableSecret(token)) {
    if (!g.__relayboardTelegramUnreadableLogged) {
      g.__relayboardTelegramUnreadableLogged = true;
      log.error("the Telegram bot token cannot be decrypted with the configured keys: the bot is off until it is entered again or the old key restored");
    }
    return { enabled: false, why: "unreadable_token" };
  }
  g.__relayboardTelegramUnreadableLogged = false;
  if (!token) return { enabled: false, why: "no_token" };
  const apiRoot = trimSlash(settings.telegramApiBaseUrl);
  const siteUrl = trimSlash(settings.siteUrl || env().appUrl);
  const mode = settings.telegramMode;
  const siteName = settings.siteName;
  return { enabled: true, config: { token, apiRoot, mode, siteUrl, siteName, signature: [keyedHash(token, "telegram-config"), apiRoot, mode, siteUrl, siteName].join("|") } };
}

export async function readTelegramState(db: Db): Promise<TelegramState> {
  return telegramStateOf(await getSettingsWithSecrets(db));
}

/** The bot's numeric id: the part of the token before the colon (public: getMe tells it to anyone). */
export const botIdOf = (token: string): string => token.split(":")[0] ?? "";

const WEBHOOK_SECRET_PURPOSE = "telegram-webhook";

/**
 * The `secret_token` given to setWebhook: a keyed hash of the bot token, so it is never stored and
 * changes with the token. Hex fits Telegram's 1-256 characters of [A-Za-z0-9_-].
 */
export const webhookSecretOf = (token: string): string => keyedHash(token, WEBHOOK_SECRET_PURPOSE);

/** The secrets a webhook call may carry: the current key's and, until setWebhook runs again, a previous key's. */
export const acceptedWebhookSecrets = (token: string): string[] => keyedHashCandidates(token, WEBHOOK_SECRET_PURPOSE);

export const webhookUrlOf = (config: TelegramConfig): string => `${config.siteUrl}/api/telegram/webhook`;

/** An absolute address on the site for a path (notification links are paths). */
export const siteLink = (config: Pick<TelegramConfig, "siteUrl">, path: string): string => new URL(path, `${config.siteUrl}/`).toString();
