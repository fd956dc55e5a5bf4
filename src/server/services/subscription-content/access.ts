// Who may fetch subscription content, in the order behaviour §7 states: per-IP rate limit -> token
// check (constant time) -> per-subscription rate limit -> owner status, subscription status, expiry.
// The access log and rendering come after, in serve.ts; the browser page uses the same gate.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { nodes, plans, subscriptions, users, type AccessOutcome, type SubscriptionKind, type SubscriptionStatus, type UserStatus } from "../../db/schema";
import { constantTimeEqual, keyedHashCandidates } from "../../crypto/secrets";
import { coalescing, perHandle } from "../../db/coalesce";
import { hotRows } from "../../db/hot-query";
import { getGateLimiter } from "../../rate-limit/local-buckets";
import { DOWNLOAD_TOKEN_PURPOSE } from "../provisioning/provision-order";
import { gateModel, type AggregateRow, type GateSubscription, type OneRow } from "./read-model/gate-model";
import { viewTokenAll, viewTokenAllMatches, viewTokenOne, viewTokenOneMatches, viewTokenOwner } from "./view-token";

/** keyedHash purpose of users.subscriptionTokenHash (the aggregate /all link). */
export const AGGREGATE_TOKEN_PURPOSE = "subscription-aggregate";

/** A subscription as the pipeline after the gate sees it: the gate's row without the plan id, node version 0 when none. */
export type SubjectSubscription = Omit<GateSubscription, "planId" | "nodeVersion"> & { nodeVersion: number };

export interface ContentSubject {
  /** "one": /api/subscription/<id>; "all": the owner's aggregate link. */
  kind: "one" | "all";
  owner: { id: string; email: string; status: UserStatus };
  subscriptions: SubjectSubscription[];
  /** The token that opens this subject's browser page and nothing else (view-token.ts). */
  viewToken: string;
}

export type GateResult =
  | { ok: true; subject: ContentSubject }
  | { ok: false; outcome: AccessOutcome; status: number; reason: string; retryAfterSeconds?: number; subscriptionId?: string; userId?: string };

