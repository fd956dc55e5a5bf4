// The admin's risk access log (issue 11 item 7): subscription fetches and node connections, newest
// first, a page at a time. The table grows to millions of rows, so pages are keyset pages on
// (created_at, id) rather than offsets, and there is no total count. User, subscription, IP and
// time filters walk a (column, created_at) index; country, node and outcome have no such index yet
// and filter a backwards walk of created_at, which is slow only for values that are rare.
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { isIP } from "node:net";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { ACCESS_OUTCOMES, ACCESS_SOURCES, nodes, subscriptionAccessLogs as log, users, type AccessOutcome, type AccessSource } from "../../db/schema";
import { parseInput } from "../../validation";
import { MAX_EMAIL_MATCHES, usersByEmail } from "../accounts/users-by-email";

/** Users an email prefix may stand for; beyond this the admin is asked to type more. */
export const MAX_USER_MATCHES = MAX_EMAIL_MATCHES;

// Timestamps travel as text with microseconds: a JS Date keeps milliseconds only, and a cursor cut
// to milliseconds would skip rows that share the millisecond but not the microsecond.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,18})$/;

/** "" (an empty form field or URL parameter) means "no filter". */
const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), s.optional());

export const RiskAccessLogInput = z
  .object({
    /** An email, whole or its beginning. */
    user: opt(z.string().trim().toLowerCase().max(254)),
    userId: opt(z.uuid()),
    /** An address, or the first three parts of an IPv4 address ("1.2.3.", "1.2.3.*", "1.2.3.0/24"). */
    ip: opt(
      z
        .string()
        .trim()
        .max(64)
        .refine((v) => ipCandidates(v) !== null, { message: "ip_filter_format" }),
    ),
    country: opt(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, { message: "country_code_format" })
        .transform((c) => c.toUpperCase()),
    ),
    source: opt(z.enum(ACCESS_SOURCES)),
    outcome: opt(z.enum(ACCESS_OUTCOMES)),
    subscriptionId: opt(z.uuid()),
    nodeId: opt(z.uuid()),
    /** Inclusive lower bound. */
    from: opt(z.coerce.date()),
    /** Exclusive upper bound. */
    to: opt(z.coerce.date()),
    cursor: opt(z.string().regex(CURSOR, { message: "invalid" })),
    direction: z.enum(["older", "newer"]).default("older"),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((f) => !f.from || !f.to || f.from < f.to, { path: ["to"], message: "before_start" });
export type RiskAccessLogFilter = z.input<typeof RiskAccessLogInput>;

/** Whether a page cursor is well formed (a stale or hand-edited one is dropped by the page). */
export const isAccessLogCursor = (v: string): boolean => CURSOR.test(v);

export interface RiskAccessLogRow {
  id: number;
  createdAt: Date;
  userId: string | null;
  email: string | null;
  subscriptionId: string | null;
  source: AccessSource;
  outcome: AccessOutcome;
  ip: string;
  country: string;
  region: string;
  city: string;
  userAgent: string;
  format: string;
  nodeId: string | null;
  nodeName: string | null;
  inboundTag: string;
  network: string;
  connectionCount: number | null;
  uniqueTargetCount: number | null;
}

export interface RiskAccessLogPage {
  rows: RiskAccessLogRow[];
  pageSize: number;
  /** Cursor of the next page down (older rows), or null at the oldest. */
  older: string | null;
  /** Cursor of the page above (newer rows), or null on the newest page. */
  newer: string | null;
  /** Users the `user` filter stood for (null without one), and whether that list was cut short. */
  userMatches: number | null;
  usersTruncated: boolean;
}

/**
 * The candidates an IP filter stands for: the address as typed (and in lower case, since forwarded
 * IPv6 addresses are stored as sent), or the 256 addresses of an IPv4 /24. Equality on a list keeps
 * the (ip, created_at) index usable under any database collation, which a LIKE prefix does not.
 */
export function ipCandidates(raw: string): string[] | null {
  const v = raw.startsWith("::ffff:") && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  if (isIP(v)) return [...new Set([v, v.toLowerCase()])];
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(?:\*|0\/24)?$/.exec(v);
  if (!m || m.slice(1, 4).some((o) => Number(o) > 255)) return null;
  const base = m.slice(1, 4).map(Number).join(".");
  return Array.from({ length: 256 }, (_, i) => `${base}.${i}`);
}

const cursorText = sql<string>`to_char(${log.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const cursorOf = (r: { cursor: string; id: number }) => `${r.cursor}_${r.id}`;

/** Rows strictly after (older) or before (newer) the cursor in (created_at desc, id desc) order. */
function beyond(cursor: string, direction: "older" | "newer"): SQL {
  const [, at, id] = CURSOR.exec(cursor)!;
  const ts = sql`${at}::timestamptz`;
  const cid = Number(id);
  // Spelled out rather than as a row comparison so the bound on created_at alone is an index
  // condition on every (column, created_at) index, not only on one that also holds id.
  return direction === "older"
    ? and(sql`${log.createdAt} <= ${ts}`, or(sql`${log.createdAt} < ${ts}`, sql`${log.id} < ${cid}`))!
    : and(sql`${log.createdAt} >= ${ts}`, or(sql`${log.createdAt} > ${ts}`, sql`${log.id} > ${cid}`))!;
}

/** Access-log rows for admins: filters, keyset pages, newest first. */
export async function listRiskAccessLogs(ctx: Ctx, raw: unknown = {}): Promise<RiskAccessLogPage> {
  requireAdmin(ctx, "risk.read");
  const f = parseInput(RiskAccessLogInput, raw);
  const conds: SQL[] = [];
  let userMatches: number | null = null;
  let usersTruncated = false;
  if (f.user) {
    const found = await usersByEmail(ctx.db, f.user);
    userMatches = found.ids.length;
    usersTruncated = found.truncated;
    if (!found.ids.length) return { rows: [], pageSize: f.pageSize, older: null, newer: null, userMatches: 0, usersTruncated: false };
    conds.push(found.ids.length === 1 ? eq(log.userId, found.ids[0]!) : inArray(log.userId, found.ids));
  }
  if (f.userId) conds.push(eq(log.userId, f.userId));
  if (f.ip) {
    const ips = ipCandidates(f.ip)!;
    conds.push(ips.length === 1 ? eq(log.ip, ips[0]!) : inArray(log.ip, ips));
  }
  if (f.country) conds.push(eq(log.country, f.country));
  if (f.source) conds.push(eq(log.source, f.source));
  if (f.outcome) conds.push(eq(log.outcome, f.outcome));
  if (f.subscriptionId) conds.push(eq(log.subscriptionId, f.subscriptionId));
  if (f.nodeId) conds.push(eq(log.nodeId, f.nodeId));
  if (f.from) conds.push(sql`${log.createdAt} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`${log.createdAt} < ${f.to.toISOString()}::timestamptz`);

  const fetchPage = (cursor: string | undefined, direction: "older" | "newer") => {
    const where = cursor ? [...conds, beyond(cursor, direction)] : conds;
    const order = direction === "older" ? [desc(log.createdAt), desc(log.id)] : [asc(log.createdAt), asc(log.id)];
    return ctx.db
      .select({
        id: log.id,
        cursor: cursorText,
        createdAt: log.createdAt,
        userId: log.userId,
        subscriptionId: log.subscriptionId,
        source: log.source,
        outcome: log.outcome,
        ip: log.ip,
        country: log.country,
        region: log.region,
        city: log.city,
        userAgent: log.userAgent,
        format: log.format,
        nodeId: log.nodeId,
        inboundTag: log.inboundTag,
        network: log.network,
        connectionCount: log.connectionCount,
        uniqueTargetCount: log.uniqueTargetCount,
      })
      .from(log)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...order)
      .limit(f.pageSize + 1);
  };

  let rows: Awaited<ReturnType<typeof fetchPage>>;
  let older: string | null;
  let newer: string | null;
  if (f.direction === "newer" && f.cursor) {
    const up = await fetchPage(f.cursor, "newer");
    if (up.length <= f.pageSize) {
      // Back at the top: show the newest page whole rather than a short one.
      const top = await fetchPage(undefined, "older");
      rows = top.slice(0, f.pageSize);
      older = top.length > f.pageSize ? cursorOf(rows.at(-1)!) : null;
      newer = null;
    } else {
      rows = up.slice(0, f.pageSize).reverse();
      older = cursorOf(rows.at(-1)!);
      newer = cursorOf(rows[0]!);
    }
  } else {
    const down = await fetchPage(f.cursor, "older");
    rows = down.slice(0, f.pageSize);
    older = down.length > f.pageSize ? cursorOf(rows.at(-1)!) : null;
    // Coming from a newer page, there is one to go back to (an empty page leads back to its cursor).
    newer = f.cursor ? (rows[0] ? cursorOf(rows[0]) : f.cursor) : null;
  }
  const names = await namesOf(ctx, rows);
  return {
    rows: rows.map(({ cursor: _c, ...r }) => ({ ...r, email: r.userId ? (names.emails.get(r.userId) ?? null) : null, nodeName: r.nodeId ? (names.nodes.get(r.nodeId) ?? null) : null })),
    pageSize: f.pageSize,
    older,
    newer,
    userMatches,
    usersTruncated,
  };
}

/**
 * Emails and node names of one page, looked up by primary key after the page is cut. Joined into
 * the page query instead, the planner may hash-join the whole users table when a filter matches
 * many log rows.
 */
async function namesOf(ctx: Ctx, rows: { userId: string | null; nodeId: string | null }[]) {
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const nodeIds = [...new Set(rows.flatMap((r) => (r.nodeId ? [r.nodeId] : [])))];
  const [u, n] = await Promise.all([
    userIds.length ? ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    nodeIds.length ? ctx.db.select({ id: nodes.id, name: nodes.name }).from(nodes).where(inArray(nodes.id, nodeIds)) : [],
  ]);
  return { emails: new Map(u.map((x) => [x.id, x.email])), nodes: new Map(n.map((x) => [x.id, x.name])) };
}

/** The node filter's choices. */
export async function listRiskAccessLogNodes(ctx: Ctx): Promise<{ id: string; name: string }[]> {
  requireAdmin(ctx, "risk.read");
  return ctx.db.select({ id: nodes.id, name: nodes.name }).from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name));
}
