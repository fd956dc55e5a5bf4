// Shared limits without a Redis round trip per request (issue 25), for the subscription endpoint:
// each instance admits a small share of a key's remaining quota on its own and adds what it admitted
// to the shared Redis counter every RECONCILE_MS, in one pipeline for all keys. When its share is
// used up, or the key is near its limit, the hit goes to Redis at once and is exact.
//
// The share is at most SHARE of the limit and at most (limit - count known) / (2 x instances), so:
// - one instance alone never exceeds a limit;
// - with n instances, a key can exceed its limit by at most (n - 1) x SHARE x limit, and only with
//   requests admitted in the RECONCILE_MS before the other instances' counts reached Redis;
// - limits under 1 / SHARE (20) get no share: every hit is exact, as with RedisLimiter.
// A refused key is refused locally for up to BLOCK_MS (its hits still counted), so a flood over the
// limit costs Redis one command per BLOCK_MS, not one per request.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { describeError } from "../describe-error";
import { log } from "../logger";
import { getLimiter, type Limiter, type LimitResult, type RedisLimiter } from "./limiter";

export const SHARE = 0.05;
export const RECONCILE_MS = 200;
const BLOCK_MS = 1_000;
const HEARTBEAT_MS = 5_000;
/** An instance that has not beaten for this long is no longer counted. */
const INSTANCE_TTL_MS = 15_000;
const MAX_KEYS = 200_000;

interface Bucket {
  limit: number;
  windowSeconds: number;
  /** The shared count when last heard from Redis (this instance's flushed hits included). */
  known: number;
  /** Hits admitted here and not yet added in Redis. */
  pending: number;
  share: number;
  windowEndsAt: number;
  blockedUntil: number;
  inflight: Promise<void> | null;
}

export class BucketLimiter implements Limiter {
  private buckets = new Map<string, Bucket>();
  private instances = Infinity; // no share until the first heartbeat has counted the instances
  private readonly id = randomUUID();
  private readonly timer: NodeJS.Timeout;
  private lastBeat = 0;
  private flushing: Promise<void> | null = null;

  constructor(private readonly shared: RedisLimiter, private readonly redis: Redis, private readonly prefix: string, private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.timer.unref();
    void this.reconcile();
  }

  private shareOf(limit: number, known: number): number {
    return Math.max(0, Math.min(Math.floor(limit * SHARE), Math.floor((limit - known) / (2 * this.instances))));
  }

  async hit(key: string, limit: number, windowSeconds: number, cost = 1): Promise<LimitResult> {
    for (;;) {
      const t = this.now();
      let b = this.buckets.get(key);
      // Hits that arrive while this key's exact hit is out wait for its answer (a flood of them
      // would otherwise each go to Redis before the first refusal is known).
      if (b?.inflight) {
        await b.inflight;
        continue;
      }
      if (b && (b.windowEndsAt <= t || b.limit !== limit || b.windowSeconds !== windowSeconds)) {
        if (b.pending) void this.shared.hit(key, b.limit, b.windowSeconds, b.pending); // its last hits, still counted
        this.buckets.delete(key);
        b = undefined;
      }
      const retryAfterSeconds = (at: number) => Math.max(1, Math.ceil((at - t) / 1000));
      if (b && b.blockedUntil > t) {
        b.pending += cost;
        return { ok: false, count: b.known + b.pending, retryAfterSeconds: retryAfterSeconds(b.windowEndsAt) };
      }
      if (!b && this.buckets.size < MAX_KEYS && this.shareOf(limit, 0) >= cost) {
        // A key new here: admitted on the share, its count learned at the next reconciliation.
        this.buckets.set(key, { limit, windowSeconds, known: 0, pending: cost, share: this.shareOf(limit, 0), windowEndsAt: t + windowSeconds * 1000, blockedUntil: 0, inflight: null });
        return { ok: true, count: cost, retryAfterSeconds: windowSeconds };
      }
      if (b && b.pending + cost <= b.share) {
        b.pending += cost;
        return { ok: true, count: b.known + b.pending, retryAfterSeconds: retryAfterSeconds(b.windowEndsAt) };
      }
      return this.exact(key, limit, windowSeconds, cost, b, t);
    }
  }

