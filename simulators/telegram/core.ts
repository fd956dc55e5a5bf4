// The pieces every Bot API method and control route works on, and the shape of a method handler.
import type { TgUser } from "./model";
import type { Params } from "./params";
import type { LongPolls } from "./polling";
import type { SimState } from "./state";
import type { UpdateQueue } from "./updates";
import type { WebhookSender } from "./webhook";

export interface Limits {
  /** Bot messages (sent or edited) allowed per chat in any 1 s window; null: no limit. */
  maxPerSecondPerChat: number | null;
  /** Sending to a chat no update came from answers 400 chat not found, as Telegram does. */
  requireKnownChats: boolean;
}

export interface SimCore {
  state: SimState;
  queue: UpdateQueue;
  polls: LongPolls;
  webhook: WebhookSender;
  limits: Limits;
  /** The bot as the accepted (or sample) token names it: sender of my_chat_member updates. */
  bot: TgUser;
}

export interface CallContext {
  /** The bot the request's token names. */
  bot: TgUser;
  /** Aborted when the client goes away (a held getUpdates is then let go). */
  signal: AbortSignal;
}

export type Handler = (p: Params, call: CallContext) => unknown;

/** A success that carries Telegram's `description` too (setWebhook: "Webhook was set"). */
export class Described {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

/** JSON with sorted keys: two markups are "the same" whatever order their fields came in. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
}
