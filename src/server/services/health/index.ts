// GET /api/health answers anyone (load balancers poll it), so it says only "ok" or "degraded" per
// component: error texts and latencies would tell a stranger about hosts, ports and versions. The
// details go to the log, once per change of state, where operators look.
import { getRawClient, rawQuery } from "../../db/client";
import { describeError } from "../../describe-error";
import { log } from "../../logger";
import { getRedis } from "../../rate-limit/limiter";

export type HealthState = "ok" | "degraded";
export interface Health { status: HealthState; checks: Record<string, HealthState> }

const TIMEOUT_MS = 3000;
const g = globalThis as unknown as { __relayboardHealthStates?: Map<string, HealthState> };
const lastStates = (g.__relayboardHealthStates ??= new Map());

async function probe(component: string, check: () => Promise<unknown>): Promise<HealthState> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, rej) => (timer = setTimeout(() => rej(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS)))]);
    if (lastStates.get(component) === "degraded") log.info("health: component recovered", { component, ms: Date.now() - started });
    lastStates.set(component, "ok");
    return "ok";
  } catch (err) {
    if (lastStates.get(component) !== "degraded") log.warn("health: component degraded", { component, ms: Date.now() - started, error: describeError(err) });
    lastStates.set(component, "degraded");
    return "degraded";
  } finally {
    clearTimeout(timer);
  }
}

/** The database decides the overall status; Redis down only degrades rate limits to per-instance counters. */
export async function checkHealth(): Promise<Health> {
  const checks: Record<string, HealthState> = {};
  checks.database = await probe("database", () => rawQuery(getRawClient(), "select 1"));
  const redis = getRedis();
  if (redis) checks.redis = await probe("redis", () => redis.ping());
  return { status: checks.database, checks };
}
