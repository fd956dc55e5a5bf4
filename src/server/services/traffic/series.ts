// Sums over traffic_daily for one window. Db-level: the verbs (queries.ts, subscriptions/admin-queries.ts)
// check the caller before they call these.
import { and, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { trafficDaily } from "../../db/schema";
import { alignDaily } from "./range";

// sum(bigint) is numeric, which the drivers hand back as text: read as a number (bytes stay far
// below 2^53, about 9 PB).
export const sumUp = () => sql<number>`coalesce(sum(${trafficDaily.upBytes}), 0)`.mapWith(Number);
export const sumDown = () => sql<number>`coalesce(sum(${trafficDaily.downBytes}), 0)`.mapWith(Number);
export const sumTotal = () => sql<number>`coalesce(sum(${trafficDaily.upBytes} + ${trafficDaily.downBytes}), 0)`.mapWith(Number);

export interface DailySeries {
  days: string[];
  up: number[];
  down: number[];
  upBytes: number;
  downBytes: number;
}

/** The window's days (both ends), narrowed by `where`. */
export const inWindow = (days: string[], where?: SQL) => and(gte(trafficDaily.day, days[0]!), lte(trafficDaily.day, days[days.length - 1]!), where);

/** Up and down bytes per day of the window (zeros where nothing was counted), and their totals. */
export async function dailySeries(db: Db, days: string[], where?: SQL): Promise<DailySeries> {
  const rows = await db.select({ day: trafficDaily.day, up: sumUp(), down: sumDown() }).from(trafficDaily).where(inWindow(days, where)).groupBy(trafficDaily.day);
  const up = alignDaily(days, rows, (r) => r.up);
  const down = alignDaily(days, rows, (r) => r.down);
  return { days, up, down, upBytes: up.reduce((a, b) => a + b, 0), downBytes: down.reduce((a, b) => a + b, 0) };
}
