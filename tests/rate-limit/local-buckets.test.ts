// Local buckets over the shared Redis limiter (issue 25): limits stay shared across instances within
// the stated tolerance ((n - 1) x 5 % of a limit), one instance alone is exact, small limits are
// exact everywhere, and most hits cost no Redis command. Redis only.
import { afterEach, expect, it } from "vitest";
import { BucketLimiter, SHARE } from "../../src/server/rate-limit/local-buckets";
import { MemoryLimiter, RedisLimiter, type LimitResult } from "../../src/server/rate-limit/limiter";
import { describeOnRedis } from "../helpers/requirements";
import { redisLimiterFixture, type RedisLimiterFixture } from "../helpers/limiter";

describeOnRedis("local buckets over Redis", () => {
  const open: Array<{ fxs: RedisLimiterFixture[]; buckets: BucketLimiter[] }> = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      for (const b of o.buckets) await b.close();
      for (const fx of o.fxs) await fx.close();
    }
  });

  /** n instances sharing one Redis prefix, each with its own connection; `calls` counts exact hits. */
  async function instances(n: number) {
    const fxs = Array.from({ length: n }, () => redisLimiterFixture());
    const prefix = fxs[0]!.prefix;
    const calls = { exact: 0 };
    const buckets = fxs.map((fx) => {
      const shared = new RedisLimiter(fx.redis, new MemoryLimiter(), prefix);
      const hit = shared.hit.bind(shared);
      shared.hit = (...a: Parameters<typeof hit>) => (calls.exact++, hit(...a));
      return new BucketLimiter(shared, fx.redis, prefix);
    });
    open.push({ fxs, buckets });
    // Every instance has counted the others before the test starts.
    await Promise.all(buckets.map((b) => b.reconcile()));
    await Promise.all(buckets.map((b) => b.reconcile()));
    return { buckets, calls, count: async (key: string) => Number(await fxs[0]!.redis.get(prefix + key)) };
  }

  const admitted = (rs: LimitResult[]) => rs.filter((r) => r.ok).length;

  it("one instance alone admits exactly the limit, and Redis ends up with every hit", async () => {
    const { buckets: [a], count } = await instances(1);
    const rs: LimitResult[] = [];
    for (let i = 0; i < 150; i++) rs.push(await a!.hit("k", 100, 3600));
    expect(admitted(rs)).toBe(100);
    expect(rs.slice(0, 100).every((r) => r.ok)).toBe(true);
    await a!.reconcile();
    expect(await count("k")).toBe(150);
  });

  it("two instances share a limit within (n - 1) x 5 % of it", async () => {
    const { buckets, count } = await instances(2);
    const rs: LimitResult[] = [];
    for (let i = 0; i < 300; i++) {
      rs.push(await buckets[i % 2]!.hit("shared", 200, 3600));
      if (i % 25 === 0) await Promise.all(buckets.map((b) => b.reconcile()));
    }
    expect(admitted(rs)).toBeGreaterThanOrEqual(200);
    expect(admitted(rs)).toBeLessThanOrEqual(200 + Math.floor(200 * SHARE));
    await Promise.all(buckets.map((b) => b.reconcile()));
    expect(await count("shared")).toBe(300);
  });

  it("limits under 20 get no local share: exact across instances", async () => {
    const { buckets, calls } = await instances(2);
    const rs = await Promise.all(Array.from({ length: 30 }, (_, i) => buckets[i % 2]!.hit("small", 10, 3600)));
    expect(admitted(rs)).toBe(10);
    expect(calls.exact).toBeGreaterThanOrEqual(10);
  });

  it("most hits cost no Redis command: 2,000 hits on 100 keys", async () => {
    const { buckets: [a], calls } = await instances(1);
    for (let i = 0; i < 2_000; i++) expect((await a!.hit(`ip:${i % 100}`, 1_000, 3600)).ok).toBe(true);
    expect(calls.exact).toBeLessThan(100);
  });

  it("a flood over the limit is refused locally, not one Redis command per request", async () => {
    const { buckets: [a], calls } = await instances(1);
    for (let i = 0; i < 20; i++) await a!.hit("flood", 20, 3600);
    const before = calls.exact;
    const rs = await Promise.all(Array.from({ length: 500 }, () => a!.hit("flood", 20, 3600)));
    expect(admitted(rs)).toBe(0);
    expect(calls.exact - before).toBeLessThanOrEqual(1);
  });
});
