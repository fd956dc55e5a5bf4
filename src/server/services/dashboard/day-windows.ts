// The dashboard's day boundaries. Money, orders and sign-ups are counted by the app's local day,
// Asia/Shanghai (UTC+8 all year, the zone of traffic resets and risk days); traffic_daily is keyed by
// UTC day (that is how the traffic sync writes it), so traffic windows are UTC days.
const DAY_MS = 86_400_000;
const LOCAL_OFFSET_MS = 8 * 3_600_000;

export const DASHBOARD_TIME_ZONE = "Asia/Shanghai";
/** Days in the charts (today included). */
export const CHART_DAYS = 30;

/** The instant the local day `daysBack` days before today began (0 = today's midnight in Shanghai). */
export function localDayStart(now: Date, daysBack = 0): Date {
  const localMidnight = Math.floor((now.getTime() + LOCAL_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(localMidnight - LOCAL_OFFSET_MS - daysBack * DAY_MS);
}

/** The instants the local day "YYYY-MM-DD" begins and ends (end exclusive): what a daily report counts. */
export function localDayWindow(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - LOCAL_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The hour (0-23) `now` shows on the local clock. */
export const localHourOf = (now: Date): number => Math.floor(((now.getTime() + LOCAL_OFFSET_MS) % DAY_MS) / 3_600_000);

/** "YYYY-MM-DD" of the local days from `count - 1` days ago to today, oldest first. */
export function localDays(now: Date, count = CHART_DAYS): string[] {
  return lastDays(new Date(now.getTime() + LOCAL_OFFSET_MS), count);
}

/** "YYYY-MM-DD" of the UTC days from `count - 1` days ago to today, oldest first. */
export function utcDays(now: Date, count = CHART_DAYS): string[] {
  return lastDays(now, count);
}

function lastDays(shifted: Date, count: number): string[] {
  const today = Math.floor(shifted.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Sum of the last `n` entries of a per-day series (today is last). */
export const lastN = (series: number[], n: number): number => series.slice(-n).reduce((a, b) => a + b, 0);
