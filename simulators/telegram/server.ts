// A Telegram Bot API server over real HTTP, enough for a grammy bot to run against unchanged:
// /bot<token>/<method> (JSON, form-urlencoded, multipart or query parameters; the method name in
// any case), answering `{ ok: true, result }` or `{ ok: false, error_code, description }` with the
// same HTTP status. Long polling, webhooks with the secret header and retries, Telegram's texts
// for its errors, and simulated conditions (a user who blocked the bot, a per-chat rate limit).
// The /__sim/ control API (control.ts) and the returned helpers play the users' side.
import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, sendJson } from "../common/http";
import { ApiError, methodNotFound, unauthorized } from "./api-error";
import { handleControl } from "./control";
import { Described, type SimCore } from "./core";
import { createMethods } from "./methods";
import type { CallbackAnswer, SentMessage, TgUpdate, TgUser } from "./model";
import { readApiParams, type Params } from "./params";
import { LongPolls } from "./polling";
import { SimState, type CommandSet } from "./state";
import { UpdateQueue } from "./updates";
import { setBlocked, userAction, type UpdateInput, type UpdateResult } from "./user-actions";
import { WebhookSender, type WebhookAttempt, type WebhookConfig } from "./webhook";

export type { CallbackAnswer, SentMessage, TgUpdate, UpdateInput, UpdateResult, WebhookAttempt };

/** The shape of a real token: the bot's id, a colon, then (today) 35 URL-safe characters. */
export const TOKEN_SHAPE = /^(\d{1,20}):[A-Za-z0-9_-]{30,50}$/;
const MAX_CALLS_KEPT = 1000;

export interface TelegramSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /**
   * The one token accepted (any other answers 401). Unset: every token of the real shape
   * (TOKEN_SHAPE) is accepted, all sharing one state, and `token` is a made-up one of that shape.
   */
  token?: string;
  botName?: string;
  botUsername?: string;
  /** Default true: like Telegram, sending to a chat no update came from answers 400 "chat not found". */
  requireKnownChats?: boolean;
  /** Default off: more bot messages than this in a chat within 1 s answer 429 with retry_after. */
  maxPerSecondPerChat?: number | null;
  /** Delays before retrying a failed webhook delivery; default 1 s, 5 s, 15 s (tests use a few ms). */
  webhookRetryDelaysMs?: number[];
  /** Per-delivery deadline, default 30 s. */
  webhookTimeoutMs?: number;
}

/** One Bot API request, as answered. */
export interface ApiCall { method: string; params: Params; status: number; description?: string; at: string }

export interface TelegramSimulator {
  /** The API root for grammy's `client.apiRoot` (no trailing slash); the control API is under `${url}/__sim/`. */
  url: string;
  port: number;
  token: string;
  /** The bot as getMe describes it (for the `token`). */
  bot: TgUser;
  /** A user writes (`text`) or presses an inline button (`callbackData`). */
  sendUpdate(input: UpdateInput): UpdateResult;
  /** The bot's messages in a chat (every chat when omitted) as they stand now. */
  sent(chatId?: number): SentMessage[];
  /** Resolves once the chat has more than `after` (default 0) bot messages; rejects after `timeoutMs` (default 5000). */
  waitForSent(chatId: number, opts?: { after?: number; timeoutMs?: number }): Promise<SentMessage[]>;
  /** Resolves with the first truthy `check()` (tried now and after every change), or undefined after `timeoutMs`. */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs?: number): Promise<T | undefined>;
  callbackAnswers(chatId?: number): CallbackAnswer[];
  block(chatId: number, blocked?: boolean): void;
  setRateLimit(maxPerSecondPerChat: number | null): void;
  /** Updates queued and not yet confirmed or delivered. */
  pendingUpdates(): TgUpdate[];
  /** getUpdates calls being held right now (0 or 1). */
  waitingPolls(): number;
  webhook(): { config: WebhookConfig | null; lastError: { date: number; message: string } | null; attempts: WebhookAttempt[] };
  commands(): CommandSet[];
  calls: ApiCall[];
  /** Forgets chats, messages, answers, commands, queued updates and the webhook (update ids keep rising). */
  reset(): void;
  close(): Promise<void>;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function botUser(id: number, opts: TelegramSimulatorOptions): TgUser {
  return { id, is_bot: true, first_name: opts.botName ?? "Relayboard Sim", username: opts.botUsername ?? "relayboard_sim_bot" };
}

