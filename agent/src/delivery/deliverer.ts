// Sends queued batches oldest first. Outcomes per HTTP status:
//   2xx            delivered: the file is removed (a retry after a lost answer reuses the batch's
//                  Idempotency-Key, so the server counts it once)
//   401, 403       the token is wrong or revoked: reporting stops (the caller exits), the queue is kept
//   400, 404, 413, 422  this batch can never succeed: dropped, logged, counted
//   429            wait for Retry-After (or back-off), then continue
//   anything else, network errors, timeouts: exponential back-off with jitter, order kept
import type { Clock } from "../clock";
import type { Logger } from "../log";
import { backoffDelay, DEFAULT_BACKOFF, parseRetryAfter, type BackoffPolicy } from "./backoff";
import { fetchPost, type PostFn } from "./http-post";
import { KIND_PATHS, type Batch, type DiskQueue, type ReportKind } from "./queue";

export interface KindReport {
  at: string;
  ok: boolean;
  status?: number;
  detail?: string;
}

export interface FlushResult {
  delivered: number;
  dropped: number;
  /** Batches still queued. */
  remaining: number;
  /** Set when the queue is waiting (back-off or Retry-After) until this time. */
  waitUntil?: number;
  /** Set when the server refused the token; nothing more will be sent. */
  stopped?: string;
}

export interface DelivererOptions {
  serverUrl: string;
  token: () => string;
  queue: DiskQueue;
  clock: Clock;
  log: Logger;
  post?: PostFn;
  backoff?: BackoffPolicy;
  random?: () => number;
  timeoutMs?: number;
  onReport?: (kind: ReportKind, report: KindReport) => void;
  /** Called just before a batch is first sent: from then on it must not change. */
  onAttempt?: (batch: Batch) => void;
}

const PERMANENT = new Set([400, 404, 413, 422]);

export class Deliverer {
  private failures = 0;
  private nextAttemptAt = 0;
  private stoppedReason: string | null = null;
  private readonly post: PostFn;

  constructor(private readonly opts: DelivererOptions) {
    this.post = opts.post ?? fetchPost;
  }

  get stopped(): string | null {
    return this.stoppedReason;
  }

  /** When the next attempt may run (0: now). */
  get readyAt(): number {
    return this.nextAttemptAt;
  }

  private url(kind: ReportKind): string {
    // Concatenated, not resolved: the server may live under a base path (https://host/board).
    return `${this.opts.serverUrl.replace(/\/+$/, "")}${KIND_PATHS[kind]}`;
  }

  async flush(signal?: AbortSignal): Promise<FlushResult> {
    const { queue, clock, log } = this.opts;
    const result: FlushResult = { delivered: 0, dropped: 0, remaining: 0 };
    if (this.stoppedReason) return { ...result, remaining: await queue.count(), stopped: this.stoppedReason };
    if (clock.now() < this.nextAttemptAt) return { ...result, remaining: await queue.count(), waitUntil: this.nextAttemptAt };

    const refs = await queue.list();
    for (let i = 0; i < refs.length; i++) {
      if (signal?.aborted) return { ...result, remaining: refs.length - i };
      const ref = refs[i]!;
      const batch = await queue.read(ref);
      if (!batch) continue;
      const outcome = await this.send(batch);
      if (outcome.kind === "ok") {
        await queue.remove(ref);
        this.failures = 0;
        result.delivered++;
        continue;
      }
      if (outcome.kind === "drop") {
        await queue.remove(ref);
        await queue.countRejected();
        result.dropped++;
        continue;
      }
      if (outcome.kind === "stop") {
        this.stoppedReason = outcome.reason;
        return { ...result, remaining: refs.length - i, stopped: outcome.reason };
      }
      this.failures++;
      const delay = outcome.retryAfterMs ?? backoffDelay(this.failures, this.opts.backoff ?? DEFAULT_BACKOFF, this.opts.random);
      this.nextAttemptAt = clock.now() + delay;
      log.warn(`delivery failed; retrying in ${Math.round(delay / 1000)} s`, { kind: batch.kind, batch: batch.id, reason: outcome.reason, queued: refs.length - i });
      return { ...result, remaining: refs.length - i, waitUntil: this.nextAttemptAt };
    }
    this.nextAttemptAt = 0;
    return result;
  }

  private async send(batch: Batch): Promise<{ kind: "ok" } | { kind: "drop" } | { kind: "stop"; reason: string } | { kind: "retry"; reason: string; retryAfterMs?: number }> {
    const { clock, log } = this.opts;
    const at = () => new Date(clock.now()).toISOString();
    let res;
    this.opts.onAttempt?.(batch);
    try {
      res = await this.post(this.url(batch.kind), {
        token: this.opts.token(),
        idempotencyKey: batch.id,
        body: JSON.stringify(batch.body),
        timeoutMs: this.opts.timeoutMs ?? 30_000,
      });
    } catch (err) {
      const reason = describeNetworkError(err);
      this.opts.onReport?.(batch.kind, { at: at(), ok: false, detail: reason });
      return { kind: "retry", reason };
    }
    const detail = res.body.slice(0, 300);
    if (res.status >= 200 && res.status < 300) {
      this.opts.onReport?.(batch.kind, { at: at(), ok: true, status: res.status });
      log.debug("delivered", { kind: batch.kind, batch: batch.id, status: res.status });
      return { kind: "ok" };
    }
    this.opts.onReport?.(batch.kind, { at: at(), ok: false, status: res.status, detail });
    if (res.status === 401 || res.status === 403) {
      const reason = `the server refused the agent token (HTTP ${res.status}): it is wrong or was revoked. Reporting stopped; put a new token in place and restart the agent.`;
      log.error(reason, { kind: batch.kind });
      return { kind: "stop", reason };
    }
    if (PERMANENT.has(res.status)) {
      log.error(`the server refused a ${batch.kind} batch (HTTP ${res.status}); it will never be accepted, so it is dropped`, { batch: batch.id, response: detail });
      return { kind: "drop" };
    }
    if (res.status === 429) {
      const wait = parseRetryAfter(res.retryAfter, clock.now());
      return { kind: "retry", reason: "HTTP 429 (rate limited)", ...(wait !== null ? { retryAfterMs: Math.max(wait, 1000) } : {}) };
    }
    return { kind: "retry", reason: `HTTP ${res.status}` };
  }
}

function describeNetworkError(err: unknown): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError") return "timed out";
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause ? `${e.message} (${cause})` : String(e?.message ?? err);
}
