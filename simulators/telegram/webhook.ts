// Webhook delivery: while a webhook is set, queued updates are POSTed to it as JSON one at a time,
// in order, with X-Telegram-Bot-Api-Secret-Token when a secret was given. A 2xx answer delivers the
// update (and a JSON body with `method` is carried out as a call, Telegram's "webhook reply"); any
// other answer or a network error is retried after each configured delay, then the update is
// dropped. The last error is what getWebhookInfo reports, in Telegram's wording.
import { STATUS_CODES } from "node:http";
import type { TgUpdate } from "./model";
import { isRecord } from "./params";
import type { UpdateQueue } from "./updates";

export interface WebhookConfig {
  url: string;
  secretToken: string | null;
  maxConnections: number;
  ipAddress: string | null;
}

export interface WebhookAttempt { updateId: number; url: string; at: string; status?: number; error?: string; delivered: boolean }

export interface WebhookOptions {
  /** Delays before the 2nd, 3rd… attempt of one update. */
  retryDelaysMs: number[];
  /** Per-attempt deadline. */
  timeoutMs: number;
  /** A webhook answer that asks for a method call. */
  onReply(body: Record<string, unknown>): Promise<void>;
  /** Told after every attempt (tests wait on deliveries). */
  onChange(): void;
}

/** A demo left running for days keeps only the recent attempts. */
const MAX_ATTEMPTS_KEPT = 1000;

function describeFailure(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string } };
  if (e.name === "TimeoutError") return "Read timeout expired";
  switch (e.cause?.code) {
    case "ECONNREFUSED": return "Connection refused";
    case "ENOTFOUND": case "EAI_AGAIN": return "Failed to resolve host: Name or service not known";
    case "ECONNRESET": case "UND_ERR_SOCKET": return "Connection reset by peer";
    default: return e.message ?? String(err);
  }
}

export class WebhookSender {
  config: WebhookConfig | null = null;
  lastError: { date: number; message: string } | null = null;
  readonly attempts: WebhookAttempt[] = [];
  /** Bumped when the webhook changes or is removed: a delivery loop of an older one stops. */
  private generation = 0;
  private running: number | null = null;
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    private queue: UpdateQueue,
    private opts: WebhookOptions,
  ) {
    queue.onPush(() => this.pump());
  }

  set(config: WebhookConfig | null): void {
    this.config = config;
    this.lastError = null;
    this.generation++;
    this.wake?.();
    this.pump();
  }

  /** Removes the webhook and forgets its attempts and last error. */
  reset(): void {
    this.set(null);
    this.attempts.length = 0;
  }

  close(): void {
    this.closed = true;
    this.generation++;
    this.wake?.();
  }

  private pump(): void {
    if (this.closed || !this.config || this.running === this.generation) return;
    const gen = (this.running = this.generation);
    void this.run(gen, this.config).finally(() => {
      if (this.running === gen) this.running = null;
    });
  }

  private async run(gen: number, config: WebhookConfig): Promise<void> {
    let failures = 0;
    for (let update = this.queue.head(); update && gen === this.generation; update = this.queue.head()) {
      const ok = await this.attempt(update, config);
      if (gen !== this.generation) return; // the update stays queued for whatever replaced this webhook
      if (ok || failures >= this.opts.retryDelaysMs.length) {
        this.queue.remove(update.update_id);
        failures = 0;
        this.opts.onChange();
        continue;
      }
      this.opts.onChange();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => ((this.wake = null), resolve()), this.opts.retryDelaysMs[failures++]);
        this.wake = () => (clearTimeout(timer), (this.wake = null), resolve());
      });
    }
  }

  private async attempt(update: TgUpdate, config: WebhookConfig): Promise<boolean> {
    const rec: WebhookAttempt = { updateId: update.update_id, url: config.url, at: new Date().toISOString(), delivered: false };
    this.attempts.push(rec);
    if (this.attempts.length > MAX_ATTEMPTS_KEPT) this.attempts.splice(0, this.attempts.length - MAX_ATTEMPTS_KEPT);
    let body: unknown;
    try {
      const res = await fetch(config.url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(this.opts.timeoutMs),
        headers: { "content-type": "application/json", ...(config.secretToken ? { "x-telegram-bot-api-secret-token": config.secretToken } : {}) },
        body: JSON.stringify(update),
      });
      rec.status = res.status;
      const text = await res.text();
      if (res.status < 200 || res.status > 299) {
        rec.error = `Wrong response from the webhook: ${res.status} ${STATUS_CODES[res.status] ?? ""}`.trim();
      } else if (text && String(res.headers.get("content-type")).includes("json")) {
        body = JSON.parse(text) as unknown;
      }
    } catch (err) {
      if (!rec.status) rec.error = describeFailure(err);
    }
    if (rec.error) {
      this.lastError = { date: Math.floor(Date.now() / 1000), message: rec.error };
      return false;
    }
    rec.delivered = true;
    if (isRecord(body) && typeof body.method === "string") await this.opts.onReply(body).catch(() => {});
    return true;
  }
}
