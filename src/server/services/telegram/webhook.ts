// Webhook mode: Telegram POSTs each update to /api/telegram/webhook with the secret given to
// setWebhook in X-Telegram-Bot-Api-Secret-Token. The secret is checked (constant time) before the
// body is read; the update then goes to the same handlers as polling. The answer is 200 once the
// update was handled, whatever the bot replied, because Telegram re-sends anything else; an update
// id this process already handled (a re-send after a slow answer) is acknowledged and skipped.
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { constantTimeEqual } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { DomainError, unavailable, validationError } from "../../errors";
import { botIdentity } from "./api";
import { createBot, handleUpdate } from "./bot";
import type { BotContext } from "./bot-context";
import { acceptedWebhookSecrets, readTelegramState } from "./config";
import { TelegramUpdateBody } from "./webhook-input";

export { WEBHOOK_BODY_LIMIT } from "./webhook-input";

const REMEMBERED_UPDATES = 1000;

let cached: { signature: string; bot: Bot<BotContext> } | null = null;
const g = globalThis as unknown as { __relayboardTelegramSeenUpdates?: Set<string> };
const seen = (g.__relayboardTelegramSeenUpdates ??= new Set<string>());

function firstTime(key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  if (seen.size > REMEMBERED_UPDATES) seen.delete(seen.values().next().value!);
  return true;
}

/** Checks the caller, then reads (capped) and handles one update. Throws a DomainError for the route to map. */
export async function receiveTelegramUpdate(db: Db, secretHeader: string | null, readBody: () => Promise<Buffer>): Promise<{ handled: boolean }> {
  const state = await readTelegramState(db);
  if (!state.enabled || state.config.mode !== "webhook") throw new DomainError("NOT_FOUND", "telegram_not_configured");
  const { config } = state;
  const given = secretHeader ?? "";
  // Every candidate is compared (no early exit), so the time does not tell which one came close.
  const ok = acceptedWebhookSecrets(config.token).map((s) => constantTimeEqual(given, s)).includes(true);
  if (!ok) throw new DomainError("UNAUTHENTICATED", "telegram_secret_invalid");
  let raw: unknown;
  try {
    raw = JSON.parse((await readBody()).toString("utf8"));
  } catch (err) {
    if (err instanceof SyntaxError) throw validationError("invalid_json");
    throw err;
  }
  const parsed = TelegramUpdateBody.safeParse(raw);
  if (!parsed.success) throw validationError("invalid_json");
  const update = parsed.data as unknown as Update;
  if (!firstTime(`${config.signature}:${update.update_id}`)) return { handled: false };
  if (cached?.signature !== config.signature) {
    const me = await botIdentity(config).catch(() => {
      seen.delete(`${config.signature}:${update.update_id}`);
      // 503: Telegram sends the update again later, when getMe may work.
      throw unavailable("telegram_unavailable");
    });
    cached = { signature: config.signature, bot: createBot(db, config, me) };
  }
  await handleUpdate(cached.bot, update, config.token);
  return { handled: true };
}
