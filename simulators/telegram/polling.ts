// getUpdates with long polling: a call with a timeout and nothing to fetch is held until an update
// is queued or the timeout passes. As with Telegram, one poller at a time (a newer call ends the
// held one with 409), and no polling at all while a webhook is set.
import { ApiError, badRequest } from "./api-error";
import type { TgUpdate } from "./model";
import { int, json, type Params } from "./params";
import type { UpdateQueue } from "./updates";

export const WEBHOOK_ACTIVE = "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
const TERMINATED = "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running";
/** Bounds a held poll, so a stray huge timeout cannot keep a socket open for hours. */
const MAX_TIMEOUT_SECONDS = 600;

interface Held { resolve(u: TgUpdate[]): void; reject(e: ApiError): void }

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export class LongPolls {
  private held: Held | null = null;

  constructor(
    private queue: UpdateQueue,
    private webhookActive: () => boolean,
    /** Told when a poll starts or stops being held (tests wait for a bot to be polling). */
    private onChange: () => void,
  ) {}

  /** How many getUpdates calls are being held (0 or 1). */
  get waiting(): number {
    return this.held ? 1 : 0;
  }

  async getUpdates(p: Params, signal: AbortSignal): Promise<TgUpdate[]> {
    if (this.webhookActive()) throw new ApiError(409, WEBHOOK_ACTIVE);
    const offset = int(p, "offset");
    const limit = int(p, "limit");
    const timeout = int(p, "timeout");
    if ([offset, limit, timeout].some((n) => Number.isNaN(n))) throw badRequest("wrong parameter value");
    this.queue.setAllowed(json(p, "allowed_updates", () => badRequest("can't parse allowed updates")));
    this.queue.confirm(offset);
    this.held?.reject(new ApiError(409, TERMINATED));
    const max = clamp(limit ?? 100, 1, 100);
    const ready = this.queue.peek(max);
    const seconds = clamp(timeout ?? 0, 0, MAX_TIMEOUT_SECONDS);
    if (ready.length || seconds === 0) return ready;
    return new Promise<TgUpdate[]>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        stopListening();
        signal.removeEventListener("abort", onAbort);
        if (this.held === entry) this.held = null;
        this.onChange();
      };
      const entry: Held = {
        resolve: (u) => (finish(), resolve(u)),
        reject: (e) => (finish(), reject(e)),
      };
      const timer = setTimeout(() => entry.resolve([]), seconds * 1000);
      const stopListening = this.queue.onPush(() => entry.resolve(this.queue.peek(max)));
      // The client gave up (grammy's bot.stop() aborts its poll): nobody to answer.
      const onAbort = () => entry.resolve([]);
      signal.addEventListener("abort", onAbort);
      this.held = entry;
      this.onChange();
    });
  }

  /** Answers a held poll now with nothing (a webhook was set, or the simulator closes). */
  release(): void {
    this.held?.resolve([]);
  }
}