  /** This hit and everything pending go to Redis now. */
  private async exact(key: string, limit: number, windowSeconds: number, cost: number, found: Bucket | undefined, t: number): Promise<LimitResult> {
    let b = found;
    if (!b && this.buckets.size < MAX_KEYS) {
      b = { limit, windowSeconds, known: 0, pending: 0, share: 0, windowEndsAt: t + windowSeconds * 1000, blockedUntil: 0, inflight: null };
      this.buckets.set(key, b);
    }
    const pending = b?.pending ?? 0;
    let release = () => {};
    if (b) {
      b.pending = 0;
      b.inflight = new Promise<void>((r) => (release = r));
    }
    try {
      const r = await this.shared.hit(key, limit, windowSeconds, pending + cost);
      this.learn(key, limit, windowSeconds, r, t);
      return r;
    } finally {
      if (b) b.inflight = null;
      release();
    }
  }

  private learn(key: string, limit: number, windowSeconds: number, r: LimitResult, t: number): void {
    const b = this.buckets.get(key);
    const windowEndsAt = t + r.retryAfterSeconds * 1000;
    const blockedUntil = r.ok ? 0 : Math.min(t + BLOCK_MS, windowEndsAt);
    if (b) Object.assign(b, { known: r.count, share: this.shareOf(limit, r.count), windowEndsAt, blockedUntil });
    else if (this.buckets.size < MAX_KEYS) this.buckets.set(key, { limit, windowSeconds, known: r.count, pending: 0, share: this.shareOf(limit, r.count), windowEndsAt, blockedUntil, inflight: null });
  }

  peek(key: string, limit: number): Promise<LimitResult> {
    return this.shared.peek(key, limit);
  }

  async reset(key: string): Promise<void> {
    this.buckets.delete(key);
    await this.shared.reset(key);
  }

  /** Adds every pending count to Redis (one pipeline) and learns the shared counts back. */
  reconcile(): Promise<void> {
    this.flushing ??= this.flush().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flush(): Promise<void> {
    const t = this.now();
    try {
      if (t - this.lastBeat >= HEARTBEAT_MS) await this.beat(t);
      const due: Array<[string, Bucket, number]> = [];
      for (const [key, b] of this.buckets) {
        if (b.windowEndsAt <= t && !b.pending) this.buckets.delete(key);
        else if (b.pending) due.push([key, b, b.pending]);
      }
      if (!due.length) return;
      for (const [, b, n] of due) b.pending -= n;
      let results: LimitResult[];
      try {
        results = await this.shared.hitMany(due.map(([key, b, n]) => ({ key, limit: b.limit, windowSeconds: b.windowSeconds, cost: n })));
      } catch (err) {
        // Not added: they stay pending for the next reconciliation.
        for (const [, b, n] of due) b.pending += n;
        throw err;
      }
      results.forEach((r, i) => {
        const [key, b] = due[i]!;
        if (this.buckets.get(key) === b) this.learn(key, b.limit, b.windowSeconds, r, t);
      });
    } catch (err) {
      log.error("rate limiter: reconciling local buckets failed", { error: describeError(err) });
    }
  }

  /** Counts the live instances (a sorted set of heartbeats), which divides each key's share. */
  private async beat(t: number): Promise<void> {
    const set = `${this.prefix}instances`;
    const [, , card] = (await this.redis
      .multi()
      .zadd(set, t, this.id)
      .zremrangebyscore(set, "-inf", t - INSTANCE_TTL_MS)
      .zcard(set)
      .pexpire(set, INSTANCE_TTL_MS * 2)
      .exec())!;
    const n = Number(card?.[1]);
    if (Number.isFinite(n) && n > 0) this.instances = n;
    this.lastBeat = t;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.reconcile();
    await this.redis.zrem(`${this.prefix}instances`, this.id).catch(() => undefined);
  }
}

const g = globalThis as unknown as { __relayboardGateLimiter?: { base: Limiter; limiter: BucketLimiter } };

/**
 * The subscription endpoint's limiter: local buckets over the shared Redis limiter; the process's
 * limiter itself when it is not Redis (memory: already no round trip; tests that set their own).
 */
export function getGateLimiter(): Limiter {
  const base = getLimiter();
  // By shape, not instanceof: Next's bundled copy of limiter.ts has a class of its own.
  if (typeof (base as RedisLimiter).hitMany !== "function") return base;
  const current = g.__relayboardGateLimiter;
  if (current?.base === base) return current.limiter;
  if (current) void current.limiter.close?.();
  const r = base as RedisLimiter;
  g.__relayboardGateLimiter = { base, limiter: new BucketLimiter(r, r.redis, r.prefix) };
  return g.__relayboardGateLimiter.limiter;
}
