// Admin reads of risk events (interface.md "Admin, subscription risk"): the list with its filters,
// and one event with the evidence the review page and the report show. Evidence is read from the
// access log of the event's scope over the window around the event, each query bounded by the
// window (indexed by scope and time) and by a row cap, never a scan of the whole log.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, max, min, ne, sql, sum, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import {
  nodes,
  plans,
  RISK_FINAL_ACTIONS,
  RISK_LEVELS,
  RISK_REASONS,
  RISK_REVIEW_STATUSES,
  subscriptionAccessLogs,
  subscriptionDevices,
  subscriptionRiskEvents,
  subscriptions,
  users,
  type SubscriptionRiskEvent,
} from "../../db/schema";
import { DomainError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { cursorFields, cursorTextOf, keysetPage, type LogPage } from "../logs/keyset";
import { getSettingsWithSecrets } from "../settings/queries";

const HOUR = 3_600_000;
/** Caps on what one event page reads: enough to judge, small enough to render on a phone. */
export const EVIDENCE_LIMITS = { places: 100, ips: 200, nodes: 50, devices: 100, otherEvents: 20, subscriptions: 50 } as const;
/** The timeline never has more buckets than this, whatever the window setting. */
const MAX_TIMELINE_HOURS = 24 * 14;

export const riskEventMissing = () => new DomainError("NOT_FOUND", "risk_event_not_found");

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Bool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

const ListFilter = z.object({
  ...cursorFields,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  status: z.enum(RISK_REVIEW_STATUSES).optional(),
  level: z.enum(RISK_LEVELS).optional(),
  reason: z.enum(RISK_REASONS).optional(),
  /** NONE: still undecided. */
  finalAction: z.enum([...RISK_FINAL_ACTIONS, "NONE"]).optional(),
  restrictionActive: Bool.optional(),
  /** Inclusive days (the event's day, Asia/Shanghai, as the uniqueness rule counts them). */
  from: Day.optional(),
  to: Day.optional(),
});

export interface RiskEventRow {
  id: string;
  userId: string;
  email: string;
  subscriptionId: string | null;
  planName: string | null;
  reason: SubscriptionRiskEvent["reason"];
  level: SubscriptionRiskEvent["level"];
  day: string;
  reviewStatus: SubscriptionRiskEvent["reviewStatus"];
  restrictionActive: boolean;
  reportSentAt: Date | null;
  finalAction: SubscriptionRiskEvent["finalAction"];
  createdAt: Date;
}

const rowColumns = {
  id: subscriptionRiskEvents.id,
  userId: subscriptionRiskEvents.userId,
  email: users.email,
  subscriptionId: subscriptionRiskEvents.subscriptionId,
  planName: plans.name,
  reason: subscriptionRiskEvents.reason,
  level: subscriptionRiskEvents.level,
  day: subscriptionRiskEvents.day,
  reviewStatus: subscriptionRiskEvents.reviewStatus,
  restrictionActive: subscriptionRiskEvents.restrictionActive,
  reportSentAt: subscriptionRiskEvents.reportSentAt,
  finalAction: subscriptionRiskEvents.finalAction,
  createdAt: subscriptionRiskEvents.createdAt,
};

const KEYSET = { createdAt: subscriptionRiskEvents.createdAt, id: subscriptionRiskEvents.id, idType: "uuid" } as const;

/** Newest first, a keyset page at a time on (created_at, id) like the logs; `q` searches the owner's email. */
export async function listRiskEvents(ctx: Ctx, raw: unknown = {}): Promise<LogPage<RiskEventRow>> {
  requireAdmin(ctx, "risk.read");
  const f = parseInput(ListFilter, raw);
  const e = subscriptionRiskEvents;
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(e.reviewStatus, f.status));
  if (f.level) conds.push(eq(e.level, f.level));
  if (f.reason) conds.push(eq(e.reason, f.reason));
  if (f.finalAction === "NONE") conds.push(isNull(e.finalAction));
  else if (f.finalAction) conds.push(eq(e.finalAction, f.finalAction));
  if (f.restrictionActive !== undefined) conds.push(eq(e.restrictionActive, f.restrictionActive));
  if (f.from) conds.push(gte(e.day, f.from));
  if (f.to) conds.push(lte(e.day, f.to));
  if (f.q) conds.push(ilike(users.email, `%${escapeLike(f.q)}%`));
  return keysetPage(KEYSET, conds, f, (where, orderBy, limit) =>
    ctx.db
      .select({ ...rowColumns, cursor: cursorTextOf(KEYSET) })
      .from(e)
      .innerJoin(users, eq(users.id, e.userId))
      .leftJoin(subscriptions, eq(subscriptions.id, e.subscriptionId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  );
}

export interface PlaceRow { country: string; region: string; city: string; count: number; firstSeenAt: Date; lastSeenAt: Date }
export interface IpRow { ip: string; country: string; region: string; city: string; source: "API" | "NODE"; count: number; lastSeenAt: Date }
export interface NodeStatRow { nodeId: string | null; nodeName: string | null; events: number; connections: number; maxUniqueTargets: number }
export interface Timeline { hours: string[]; api: number[]; node: number[] }
export interface RiskEvidence {
  windowHours: number;
  from: Date;
  to: Date;
  totals: { accesses: number; api: number; node: number; refused: number; distinctIps: number; distinctPlaces: number };
  places: PlaceRow[];
  ips: IpRow[];
  timeline: Timeline;
  nodeStats: NodeStatRow[];
}

/** The access-log rows of the event's scope: one subscription, or everything of the user (aggregate link). */
function scopeCondition(event: Pick<SubscriptionRiskEvent, "userId" | "subscriptionId">): SQL {
  const l = subscriptionAccessLogs;
  return event.subscriptionId ? eq(l.subscriptionId, event.subscriptionId) : eq(l.userId, event.userId);
}

const num = (v: unknown) => Number(v ?? 0);
const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** The window the evidence covers: the setting's hours on either side of the event, not past now. */
export function evidenceWindow(createdAt: Date, windowHours: number, now: Date): { from: Date; to: Date } {
  const from = new Date(createdAt.getTime() - windowHours * HOUR);
  const to = new Date(Math.max(createdAt.getTime(), Math.min(now.getTime(), createdAt.getTime() + windowHours * HOUR)));
  return { from, to };
}

/** What the access log says about the event's scope around the event. Six bounded queries. */
export async function loadEvidence(db: Db, event: SubscriptionRiskEvent, windowHours: number, now: Date): Promise<RiskEvidence> {
  const l = subscriptionAccessLogs;
  const { from, to } = evidenceWindow(event.createdAt, windowHours, now);
  const where = and(scopeCondition(event), gte(l.createdAt, from), lte(l.createdAt, to));
  const hourOf = sql<number>`floor(extract(epoch from ${l.createdAt}) / 3600)::int`;
  const [totals, places, ips, buckets, nodeStats] = await Promise.all([
    db
      .select({
        accesses: count(),
        api: sql<number>`count(*) filter (where ${l.source} = 'API')`,
        node: sql<number>`count(*) filter (where ${l.source} = 'NODE')`,
        refused: sql<number>`count(*) filter (where ${l.outcome} <> 'OK')`,
        distinctIps: sql<number>`count(distinct ${l.ip})`,
        distinctPlaces: sql<number>`count(distinct (${l.country}, ${l.region}, ${l.city})) filter (where ${l.country} <> '')`,
      })
      .from(l)
      .where(where),
    db
      .select({ country: l.country, region: l.region, city: l.city, count: count(), firstSeenAt: min(l.createdAt), lastSeenAt: max(l.createdAt) })
      .from(l)
      .where(and(where, ne(l.country, "")))
      .groupBy(l.country, l.region, l.city)
      .orderBy(desc(count()), asc(l.country), asc(l.region), asc(l.city))
      .limit(EVIDENCE_LIMITS.places),
    db
      .select({ ip: l.ip, country: l.country, region: l.region, city: l.city, source: l.source, count: count(), lastSeenAt: max(l.createdAt) })
      .from(l)
      .where(where)
      .groupBy(l.ip, l.country, l.region, l.city, l.source)
      .orderBy(desc(count()), desc(max(l.createdAt)), asc(l.ip))
      .limit(EVIDENCE_LIMITS.ips),
    db
      .select({ hour: hourOf, source: l.source, n: count() })
      .from(l)
      .where(and(where, gte(l.createdAt, new Date(to.getTime() - MAX_TIMELINE_HOURS * HOUR))))
      .groupBy(hourOf, l.source)
      .limit(MAX_TIMELINE_HOURS * 2 + 2),
    db
      .select({
        nodeId: l.nodeId,
        nodeName: nodes.name,
        events: count(),
        connections: sum(l.connectionCount),
        maxUniqueTargets: max(l.uniqueTargetCount),
      })
      .from(l)
      .leftJoin(nodes, eq(nodes.id, l.nodeId))
      .where(and(where, eq(l.source, "NODE")))
      .groupBy(l.nodeId, nodes.name)
      .orderBy(desc(count()))
      .limit(EVIDENCE_LIMITS.nodes),
  ]);
  const t = totals[0];
  return {
    windowHours,
    from,
    to,
    totals: { accesses: num(t?.accesses), api: num(t?.api), node: num(t?.node), refused: num(t?.refused), distinctIps: num(t?.distinctIps), distinctPlaces: num(t?.distinctPlaces) },
    places: places.map((p) => ({ ...p, count: num(p.count), firstSeenAt: asDate(p.firstSeenAt), lastSeenAt: asDate(p.lastSeenAt) })),
    ips: ips.map((r) => ({ ...r, count: num(r.count), lastSeenAt: asDate(r.lastSeenAt) })),
    timeline: denseTimeline(from, to, buckets.map((b) => ({ hour: num(b.hour), source: b.source, n: num(b.n) }))),
    nodeStats: nodeStats.map((s) => ({ ...s, events: num(s.events), connections: num(s.connections), maxUniqueTargets: num(s.maxUniqueTargets) })),
  };
}

/** Every hour of the window (the last two weeks of it at most) with its API and NODE counts, zeros included. */
function denseTimeline(from: Date, to: Date, buckets: { hour: number; source: string; n: number }[]): Timeline {
  const last = Math.floor(to.getTime() / HOUR);
  const first = Math.max(Math.floor(from.getTime() / HOUR), last - MAX_TIMELINE_HOURS + 1);
  const hours: string[] = [];
  const api: number[] = [];
  const node: number[] = [];
  const at = new Map(buckets.map((b) => [`${b.hour}:${b.source}`, b.n]));
  for (let h = first; h <= last; h++) {
    hours.push(new Date(h * HOUR).toISOString());
    api.push(at.get(`${h}:API`) ?? 0);
    node.push(at.get(`${h}:NODE`) ?? 0);
  }
  return { hours, api, node };
}

/** The event row, or risk_event_not_found for an unknown or malformed id. */
export async function findRiskEvent(db: Db, id: string): Promise<SubscriptionRiskEvent> {
  if (!isUuid(id)) throw riskEventMissing();
  const [row] = await db.select().from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.id, id));
  if (!row) throw riskEventMissing();
  return row;
}

