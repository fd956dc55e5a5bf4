import { getRawClient, rawQuery } from "../../db/client";
import { getRedis } from "../../rate-limit/limiter";

export async function checkHealth() {
  const started = Date.now();
  const checks: Record<string, { ok: boolean; ms?: number; error?: string }> = {};
  try {
    await Promise.race([rawQuery(getRawClient(), "select 1"), new Promise((_, rej) => setTimeout(() => rej(new Error("timeout")), 3000))]);
    checks.database = { ok: true, ms: Date.now() - started };
  } catch (err) {
    checks.database = { ok: false, error: (err as Error).message };
  }
  const redis = getRedis();
  if (redis) {
    const t = Date.now();
    try {
      await redis.ping();
      checks.redis = { ok: true, ms: Date.now() - t };
    } catch (err) {
      // Redis down degrades rate limits to per-instance counters; the instance still serves.
      checks.redis = { ok: false, error: (err as Error).message };
    }
  }
  return { ok: checks.database!.ok, uptimeSeconds: Math.round(process.uptime()), checks };
}
