// The core writes local wall-clock time without a zone (Go's log package). The agent runs on the same
// machine, so the process's own zone (TZ, or /etc/localtime) is the log's zone.
import type { LocalTimestamp } from "./parse-line";

/** Minutes east of UTC in force at that local time. */
export type ZoneOffset = (t: LocalTimestamp) => number;

export const systemZoneOffset: ZoneOffset = (t) =>
  -new Date(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, t.millisecond).getTimezoneOffset();

export const fixedZoneOffset =
  (minutesEast: number): ZoneOffset =>
  () =>
    minutesEast;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export function formatOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? "-" : "+";
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface ZonedTime {
  /** Milliseconds since the epoch, for ordering. */
  epochMs: number;
  /** ISO 8601 with the offset, e.g. 2024-05-01T12:00:00.123+08:00. */
  iso: string;
}

export function zonedTime(t: LocalTimestamp, zone: ZoneOffset): ZonedTime {
  const offset = zone(t);
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, t.millisecond);
  const iso = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${pad(t.millisecond, 3)}${formatOffset(offset)}`;
  return { epochMs: wall - offset * 60_000, iso };
}
