import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { closeRedis, getLimiter, MemoryLimiter, RedisLimiter, setLimiter } from "../../src/server/rate-limit/limiter";
import { beginLoginIpAttempt, limitEmailAction, limitEmailRequestIp, limitRegister, limitTokenAttemptIp, LIMITS, loginLimits } from "../../src/server/rate-limit/policies";
import { SETTINGS_DEFAULTS } from "../../src/server/services/settings/schema";
import { overrideEnv } from "../helpers/env";
import { limiterKinds, redisLimiterFixture } from "../helpers/limiter";
import { describeOnRedis } from "../helpers/requirements";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(limiterKinds)("%s limiter", (_, makeLimiter) => {
  it("counts hits in a fixed window and says when to retry", async () => {
    const { limiter, close } = makeLimiter();
    try {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit("k", 3, 60));
      expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThan(55);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await limiter.hit("other", 3, 60)).count).toBe(1); // keys are independent
    } finally {
      await close();
    }
  });

  it("peek reads without counting; reset clears; cost counts more than one", async () => {
    const { limiter, close } = makeLimiter();
    try {
      expect(await limiter.peek("p", 2)).toEqual({ ok: true, count: 0, retryAfterSeconds: 0 });
      await limiter.hit("p", 2, 60);
      expect(await limiter.peek("p", 2)).toMatchObject({ ok: true, count: 1 });
      expect(await limiter.peek("p", 2)).toMatchObject({ count: 1 });
      await limiter.hit("p", 2, 60);
      expect(await limiter.peek("p", 2)).toMatchObject({ ok: false, count: 2 });
      await limiter.reset("p");
      expect(await limiter.peek("p", 2)).toMatchObject({ ok: true, count: 0 });
      expect(await limiter.hit("c", 5, 60, 4)).toMatchObject({ ok: true, count: 4 });
      expect(await limiter.hit("c", 5, 60, 2)).toMatchObject({ ok: false, count: 6 });
    } finally {
      await close();
    }
  });

  it("starts a new window when the old one has passed", async () => {
    const { limiter, close } = makeLimiter();
    try {
      await limiter.hit("w", 1, 1);
      expect((await limiter.hit("w", 1, 1)).ok).toBe(false);
      await sleep(1100);
      expect(await limiter.hit("w", 1, 1)).toMatchObject({ ok: true, count: 1 });
    } finally {
      await close();
    }
  });
});

describeOnRedis("RedisLimiter on a real Redis", () => {
  it("shares counts between instances (two app processes) and expires its keys", async () => {
    const a = redisLimiterFixture();
    const b = { ...a, limiter: new RedisLimiter(a.redis, new MemoryLimiter(), a.prefix) };
    try {
      await a.limiter.hit("shared", 2, 30);
      await b.limiter.hit("shared", 2, 30);
      expect((await a.limiter.hit("shared", 2, 30)).ok).toBe(false);
      const ttl = await a.redis.pttl(`${a.prefix}shared`);
      expect(ttl).toBeGreaterThan(25_000);
      expect(ttl).toBeLessThanOrEqual(30_000);
    } finally {
      await a.close();
    }
  });
});

describeOnRedis("the service's limiter keeps its keys under REDIS_KEY_PREFIX", () => {
  it("so deployments or test runs sharing one Redis do not share counters", async () => {
    const prefix = `prefix-test-${Date.now()}:`;
    const restore = overrideEnv({ REDIS_KEY_PREFIX: prefix });
    await closeRedis();
    setLimiter(undefined);
    try {
      await getLimiter().hit("k", 5, 30);
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      try {
        expect(await redis.get(`${prefix}rl:k`)).toBe("1");
        await redis.del(`${prefix}rl:k`);
      } finally {
        await redis.quit();
      }
    } finally {
      await closeRedis();
      restore();
      setLimiter(undefined);
    }
  });
});

describe("Redis unreachable", () => {
  let restore: (() => void) | undefined;
  afterEach(async () => {
    await closeRedis();
    restore?.();
    setLimiter(undefined);
  });

  it("falls back to in-process counters that still limit, and says so loudly", async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
    const port = (srv.address() as AddressInfo).port;
    await new Promise<void>((r) => srv.close(() => r())); // nothing listens there any more
    restore = overrideEnv({ REDIS_URL: `redis://127.0.0.1:${port}` });
    await closeRedis();
    setLimiter(undefined);
    const limiter = getLimiter();
    expect(limiter).toBeInstanceOf(RedisLimiter);

    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      const ip = "198.51.100.7";
      for (let i = 0; i < LIMITS.registerPerIp.limit; i++) await limitRegister(ip);
      await expect(limitRegister(ip)).rejects.toMatchObject({ code: "RATE_LIMITED", details: { retryAfterSeconds: expect.any(Number) } });
    } finally {
      process.stderr.write = write;
    }
    // The breaker asks Redis once per outage period, not on every request.
    expect(logged.filter((l) => l.includes("redis unavailable, using in-process counters"))).toHaveLength(1);
  }, 20_000);
});

describe("policies", () => {
  afterEach(() => setLimiter(undefined));

  it("email actions: 3 per address per 10 minutes, case-insensitive", async () => {
    setLimiter(new MemoryLimiter());
    for (let i = 0; i < LIMITS.emailActionsPerAddress.limit; i++) await limitEmailAction(i % 2 ? "Mix@Example.com" : "mix@example.com");
    const err = await limitEmailAction("MIX@example.com").catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect(err.details.retryAfterSeconds).toBeGreaterThan(540);
    await limitEmailAction("someone-else@example.com");
  });

  it("per-IP limits refuse to run without an IP instead of skipping (a missing IP is a server bug)", async () => {
    const limiter = new MemoryLimiter();
    setLimiter(limiter);
    const limitLoginIp = (ip: string | undefined) => beginLoginIpAttempt(ip, loginLimits(SETTINGS_DEFAULTS));
    for (const limit of [limitRegister, limitLoginIp, limitEmailRequestIp, limitTokenAttemptIp]) {
      for (const ip of [undefined, ""]) {
        const err = await limit(ip).catch((e) => e);
        expect(err).toBeInstanceOf(Error);
        expect(err.message).toBe("client IP missing");
        expect(err.code).toBeUndefined(); // not a DomainError: transports answer 500 and log it
      }
    }
  });

  it("uses Redis when REDIS_URL is set and memory otherwise", async () => {
    setLimiter(undefined);
    const restore = overrideEnv({ REDIS_URL: undefined });
    try {
      expect(getLimiter()).toBeInstanceOf(MemoryLimiter);
    } finally {
      restore();
      setLimiter(undefined);
    }
    if (process.env.TEST_REDIS_URL) {
      expect(getLimiter()).toBeInstanceOf(RedisLimiter);
      await closeRedis();
    }
  });
});
