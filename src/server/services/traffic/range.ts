// The windows the traffic charts offer, as UTC calendar days: traffic_daily is keyed by the UTC day
// a sync counted the bytes in, so a window is "today and the n-1 days before it", both ends included.
import { z } from "zod";

export const TRAFFIC_RANGES = ["7d", "30d", "90d"] as const;
export type TrafficRange = (typeof TRAFFIC_RANGES)[number];
export const TrafficRangeInput = z.enum(TRAFFIC_RANGES).default("30d");

const DAY_MS = 86_400_000;
const LENGTH: Record<TrafficRange, number> = { "7d": 7, "30d": 30, "90d": 90 };

/** The days of the window, oldest first, as `YYYY-MM-DD` (the form traffic_daily.day is read in). */
export function rangeDays(range: TrafficRange, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const n = LENGTH[range];
  return Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Bytes per day aligned with `days` (a day without a row is zero, so charts keep their time axis). */
export function alignDaily<T extends { day: string }>(days: string[], rows: T[], pick: (r: T) => number): number[] {
  const at = new Map(days.map((d, i) => [d, i]));
  const out = days.map(() => 0);
  for (const r of rows) {
    const i = at.get(r.day);
    if (i !== undefined) out[i]! += pick(r);
  }
  return out;
}