export async function startTelegramSimulator(opts: TelegramSimulatorOptions = {}): Promise<TelegramSimulator> {
  if (opts.token !== undefined && !TOKEN_SHAPE.test(opts.token)) throw new Error("token must look like a Telegram bot token: <digits>:<30–50 of A-Za-z0-9_->");
  const token = opts.token ?? `${randomInt(1_000_000_000, 8_000_000_000)}:AA${randomBytes(33).toString("base64url").slice(0, 33)}`;
  const bot = botUser(Number(TOKEN_SHAPE.exec(token)![1]), opts);
  const state = new SimState();
  const queue = new UpdateQueue();
  const calls: ApiCall[] = [];
  const webhook = new WebhookSender(queue, {
    retryDelaysMs: opts.webhookRetryDelaysMs ?? [1_000, 5_000, 15_000],
    timeoutMs: opts.webhookTimeoutMs ?? 30_000,
    // A webhook reply is a call made with the webhook's bot token; its outcome goes nowhere, as on Telegram.
    onReply: async ({ method, ...params }) => void (await call(token, String(method), params, new AbortController().signal)),
    onChange: () => state.changed(),
  });
  const polls = new LongPolls(queue, () => webhook.config !== null, () => state.changed());
  const core: SimCore = { state, queue, polls, webhook, limits: { maxPerSecondPerChat: opts.maxPerSecondPerChat ?? null, requireKnownChats: opts.requireKnownChats ?? true }, bot };
  const methods = createMethods(core);

  const accepts = (t: string) => (opts.token !== undefined ? t === opts.token : TOKEN_SHAPE.test(t));

  /** Runs one call; the answer body and its HTTP status. */
  async function call(t: string, method: string, params: Params, signal: AbortSignal): Promise<{ status: number; body: Record<string, unknown> }> {
    let answer: { status: number; body: Record<string, unknown> };
    try {
      if (!accepts(t)) throw unauthorized();
      const handler = methods.get(method.toLowerCase());
      if (!handler) throw methodNotFound();
      const result = await handler(params, { bot: botUser(Number(TOKEN_SHAPE.exec(t)![1]), opts), signal });
      answer = { status: 200, body: result instanceof Described ? { ok: true, result: result.result, description: result.description } : { ok: true, result } };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      answer = { status: e.code, body: e.toJSON() };
    }
    calls.push({ method, params, status: answer.status, description: answer.body.description as string | undefined, at: new Date().toISOString() });
    if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT);
    return answer;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://sim.local");
    if (url.pathname.startsWith("/__sim/")) return handleControl(core, { reset, calls: () => calls }, req, res, url);
    const m = /^\/bot([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, new ApiError(404, "Not Found").toJSON());
    let params: Params;
    try {
      params = await readApiParams(req, url);
    } catch (e) {
      if (e instanceof ApiError) return sendJson(res, e.code, e.toJSON());
      throw e;
    }
    const aborted = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) aborted.abort();
    });
    const answer = await call(decode(m[1]!), decode(m[2]!), params, aborted.signal);
    if (!res.destroyed) sendJson(res, answer.status, answer.body);
  }

  function reset(): void {
    state.reset();
    queue.clear();
    calls.length = 0;
    webhook.reset();
    core.limits.maxPerSecondPerChat = opts.maxPerSecondPerChat ?? null;
  }

  const l = await listen(handle, opts);
  const url = l.url.replace(/\/$/, "");
  return {
    url,
    port: l.port,
    token,
    bot,
    sendUpdate: (input) => userAction(core, input),
    sent: (chatId) => state.sent(chatId),
    async waitForSent(chatId, o = {}) {
      const after = o.after ?? 0;
      const list = await state.waitFor(() => (state.sent(chatId).length > after ? state.sent(chatId) : undefined), o.timeoutMs ?? 5_000);
      if (!list) throw new Error(`timed out waiting for bot message ${after + 1} in chat ${chatId} (has ${state.sent(chatId).length})`);
      return list;
    },
    waitFor: (check, timeoutMs = 5_000) => state.waitFor(check, timeoutMs),
    callbackAnswers: (chatId) => state.answers(chatId),
    block: (chatId, blocked = true) => setBlocked(core, chatId, blocked),
    setRateLimit: (n) => void (core.limits.maxPerSecondPerChat = n),
    pendingUpdates: () => queue.peek(Number.MAX_SAFE_INTEGER),
    waitingPolls: () => polls.waiting,
    webhook: () => ({ config: webhook.config, lastError: webhook.lastError, attempts: [...webhook.attempts] }),
    commands: () => [...state.commands.values()],
    calls,
    reset,
    async close() {
      webhook.close();
      polls.release();
      state.close();
      await l.close();
    },
  };
}
