// Exponential back-off with jitter, and Retry-After (seconds or an HTTP date, RFC 9110 §10.2.3).
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };

/**
 * Delay before retry number `failures` (1 = after the first failure): half fixed, half random, so
 * agents that lost the server together do not all come back in the same second.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Milliseconds to wait, or null when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}
