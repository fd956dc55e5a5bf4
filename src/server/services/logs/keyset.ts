// Keyset pages over a log table in (created_at desc, id desc) order, shared by the log lists. Log
// tables grow to millions of rows, so a page never uses OFFSET and there is no total count: a page
// is "the next N rows beyond this (created_at, id)", which an index on created_at (or on
// (filter column, created_at)) answers by reading N rows.
import { and, asc, desc, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";

// Timestamps travel as text with microseconds: a JS Date keeps milliseconds only, and a cursor cut
// to milliseconds would skip rows that share the millisecond but not the microsecond. The id part
// is a log row's bigint or, for the tables keyed by uuid (tasks, risk events), a uuid.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,18}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const isLogCursor = (v: string): boolean => CURSOR.test(v);

/** "" (an empty form field or URL parameter) means "no filter". */
export const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), s.optional());

/** Where a keyset page starts: every keyset list's input has these. */
export const cursorFields = {
  cursor: opt(z.string().regex(CURSOR, { message: "invalid" })),
  direction: z.enum(["older", "newer"]).default("older"),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

/** The paging part every log list's input shares. */
export const pageFields = {
  /** Inclusive lower bound. */
  from: opt(z.coerce.date()),
  /** Exclusive upper bound. */
  to: opt(z.coerce.date()),
  ...cursorFields,
};

export const rangeIsOrdered = (f: { from?: Date; to?: Date }) => !f.from || !f.to || f.from < f.to;

export interface LogPage<T> {
  rows: T[];
  pageSize: number;
  /** Cursor of the next page down (older rows), or null at the oldest. */
  older: string | null;
  /** Cursor of the page above (newer rows), or null on the newest page. */
  newer: string | null;
}

export interface KeysetColumns {
  createdAt: PgColumn;
  id: PgColumn;
  /** How the id compares: a bigint (the log tables, the default) or a uuid. */
  idType?: "bigint" | "uuid";
}

/** The cursor text of a row, selected with it (microseconds, UTC). */
export const cursorTextOf = (c: KeysetColumns) => sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${c.id}::text`;

/** The date range filter, as bounds on created_at. */
export function rangeConds(c: KeysetColumns, f: { from?: Date; to?: Date }): SQL[] {
  const out: SQL[] = [];
  if (f.from) out.push(sql`${c.createdAt} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) out.push(sql`${c.createdAt} < ${f.to.toISOString()}::timestamptz`);
  return out;
}

/** Rows strictly after (older) or before (newer) the cursor in (created_at desc, id desc) order. */
function beyond(c: KeysetColumns, cursor: string, direction: "older" | "newer"): SQL {
  const [, at, id] = CURSOR.exec(cursor)!;
  const ts = sql`${at}::timestamptz`;
  const cid = c.idType === "uuid" ? sql`${id}::uuid` : sql`${id}::bigint`;
  // Spelled out rather than as a row comparison so the bound on created_at alone is an index
  // condition on every (column, created_at) index, not only on one that also holds id.
  return direction === "older"
    ? and(sql`${c.createdAt} <= ${ts}`, or(sql`${c.createdAt} < ${ts}`, sql`${c.id} < ${cid}`))!
    : and(sql`${c.createdAt} >= ${ts}`, or(sql`${c.createdAt} > ${ts}`, sql`${c.id} > ${cid}`))!;
}

export type FetchRows<R> = (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<(R & { cursor: string })[]>;

/**
 * One page: `fetch` runs the caller's select with the given WHERE, ORDER BY and LIMIT (it must
 * select `cursorTextOf(cols)` as `cursor`). Going "newer" from near the top shows the newest page
 * whole rather than a short one.
 */
export async function keysetPage<R>(
  cols: KeysetColumns,
  conds: SQL[],
  f: { cursor?: string; direction: "older" | "newer"; pageSize: number },
  fetch: FetchRows<R>,
): Promise<LogPage<R>> {
  const run = (cursor: string | undefined, direction: "older" | "newer") => {
    const where = cursor ? [...conds, beyond(cols, cursor, direction)] : conds;
    const order = direction === "older" ? [desc(cols.createdAt), desc(cols.id)] : [asc(cols.createdAt), asc(cols.id)];
    return fetch(where.length ? and(...where) : undefined, order, f.pageSize + 1);
  };
  let rows: (R & { cursor: string })[];
  let older: string | null;
  let newer: string | null;
  if (f.direction === "newer" && f.cursor) {
    const up = await run(f.cursor, "newer");
    if (up.length <= f.pageSize) {
      const top = await run(undefined, "older");
      rows = top.slice(0, f.pageSize);
      older = top.length > f.pageSize ? rows.at(-1)!.cursor : null;
      newer = null;
    } else {
      rows = up.slice(0, f.pageSize).reverse();
      older = rows.at(-1)!.cursor;
      newer = rows[0]!.cursor;
    }
  } else {
    const down = await run(f.cursor, "older");
    rows = down.slice(0, f.pageSize);
    older = down.length > f.pageSize ? rows.at(-1)!.cursor : null;
    // Coming from a newer page, there is one to go back to (an empty page leads back to its cursor).
    newer = f.cursor ? (rows[0] ? rows[0].cursor : f.cursor) : null;
  }
  return { rows: rows.map(({ cursor: _c, ...r }) => r as R), pageSize: f.pageSize, older, newer };
}

export { escapeLike } from "../accounts/users-by-email";
