// Rate-limiter fixtures: a fresh in-memory limiter per test, or a RedisLimiter on the real server with
// a key prefix unique to this run, so parallel files and repeated runs never share counters.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { MemoryLimiter, RedisLimiter, setLimiter, type Limiter } from "../../src/server/rate-limit/limiter";

export function useMemoryLimiter(): MemoryLimiter {
  const l = new MemoryLimiter();
  setLimiter(l);
  return l;
}

export interface RedisLimiterFixture { limiter: RedisLimiter; redis: Redis; prefix: string; close: () => Promise<void> }

export function redisLimiterFixture(url = process.env.TEST_REDIS_URL!): RedisLimiterFixture {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 3000 });
  const prefix = `rl-test:${randomUUID()}:`;
  return {
    limiter: new RedisLimiter(redis, new MemoryLimiter(), prefix),
    redis,
    prefix,
    close: async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** The limiter kinds available in this run: memory always, Redis when TEST_REDIS_URL is set. */
export const limiterKinds: [string, () => { limiter: Limiter; close: () => Promise<void> }][] = [
  ["memory", () => ({ limiter: new MemoryLimiter(), close: async () => undefined })],
  ...(process.env.TEST_REDIS_URL ? ([["redis", () => redisLimiterFixture()]] as [string, () => RedisLimiterFixture][]) : []),
];
