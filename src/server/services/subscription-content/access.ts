// Who may fetch subscription content, in the order behaviour §7 states: per-IP rate limit -> token
// check (constant time) -> per-subscription rate limit -> owner status, subscription status, expiry.
// The access log and rendering come after, in serve.ts; the browser page uses the same gate.
import { and, eq, inArray } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../../db/client";
import { nodes, plans, subscriptions, users, type AccessOutcome, type SubscriptionKind, type SubscriptionStatus, type UserStatus } from "../../db/schema";
import { constantTimeEqual, keyedHashCandidates } from "../../crypto/secrets";
import { getLimiter } from "../../rate-limit/limiter";
import { DOWNLOAD_TOKEN_PURPOSE } from "../provisioning/provision-order";

/** keyedHash purpose of users.subscriptionTokenHash (the aggregate /all link). */
export const AGGREGATE_TOKEN_PURPOSE = "subscription-aggregate";

export interface SubjectSubscription {
  id: string;
  userId: string;
  planName: string;
  /** plans.deviceLimit: devices (x-hwid) this subscription may be fetched from; 0 = no limit. */
  deviceLimit: number;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  riskRestricted: boolean;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  trafficUpBytes: number;
  trafficDownBytes: number;
  contentVersion: number;
  nodeId: string | null;
  nodeName: string | null;
  nodeVersion: number;
}

export interface ContentSubject {
  /** "one": /api/subscription/<id>; "all": the owner's aggregate link. */
  kind: "one" | "all";
  owner: { id: string; email: string; status: UserStatus };
  subscriptions: SubjectSubscription[];
}

export type GateResult =
  | { ok: true; subject: ContentSubject }
  | { ok: false; outcome: AccessOutcome; status: number; reason: string; retryAfterSeconds?: number; subscriptionId?: string; userId?: string };

export interface GateRequest {
  /** A subscription id, or "all". */
  id: string;
  token: string | null | undefined;
  ip: string;
  now: Date;
  limits: { perIpPerHour: number; perSubscriptionPerHour: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR = 3600;

const subjectColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
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

type Row = Omit<SubjectSubscription, "nodeVersion"> & { nodeVersion: number | null };
const toSubject = (r: Row): SubjectSubscription => ({ ...r, nodeVersion: r.nodeVersion ?? 0 });

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
  const limiter = getLimiter();
  // Counted before anything is looked up, so a scan of ids or tokens costs the scanner its quota.
  const byIp = await limiter.hit(`sub-ip:${req.ip}`, req.limits.perIpPerHour, HOUR);
  if (!byIp.ok) return refuse("rate_limited", 429, "rate_limited", { retryAfterSeconds: byIp.retryAfterSeconds });
  const token = typeof req.token === "string" ? req.token.trim() : "";
  if (!token) return refuse("token_missing", 401, "subscription_token_missing");
  if (token.length > 200) return refuse("token_invalid", 404, "subscription_not_found");
  return req.id === "all" ? openAggregate(db, req, token) : openOne(db, req, token);
}

// The hot path's one query, as plain SQL: a named (server-side prepared) statement on PostgreSQL, and
// no query builder per request. It selects what subjectColumns selects, plus the token hash and owner.
const ONE_SQL = `select s.id, s.user_id, p.name as plan_name, p.device_limit, s.kind, s.status, s.risk_restricted, s.expires_at,
  s.traffic_limit_bytes, s.traffic_used_bytes, s.traffic_up_bytes, s.traffic_down_bytes, s.content_version, s.node_id,
  n.name as node_name, n.content_version as node_version, s.download_token_hash, u.email as owner_email, u.status as owner_status
  from subscriptions s join users u on u.id = s.user_id join plans p on p.id = s.plan_id left join nodes n on n.id = s.node_id
  where s.id = $1`;

type QueryClient = { query: (q: unknown, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

async function selectOne(db: Db, id: string) {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const { rows } = client instanceof pg.Pool ? await client.query({ name: "rb-content-one", text: ONE_SQL, values: [id] }) : await client.query(ONE_SQL, [id]);
  const r = rows[0];
  if (!r) return undefined;
  const n = (v: unknown) => Number(v ?? 0);
  return {
    id: String(r.id),
    userId: String(r.user_id),
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
  const row = await selectOne(db, req.id);
  // Same answer for an unknown id and a wrong token: the id alone reveals nothing.
  if (!row) return refuse("token_invalid", 404, "subscription_not_found");
  const { tokenHash, ownerEmail, ownerStatus, ...sub } = row;
  const matches = keyedHashCandidates(token, DOWNLOAD_TOKEN_PURPOSE).some((h) => constantTimeEqual(h, tokenHash));
  if (!matches) return refuse("token_invalid", 404, "subscription_not_found", { subscriptionId: sub.id, userId: sub.userId });
  const bySub = await getLimiter().hit(`sub:${sub.id}`, req.limits.perSubscriptionPerHour, HOUR);
  const ids = { subscriptionId: sub.id, userId: sub.userId };
  if (!bySub.ok) return refuse("rate_limited", 429, "rate_limited", { retryAfterSeconds: bySub.retryAfterSeconds, ...ids });
  if (ownerStatus === "BANNED" || ownerStatus === "DISABLED") return refuse("owner_disabled", 403, "subscription_owner_disabled", ids);
  const state = stateRefusal(sub, req.now);
  if (state) return { ...state, ...ids } as GateResult;
  return { ok: true, subject: { kind: "one", owner: { id: sub.userId, email: ownerEmail, status: ownerStatus }, subscriptions: [toSubject(sub)] } };
}

async function openAggregate(db: Db, req: GateRequest, token: string): Promise<GateResult> {
  // An indexed lookup by keyed hash: the token is never compared in a loop (behaviour §14.13).
  const [owner] = await db
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(inArray(users.subscriptionTokenHash, keyedHashCandidates(token, AGGREGATE_TOKEN_PURPOSE)));
  if (!owner) return refuse("token_invalid", 404, "subscription_not_found");
  const bySub = await getLimiter().hit(`sub-all:${owner.id}`, req.limits.perSubscriptionPerHour, HOUR);
  if (!bySub.ok) return refuse("rate_limited", 429, "rate_limited", { retryAfterSeconds: bySub.retryAfterSeconds, userId: owner.id });
  if (owner.status === "BANNED" || owner.status === "DISABLED") return refuse("owner_disabled", 403, "subscription_owner_disabled", { userId: owner.id });
  const rows = await db
    .select(subjectColumns)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
    .where(and(eq(subscriptions.userId, owner.id), eq(subscriptions.kind, "PROXY"), eq(subscriptions.status, "ACTIVE")))
    .orderBy(subscriptions.createdAt);
  // Only what would be served one by one: restricted and past-due ones are left out, not refused.
  const live = rows.map(toSubject).filter((s) => stateRefusal(s, req.now) === null);
  return { ok: true, subject: { kind: "all", owner, subscriptions: live } };
}
