// A list's total when an exact one would cost a full scan (issue 25: 1,100,000 orders took about a
// second to count, on every page view): the rows matching are counted only up to a cap, by reading
// at most cap + 1 of them, and the list says "more than <cap>" beyond it.
import { count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

export interface CappedTotal {
  /** The exact count, or the cap when more rows match. */
  total: number;
  /** More rows than `total` match: show "more than total", not "total". */
  totalCapped: boolean;
}

/** Counts the rows of `table` matching `where`, reading no more than `cap` + 1 of them. */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<CappedTotal> {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(cap + 1).as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The cap for an offset-paged list: `step` rows, or the next multiple of it that holds the page after
 * the one shown, so a capped list always offers a next page and the count grows with the pages read
 * (the page itself reads as many rows).
 */
export function countCapFor(page: number, pageSize: number, step: number): number {
  return Math.max(step, Math.ceil(((page + 1) * pageSize) / step) * step);
}