/** One event with its owner, the subscriptions of its scope, their devices, the evidence and the owner's other recent events. */
export async function getRiskEvent(ctx: Ctx, id: string) {
  requireAdmin(ctx, "risk.read");
  const event = await findRiskEvent(ctx.db, id);
  const settings = await getSettingsWithSecrets(ctx.db);
  const scopeSubs = event.subscriptionId
    ? eq(subscriptions.id, event.subscriptionId)
    : and(eq(subscriptions.userId, event.userId), eq(subscriptions.kind, "PROXY"));
  const [[owner], subs, evidence, others] = await Promise.all([
    ctx.db
      .select({ id: users.id, email: users.email, status: users.status, locale: users.locale, riskRestrictedAt: users.riskRestrictedAt })
      .from(users)
      .where(eq(users.id, event.userId)),
    ctx.db
      .select({
        id: subscriptions.id,
        planName: plans.name,
        status: subscriptions.status,
        riskRestricted: subscriptions.riskRestricted,
        riskSuspendedAt: subscriptions.riskSuspendedAt,
        expiresAt: subscriptions.expiresAt,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(scopeSubs)
      .orderBy(desc(subscriptions.createdAt))
      .limit(EVIDENCE_LIMITS.subscriptions),
    loadEvidence(ctx.db, event, settings.riskWindowHours, ctx.now()),
    ctx.db
      .select(rowColumns)
      .from(subscriptionRiskEvents)
      .innerJoin(users, eq(users.id, subscriptionRiskEvents.userId))
      .leftJoin(subscriptions, eq(subscriptions.id, subscriptionRiskEvents.subscriptionId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptionRiskEvents.userId, event.userId), ne(subscriptionRiskEvents.id, event.id)))
      .orderBy(desc(subscriptionRiskEvents.createdAt))
      .limit(EVIDENCE_LIMITS.otherEvents),
  ]);
  if (!owner) throw riskEventMissing();
  const subIds = subs.map((s) => s.id);
  const devices = subIds.length
    ? await ctx.db
        .select({
          id: subscriptionDevices.id,
          subscriptionId: subscriptionDevices.subscriptionId,
          deviceOs: subscriptionDevices.deviceOs,
          osVersion: subscriptionDevices.osVersion,
          deviceModel: subscriptionDevices.deviceModel,
          userAgent: subscriptionDevices.userAgent,
          lastIp: subscriptionDevices.lastIp,
          lastPlace: subscriptionDevices.lastPlace,
          firstSeenAt: subscriptionDevices.firstSeenAt,
          lastSeenAt: subscriptionDevices.lastSeenAt,
        })
        .from(subscriptionDevices)
        .where(inArray(subscriptionDevices.subscriptionId, subIds))
        .orderBy(desc(subscriptionDevices.lastSeenAt))
        .limit(EVIDENCE_LIMITS.devices)
    : [];
  const subscription = event.subscriptionId ? (subs.find((s) => s.id === event.subscriptionId) ?? null) : null;
  return { event, owner: { ...owner, restricted: owner.riskRestrictedAt !== null }, subscription, subscriptions: subs, devices, evidence, otherEvents: others };
}

export type RiskEventDetail = Awaited<ReturnType<typeof getRiskEvent>>;
