// The bot's life in the server process: started and stopped by main.ts, it follows the settings
// (read every few seconds, so a new token, API root or mode takes effect without a restart) and
// - in polling mode, polls getUpdates only while it holds the instances' shared lease (poll-lease.ts),
//   deleting any webhook first; the others stand by and take over when the holder stops or dies;
// - in webhook mode, registers <site>/api/telegram/webhook with its secret (setWebhook) and leaves
//   the updates to that route;
// - with no readable token, does nothing.
import { randomUUID } from "node:crypto";
import type { Bot } from "grammy";
import type { Db } from "../../db/client";
import { log } from "../../logger";
import { botIdentity, isGrammyError, telegramErrorText } from "./api";
import { ALLOWED_UPDATES, createBot, handleUpdate } from "./bot";
import type { BotContext } from "./bot-context";
import { botIdOf, readTelegramState, webhookSecretOf, webhookUrlOf, type TelegramConfig, type TelegramMode } from "./config";
import { holdPollLease, releasePollLease } from "./poll-lease";
import { botWords } from "./texts";
// The outbox handler and the alert sink live where the runner does (also imported by jobs/task-handlers.ts).
import "./register";

export interface TelegramRunnerOptions {
  /** How often the settings are read (a changed token or mode is picked up within this). */
  settingsEveryMs?: number;
  /** The lease's lifetime; a holder that dies is replaced after at most this long. */
  leaseSeconds?: number;
  /** How often a polling holder renews its lease (well inside leaseSeconds). */
  renewEveryMs?: number;
  /** How long one getUpdates waits for an update. */
  pollTimeoutSeconds?: number;
  /** How often a standby asks for the lease. */
  standbyEveryMs?: number;
}

export interface TelegramRunnerStatus {
  enabled: boolean;
  mode: TelegramMode | null;
  /** This instance holds the lease and polls. */
  polling: boolean;
}

export interface TelegramRunner {
  status(): TelegramRunnerStatus;
  stop(): Promise<void>;
}

/** Longest pause between attempts while every step fails. */
const MAX_FAILURE_WAIT_MS = 60_000;

const DEFAULTS: Required<TelegramRunnerOptions> = { settingsEveryMs: 5_000, leaseSeconds: 30, renewEveryMs: 10_000, pollTimeoutSeconds: 10, standbyEveryMs: 5_000 };

