// Fixed-window counters. Redis when REDIS_URL is set (shared by all instances); memory otherwise.
// If Redis fails, we fall back to the in-process counters and log loudly: a limiter that silently
// lets everything through is one of the mistakes we must not repeat (behaviour §14.14).
import { Redis } from "ioredis";
import { env } from "../env";
import { log } from "../logger";

export interface LimitResult { ok: boolean; count: number; retryAfterSeconds: number }

export interface Limiter {
  /** Adds `cost` to the window of `key` and tells whether it is still within `limit`. */
  hit(key: string, limit: number, windowSeconds: number, cost?: number): Promise<LimitResult>;
  /** Reads without counting. */
  peek(key: string, limit: number): Promise<LimitResult>;
  reset(key: string): Promise<void>;
}

export class MemoryLimiter implements Limiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  async hit(key: string, limit: number, windowSeconds: number, cost = 1): Promise<LimitResult> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    w.count += cost;
    return { ok: w.count <= limit, count: w.count, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }
  async peek(key: string, limit: number): Promise<LimitResult> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { ok: true, count: 0, retryAfterSeconds: 0 };
    return { ok: w.count < limit, count: w.count, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }
  async reset(key: string) {
    this.windows.delete(key);
  }
  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

const HIT_SCRIPT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[1])
if c == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {c, ttl}`;

export class RedisLimiter implements Limiter {
  constructor(readonly redis: Redis, private fallback = new MemoryLimiter(), readonly prefix = "rl:") {}
  // Circuit breaker: after a Redis failure, count in memory for a few seconds without asking Redis,
  // so an outage costs one timeout per period instead of one per request.
  private openUntil = 0;
  private async guarded<T>(op: () => Promise<T>, fb: () => Promise<T>): Promise<T> {
    if (Date.now() < this.openUntil) return fb();
    try {
      return await op();
    } catch (err) {
      this.openUntil = Date.now() + RedisLimiter.BREAK_MS;
      log.error("rate limiter: redis unavailable, using in-process counters", { error: (err as Error).message, retryInMs: RedisLimiter.BREAK_MS });
      return fb();
    }
  }
  static BREAK_MS = 5000;
  hit(key: string, limit: number, windowSeconds: number, cost = 1) {
    return this.guarded(
      async () => {
        const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, cost, windowSeconds * 1000)) as [number, number];
        return { ok: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      },
      () => this.fallback.hit(key, limit, windowSeconds, cost),
    );
  }
  /** Several hits in one pipeline (local-buckets.ts reconciling); throws when Redis fails. */
  async hitMany(items: Array<{ key: string; limit: number; windowSeconds: number; cost: number }>): Promise<LimitResult[]> {
    const p = this.redis.pipeline();
    for (const i of items) p.eval(HIT_SCRIPT, 1, this.prefix + i.key, i.cost, i.windowSeconds * 1000);
    const out = (await p.exec()) ?? [];
    return items.map((item, idx) => {
      const [err, value] = out[idx] ?? [new Error("no reply")];
      if (err) throw err;
      const [count, ttl] = value as [number, number];
      return { ok: count <= item.limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    });
  }
  peek(key: string, limit: number) {
    return this.guarded(
      async () => {
        const [v, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
        const count = Number(v ?? 0);
        return { ok: count < limit, count, retryAfterSeconds: count ? Math.max(1, Math.ceil(ttl / 1000)) : 0 };
      },
      () => this.fallback.peek(key, limit),
    );
  }
  async reset(key: string) {
    await this.guarded(async () => void (await this.redis.del(this.prefix + key)), () => this.fallback.reset(key));
  }
}

const g = globalThis as unknown as { __relayboardLimiter?: Limiter; __relayboardRedis?: Redis; __relayboardGateLimiter?: { limiter: { close(): Promise<void> } } };

export function getRedis(): Redis | undefined {
  const url = env().REDIS_URL;
  if (!url) return undefined;
  if (!g.__relayboardRedis) {
    g.__relayboardRedis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 3000 });
    g.__relayboardRedis.on("error", (err) => log.warn("redis error", { error: err.message }));
  }
  return g.__relayboardRedis;
}

export function getLimiter(): Limiter {
  if (!g.__relayboardLimiter) {
    const redis = getRedis();
    g.__relayboardLimiter = redis ? new RedisLimiter(redis, new MemoryLimiter(), `${env().REDIS_KEY_PREFIX}rl:`) : new MemoryLimiter();
  }
  return g.__relayboardLimiter;
}

export function setLimiter(l: Limiter | undefined): void {
  g.__relayboardLimiter = l;
}

export async function closeRedis(): Promise<void> {
  // The subscription endpoint's local buckets (local-buckets.ts) hand their last counts to Redis first.
  const buckets = g.__relayboardGateLimiter;
  g.__relayboardGateLimiter = undefined;
  await buckets?.limiter.close().catch(() => undefined);
  const r = g.__relayboardRedis;
  g.__relayboardRedis = undefined;
  g.__relayboardLimiter = undefined;
  if (r) await r.quit().catch(() => r.disconnect());
}