export interface GateRequest {
  /** A subscription id, or "all". */
  id: string;
  token: string | null | undefined;
  /** What `token` is: the download token (default), or a view-only token, which only the browser page accepts. */
  credential?: "download" | "view";
  ip: string;
  now: Date;
  limits: { perIpPerHour: number; perSubscriptionPerHour: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR = 3600;

const subjectColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  planId: subscriptions.planId,
  planName: plans.name,
  deviceLimit: plans.deviceLimit,
  kind: subscriptions.kind,
  status: subscriptions.status,
  riskRestricted: subscriptions.riskRestricted,
  expiresAt: subscriptions.expiresAt,
  trafficLimitBytes: subscriptions.trafficLimitBytes,
  trafficUsedBytes: subscriptions.trafficUsedBytes,
  trafficUpBytes: subscriptions.trafficUpBytes,
  trafficDownBytes: subscriptions.trafficDownBytes,
  contentVersion: subscriptions.contentVersion,
  nodeId: subscriptions.nodeId,
  nodeName: nodes.name,
  nodeVersion: nodes.contentVersion,
};

// The gate's row keeps what the read model needs (plan id, owner, token hash); the subject does not.
const toSubject = (r: GateSubscription): SubjectSubscription => ({
  id: r.id,
  userId: r.userId,
  planName: r.planName,
  deviceLimit: r.deviceLimit,
  kind: r.kind,
  status: r.status,
  riskRestricted: r.riskRestricted,
  expiresAt: r.expiresAt,
  trafficLimitBytes: r.trafficLimitBytes,
  trafficUsedBytes: r.trafficUsedBytes,
  trafficUpBytes: r.trafficUpBytes,
  trafficDownBytes: r.trafficDownBytes,
  contentVersion: r.contentVersion,
  nodeId: r.nodeId,
  nodeName: r.nodeName,
  nodeVersion: r.nodeVersion ?? 0,
});

const refuse = (outcome: AccessOutcome, status: number, reason: string, extra: Partial<Extract<GateResult, { ok: false }>> = {}): GateResult => ({ ok: false, outcome, status, reason, ...extra });

/** Why a live owner's subscription is not served, or null when it is. */
export function stateRefusal(sub: Pick<SubjectSubscription, "status" | "riskRestricted" | "expiresAt" | "kind">, now: Date): GateResult | null {
  if (sub.status === "SUSPENDED") return refuse("suspended", 403, "subscription_suspended");
  if (sub.status === "CANCELLED") return refuse("cancelled", 403, "subscription_cancelled");
  if (sub.riskRestricted) return refuse("restricted", 403, "subscription_restricted");
  if (sub.status === "EXPIRED" || sub.expiresAt.getTime() <= now.getTime()) return refuse("expired", 403, "subscription_expired");
  if (sub.kind !== "PROXY") return refuse("token_invalid", 404, "subscription_not_found");
  return null;
}

export async function openContent(db: Db, req: GateRequest): Promise<GateResult> {
  const limiter = getGateLimiter();
  // Counted before anything is looked up, so a scan of ids or tokens costs the scanner its quota.
  const byIp = await limiter.hit(`sub-ip:${req.ip}`, req.limits.perIpPerHour, HOUR);
  if (!byIp.ok) return refuse("rate_limited", 429, "rate_limited", { retryAfterSeconds: byIp.retryAfterSeconds });
  const token = typeof req.token === "string" ? req.token.trim() : "";
  if (!token) return refuse("token_missing", 401, "subscription_token_missing");
  if (token.length > 200) return refuse("token_invalid", 404, "subscription_not_found");
  if (req.id !== "all") return openOne(db, req, token);
  return req.credential === "view" ? openAggregateView(db, req, token) : openAggregate(db, req, token);
}

// The hot path's one query, as plain SQL: a named (server-side prepared) statement on PostgreSQL, and
// no query builder per request. It selects what subjectColumns selects, plus the token hash and owner.
// Concurrent fetches of different subscriptions share one query (db/coalesce.ts): on a cold read
// model (100,000 subscriptions polled now and then) nearly every fetch needs its row.
const MANY_SQL = `select s.id, s.user_id, s.plan_id, p.name as plan_name, p.device_limit, s.kind, s.status, s.risk_restricted, s.expires_at,
  s.traffic_limit_bytes, s.traffic_used_bytes, s.traffic_up_bytes, s.traffic_down_bytes, s.content_version, s.node_id,
  n.name as node_name, n.content_version as node_version, s.download_token_hash, u.email as owner_email, u.status as owner_status
  from subscriptions s join users u on u.id = s.user_id join plans p on p.id = s.plan_id left join nodes n on n.id = s.node_id
  where s.id = any($1::uuid[])`;

async function selectMany(db: Db, ids: string[]): Promise<Map<string, OneRow>> {
  const found = new Map<string, OneRow>();
  for (const r of await hotRows(db, "rb-content-many", MANY_SQL, [ids])) {
    const row = oneRow(r);
    found.set(row.id, row);
  }
  return found;
}

const selectOne = perHandle((db: Db) => coalescing((ids: string[]) => selectMany(db, ids)));

function oneRow(r: Record<string, unknown>): OneRow {
  const n = (v: unknown) => Number(v ?? 0);
  return {
    id: String(r.id),
    userId: String(r.user_id),
    planId: String(r.plan_id),
    planName: String(r.plan_name),
    deviceLimit: n(r.device_limit),
    kind: r.kind as SubscriptionKind,
    status: r.status as SubscriptionStatus,
    riskRestricted: Boolean(r.risk_restricted),
    expiresAt: r.expires_at instanceof Date ? r.expires_at : new Date(String(r.expires_at)),
    trafficLimitBytes: n(r.traffic_limit_bytes),
    trafficUsedBytes: n(r.traffic_used_bytes),
    trafficUpBytes: n(r.traffic_up_bytes),
    trafficDownBytes: n(r.traffic_down_bytes),
    contentVersion: n(r.content_version),
    nodeId: (r.node_id as string | null) ?? null,
    nodeName: (r.node_name as string | null) ?? null,
    nodeVersion: r.node_version === null ? null : n(r.node_version),
    tokenHash: String(r.download_token_hash),
    ownerEmail: String(r.owner_email),
    ownerStatus: r.owner_status as UserStatus,
  };
}

async function openOne(db: Db, req: GateRequest, token: string): Promise<GateResult> {
  if (!UUID.test(req.id)) return refuse("token_invalid", 404, "subscription_not_found");
  const model = gateModel(db);
  const row = model ? await model.one(req.id, () => selectOne(db)(req.id)) : await selectOne(db)(req.id);
  // Same answer for an unknown id and a wrong token: the id alone reveals nothing.
  if (!row) return refuse("token_invalid", 404, "subscription_not_found");
  const { tokenHash, ownerEmail, ownerStatus } = row;
  const sub = toSubject(row);
  const matches = req.credential === "view" ? viewTokenOneMatches(token, sub.id, tokenHash) : keyedHashCandidates(token, DOWNLOAD_TOKEN_PURPOSE).some((h) => constantTimeEqual(h, tokenHash));
  if (!matches) return refuse("token_invalid", 404, "subscription_not_found", { subscriptionId: sub.id, userId: sub.userId });
  const bySub = await getGateLimiter().hit(`sub:${sub.id}`, req.limits.perSubscriptionPerHour, HOUR);
  const ids = { subscriptionId: sub.id, userId: sub.userId };
  if (!bySub.ok) return refuse("rate_limited", 429, "rate_limited", { retryAfterSeconds: bySub.retryAfterSeconds, ...ids });
  if (ownerStatus === "BANNED" || ownerStatus === "DISABLED") return refuse("owner_disabled", 403, "subscription_owner_disabled", ids);
  const state = stateRefusal(sub, req.now);
  if (state) return { ...state, ...ids } as GateResult;
  return { ok: true, subject: { kind: "one", owner: { id: sub.userId, email: ownerEmail, status: ownerStatus }, subscriptions: [sub], viewToken: viewTokenOf(row) } };
}

// The read model hands out the same row object until the row changes: its view token (an HMAC) is
// computed once per row rather than once per fetch.
const viewTokens = new WeakMap<OneRow, string>();
function viewTokenOf(row: OneRow): string {
  let token = viewTokens.get(row);
  if (token === undefined) viewTokens.set(row, (token = viewTokenOne(row.id, row.tokenHash)));
  return token;
}

async function openAggregate(db: Db, req: GateRequest, token: string): Promise<GateResult> {
  const hashes = keyedHashCandidates(token, AGGREGATE_TOKEN_PURPOSE);
  const model = gateModel(db);
  const found = model ? await model.aggregate(hashes, () => selectAggregate(db, hashes)) : await selectAggregate(db, hashes);
  return found ? admitAggregate(req, found) : refuse("token_invalid", 404, "subscription_not_found");
}

/** The aggregate page opened with a view token: its owner is named in it, checked against their stored hash. */
async function openAggregateView(db: Db, req: GateRequest, token: string): Promise<GateResult> {
  const ownerId = viewTokenOwner(token);
  const found = ownerId ? await selectAggregateOf(db, eq(users.id, ownerId)) : undefined;
  if (!found || !viewTokenAllMatches(token, found.owner.id, found.tokenHash)) return refuse("token_invalid", 404, "subscription_not_found");
  return admitAggregate(req, found);
}

async function admitAggregate(req: GateRequest, found: AggregateRow): Promise<GateResult> {
  const { owner } = found;
  const bySub = await getGateLimiter().hit(`sub-all:${owner.id}`, req.limits.perSubscriptionPerHour, HOUR);
  if (!bySub.ok) return refuse("rate_limited", 429, "rate_limited", { retryAfterSeconds: bySub.retryAfterSeconds, userId: owner.id });
  if (owner.status === "BANNED" || owner.status === "DISABLED") return refuse("owner_disabled", 403, "subscription_owner_disabled", { userId: owner.id });
  // Only what would be served one by one: restricted and past-due ones are left out, not refused.
  const live = found.subscriptions.map(toSubject).filter((s) => stateRefusal(s, req.now) === null);
  return { ok: true, subject: { kind: "all", owner, subscriptions: live, viewToken: viewTokenAll(owner.id, found.tokenHash) } };
}

/** The owner of an aggregate token and their active proxy subscriptions (expiry is checked per request). */
function selectAggregate(db: Db, hashes: string[]): Promise<AggregateRow | undefined> {
  // An indexed lookup by keyed hash: the token is never compared in a loop (behaviour §14.13).
  return selectAggregateOf(db, inArray(users.subscriptionTokenHash, hashes));
}

async function selectAggregateOf(db: Db, owner: SQL): Promise<AggregateRow | undefined> {
  const [found] = await db.select({ id: users.id, email: users.email, status: users.status, tokenHash: users.subscriptionTokenHash }).from(users).where(owner);
  if (!found?.tokenHash) return undefined;
  const rows = await db
    .select(subjectColumns)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
    .where(and(eq(subscriptions.userId, found.id), eq(subscriptions.kind, "PROXY"), eq(subscriptions.status, "ACTIVE")))
    .orderBy(subscriptions.createdAt);
  return { owner: { id: found.id, email: found.email, status: found.status }, tokenHash: found.tokenHash, subscriptions: rows };
}