export function createTelegramRunner(db: Db, options: TelegramRunnerOptions = {}): TelegramRunner {
  const o = { ...DEFAULTS, ...options };
  const owner = randomUUID();
  const stopping = new AbortController();
  let current: { config: TelegramConfig; bot: Bot<BotContext> } | null = null;
  let poll: AbortController | null = null;
  let holding = false;
  let renewedAt = 0;
  let offset = 0;
  /** The configuration signature whose webhook is registered / deleted / commands published by us. */
  let webhookSet: string | null = null;
  let pollingReady: string | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      }
      stopping.signal.addEventListener("abort", done);
    });

  async function refresh(): Promise<TelegramConfig | null> {
    const state = await readTelegramState(db);
    if (!state.enabled) {
      current = null;
      return null;
    }
    if (current?.config.signature !== state.config.signature) {
      const me = await botIdentity(state.config);
      current = { config: state.config, bot: createBot(db, state.config, me) };
      webhookSet = pollingReady = null;
      log.info("telegram bot configured", { bot: me.username, mode: state.config.mode });
    }
    return current.config;
  }

  async function letGo(): Promise<void> {
    if (!holding) return;
    holding = false;
    await releasePollLease(db, owner).catch((err: unknown) => log.warn("telegram poll lease not released", { error: telegramErrorText(err) }));
  }

  /** The commands Telegram's menu offers (the user's only: operator commands are not advertised). */
  async function publishCommands(bot: Bot<BotContext>): Promise<void> {
    for (const [locale, languageCode] of [["en", undefined], ["zh-CN", "zh"]] as const) {
      const t = botWords(locale);
      const commands = (["subs", "unbind", "help"] as const).map((command) => ({ command, description: t(`commands.${command}`) }));
      await bot.api.setMyCommands(commands, languageCode ? { language_code: languageCode } : undefined);
    }
  }

  async function webhookTurn(config: TelegramConfig, bot: Bot<BotContext>): Promise<void> {
    await letGo();
    if (webhookSet === config.signature) return;
    await bot.api.setWebhook(webhookUrlOf(config), { secret_token: webhookSecretOf(config.token), allowed_updates: [...ALLOWED_UPDATES] });
    await publishCommands(bot);
    webhookSet = config.signature;
    log.info("telegram webhook registered", { url: webhookUrlOf(config) });
  }

  /** One getUpdates while holding the lease; false when this instance stands by. */
  async function pollTurn(config: TelegramConfig, bot: Bot<BotContext>): Promise<boolean> {
    const botId = botIdOf(config.token);
    if (!holding || Date.now() - renewedAt >= o.renewEveryMs) {
      const grant = await holdPollLease(db, owner, botId, o.leaseSeconds);
      if (!grant) {
        if (holding) log.info("telegram poll lease lost to another instance");
        holding = false;
        return false;
      }
      if (!holding) {
        holding = true;
        offset = grant.offset;
        pollingReady = null;
        log.info("telegram polling on this instance");
      }
      renewedAt = Date.now();
    }
    if (pollingReady !== config.signature) {
      // getUpdates does not work while a webhook is set (a switch from webhook mode).
      await bot.api.deleteWebhook();
      await publishCommands(bot);
      pollingReady = config.signature;
    }
    poll = new AbortController();
    const updates = await bot.api.getUpdates({ offset: offset || undefined, timeout: o.pollTimeoutSeconds, allowed_updates: [...ALLOWED_UPDATES] }, poll.signal as unknown as Parameters<typeof bot.api.getUpdates>[1]);
    for (const u of updates) {
      if (stopping.signal.aborted) break;
      await handleUpdate(bot, u, config.token);
      offset = u.update_id + 1;
    }
    if (updates.length) {
      // The new offset is stored with the lease at once: a successor starts after these updates.
      if (await holdPollLease(db, owner, botId, o.leaseSeconds, offset)) renewedAt = Date.now();
      else holding = false;
    }
    return true;
  }

  async function loop(): Promise<void> {
    /** Steps that failed in a row: Telegram (or the database) being away is retried ever more slowly. */
    let failures = 0;
    while (!stopping.signal.aborted) {
      let waitMs = 0;
      try {
        const config = await refresh();
        if (!config || !current) {
          await letGo();
          waitMs = o.settingsEveryMs;
        } else if (config.mode === "webhook") {
          await webhookTurn(config, current.bot);
          waitMs = o.settingsEveryMs;
        } else if (!(await pollTurn(config, current.bot))) waitMs = o.standbyEveryMs;
        failures = 0;
      } catch (err) {
        if (stopping.signal.aborted || poll?.signal.aborted) continue;
        const token = current?.config.token;
        if (isGrammyError(err) && err.error_code === 409) {
          // Someone else polls this bot (or a webhook was set behind our back): stand by and re-check.
          log.warn("telegram getUpdates conflict", { error: telegramErrorText(err, token) });
          holding = false;
          pollingReady = null;
          waitMs = o.standbyEveryMs;
        } else {
          failures++;
          if (failures <= 3 || failures % 20 === 0) log.warn("telegram runner step failed", { error: telegramErrorText(err, token), failures });
          waitMs = Math.min(o.standbyEveryMs * 2 ** Math.min(failures - 1, 4), MAX_FAILURE_WAIT_MS);
        }
      } finally {
        poll = null;
      }
      if (waitMs) await sleep(waitMs);
    }
    await letGo();
  }

  // While a getUpdates is held, a settings change ends it early, so the change applies within settingsEveryMs.
  const watcher = setInterval(() => {
    if (!poll) return;
    void readTelegramState(db)
      .then((s) => {
        const sig = s.enabled ? s.config.signature : null;
        if (sig !== (current?.config.signature ?? null)) poll?.abort();
      })
      .catch(() => undefined);
  }, o.settingsEveryMs);
  watcher.unref();

  const running = loop();
  return {
    status: () => ({
      enabled: current !== null,
      mode: current?.config.mode ?? null,
      // Polling once the lease is held and the webhook is gone for this configuration.
      polling: holding && current?.config.mode === "polling" && pollingReady === current.config.signature && !stopping.signal.aborted,
    }),
    async stop() {
      stopping.abort();
      poll?.abort();
      clearInterval(watcher);
      await running;
    },
  };
}

const g = globalThis as unknown as { __relayboardTelegramRunner?: TelegramRunner };

/** Starts the process's bot runner (main.ts); a second call returns the running one. */
export function startTelegram(db: Db, options?: TelegramRunnerOptions): TelegramRunner {
  return (g.__relayboardTelegramRunner ??= createTelegramRunner(db, options));
}

export async function stopTelegram(): Promise<void> {
  const r = g.__relayboardTelegramRunner;
  g.__relayboardTelegramRunner = undefined;
  await r?.stop();
}
