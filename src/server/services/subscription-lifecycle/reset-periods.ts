// Traffic reset periods (plans.trafficResetStrategy). Boundaries are midnight in the app's time zone,
// Asia/Shanghai, the zone every date the app shows is in. China has kept no daylight saving time since
// 1991, so the zone is UTC+8 all year and a fixed offset is exact (no time-zone database needed).
import type { TrafficResetStrategy } from "../../db/schema";

export const APP_TIME_ZONE = "Asia/Shanghai";
const OFFSET_MS = 8 * 3_600_000;

/** Year, month (0-11) and day of month of `d` on a Shanghai wall clock. */
function localDate(d: Date): { y: number; m: number; day: number } {
  const s = new Date(d.getTime() + OFFSET_MS);
  return { y: s.getUTCFullYear(), m: s.getUTCMonth(), day: s.getUTCDate() };
}

/** Days in month `m` of year `y`; Date.UTC normalises m = -1 or 12 into the neighbouring year. */
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** Midnight Shanghai time of day `anchorDay` in month m, clamped to the month's last day (31 -> 28/29/30). */
function boundary(y: number, m: number, anchorDay: number): Date {
  return new Date(Date.UTC(y, m, Math.min(anchorDay, daysInMonth(y, m))) - OFFSET_MS);
}

/**
 * Start of the reset period `now` lies in: the latest boundary at or before `now`, or null for NEVER.
 * MONTHLY_PURCHASE_DAY: each month on the day of `startsAt` (bought on the 31st: Feb 28/29, Apr 30...);
 * MONTHLY_FIRST: the 1st of each month.
 */
export function currentPeriodStart(strategy: TrafficResetStrategy, startsAt: Date, now: Date): Date | null {
  if (strategy === "NEVER") return null;
  const anchorDay = strategy === "MONTHLY_FIRST" ? 1 : localDate(startsAt).day;
  const { y, m } = localDate(now);
  const thisMonth = boundary(y, m, anchorDay);
  return thisMonth.getTime() <= now.getTime() ? thisMonth : boundary(y, m - 1, anchorDay);
}

/**
 * The period start a reset is due for, or null. Due when the current period began after the last
 * reset (or, before any, after the subscription started): each boundary resets at most once, and a
 * job that was down for months resets once, for the period it wakes up in.
 */
export function dueResetPeriod(strategy: TrafficResetStrategy, sub: { startsAt: Date; lastTrafficResetAt: Date | null }, now: Date): Date | null {
  const start = currentPeriodStart(strategy, sub.startsAt, now);
  if (!start) return null;
  return start.getTime() > (sub.lastTrafficResetAt ?? sub.startsAt).getTime() ? start : null;
}
