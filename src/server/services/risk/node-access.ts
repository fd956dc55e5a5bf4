// POST /api/agent/node-access (interface.md rules 3-8, behaviour §10): real connections reported by a
// node's agent become access-log rows of their subscriptions and feed both risk checks. A batch
// costs a fixed number of statements whatever its size (§14.10): one client lookup, one bulk insert,
// one place-mark upsert, one count for the scopes with a new place, and the event statements only
// when something crossed a threshold.
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { nodes } from "../../db/schema";
import { z } from "zod";
import { DomainError, unauthenticated } from "../../errors";
import { parseInput } from "../../validation";
import { lookupPlace, type Place } from "../../integrations/geoip";
import { countNodeAccess } from "../../metrics/count";
import { requireAgentNode } from "../telemetry/access";
import { geoFinding, nodeLogFindings } from "./evaluate";
import { countMarks, placeMarks, writeMarks, type ScopedMark } from "./geo-marks";
import { isLocalApiTraffic, MAX_NODE_ACCESS_EVENTS, NodeAccessEvent, type SkipReason } from "./node-access-input";
import { raiseRiskEvents, type ScopedFinding } from "./raise-events";
import { riskSettings } from "./risk-settings";
import { scopeKey, type RiskScope } from "./scope";

export interface NodeAccessResult {
  ok: true;
  /** Events written as node connections of a subscription. */
  processed: number;
  /** Events not written (skip rules, invalid events): processed + skipped = events sent. */
  skipped: number;
  /** Risk events raised at warning level by this batch. */
  warnings: number;
  /** Subscriptions suspended by this batch. */
  suspended: number;
  skippedReasons: Partial<Record<SkipReason, number>>;
}

interface Matched {
  event: NodeAccessEvent;
  subscriptionId: string;
  userId: string;
  place: Place | null;
  at: Date;
}

const HOUR = 3_600_000;
// Exported for the OpenAPI document (src/server/openapi), which fills in the event shape.
export const Envelope = z.object({ events: z.array(z.unknown(), { error: "events must be an array of node-access events" }) });

/** The event's time for the log: its lastSeenAt, never in the future, never older than a day. */
function eventTime(e: NodeAccessEvent, now: Date): Date {
  const t = e.lastSeenAt ? Date.parse(e.lastSeenAt) : NaN;
  if (!Number.isFinite(t) || t > now.getTime() || t < now.getTime() - 24 * HOUR) return now;
  return new Date(t);
}

export async function reportNodeAccess(ctx: Ctx, raw: unknown): Promise<NodeAccessResult> {
  const nodeId = requireAgentNode(ctx);
  // Only the envelope is checked whole; each event is judged on its own (an invalid one is skipped).
  const { events: list } = parseInput(Envelope, raw);
  if (list.length > MAX_NODE_ACCESS_EVENTS) throw new DomainError("PAYLOAD_TOO_LARGE", "node_access_too_many_events", { max: MAX_NODE_ACCESS_EVENTS, got: list.length });
  const now = ctx.now();
  const reasons: Partial<Record<SkipReason, number>> = {};
  const skip = (r: SkipReason, n = 1) => (reasons[r] = (reasons[r] ?? 0) + n);
  const s = await riskSettings(ctx.db);

  const touched = await ctx.db.update(nodes).set({ lastAgentReportAt: now }).where(eq(nodes.id, nodeId)).returning({ id: nodes.id });
  // The node was deleted between the token check and now: its token is as good as revoked.
  if (!touched.length) throw unauthenticated("agent_token_invalid");

  // Rule 6: with either switch off nothing is recorded or judged.
  if (!s.riskEnabled || !s.nodeLogRiskEnabled) {
    if (list.length) skip("risk_disabled", list.length);
    return counted({ ok: true, processed: 0, skipped: list.length, warnings: 0, suspended: 0, skippedReasons: reasons });
  }

  const valid: NodeAccessEvent[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      skip("invalid");
      continue;
    }
    const email = (item as { clientEmail?: unknown }).clientEmail;
    if (email === undefined || email === null || (typeof email === "string" && email.trim() === "")) {
      skip("no_email");
      continue;
    }
    if (isLocalApiTraffic(item as Record<string, unknown>)) {
      skip("local_api");
      continue;
    }
    const parsed = NodeAccessEvent.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
    else skip("invalid");
  }

  const matched = await matchClients(ctx, nodeId, valid, now, skip);
  if (matched.length) await insertNodeRows(ctx, nodeId, matched);
  const findings = matched.length ? await judge(ctx, matched, now, s) : [];
  const raised = await raiseRiskEvents(ctx, findings, now);
  const skipped = list.length - matched.length;
  return counted({ ok: true, processed: matched.length, skipped, warnings: raised.warnings, suspended: raised.suspendedSubscriptions, skippedReasons: reasons });
}

/** The batch's figures go to the metrics as it is answered (README "Metrics"). */
function counted(r: NodeAccessResult): NodeAccessResult {
  countNodeAccess(r);
  return r;
}

/** One lookup for the whole batch, through the case-insensitive unique index on node_clients.email. */
async function matchClients(ctx: Ctx, nodeId: string, events: NodeAccessEvent[], now: Date, skip: (r: SkipReason) => void): Promise<Matched[]> {
  if (events.length === 0) return [];
  const emails = [...new Set(events.map((e) => e.clientEmail.toLowerCase()))];
  const found = (await ctx.db.execute(sql`
    select lower(nc.email) as email, nc.node_id, nc.subscription_id, s.user_id
    from node_clients nc join subscriptions s on s.id = nc.subscription_id
    where lower(nc.email) = any(${sql.param(emails)}::text[])`)) as unknown as { rows: { email: string; node_id: string; subscription_id: string; user_id: string }[] };
  const byEmail = new Map(found.rows.map((r) => [r.email, r]));
  const out: Matched[] = [];
  for (const event of events) {
    const client = byEmail.get(event.clientEmail.toLowerCase());
    if (!client) skip("unknown_email");
    else if (client.node_id !== nodeId) skip("other_node");
    else out.push({ event, subscriptionId: client.subscription_id, userId: client.user_id, place: lookupPlace(event.sourceIp), at: eventTime(event, now) });
  }
  return out;
}

/** Every matched event as a NODE access-log row, in one statement (arrays, not 15 × n parameters). */
async function insertNodeRows(ctx: Ctx, nodeId: string, rows: Matched[]): Promise<void> {
  const col = <T>(f: (m: Matched) => T) => sql.param(rows.map(f));
  await ctx.db.execute(sql`
    insert into subscription_access_logs (subscription_id, user_id, node_id, source, outcome, ip, user_agent, format, country, region, city,
      inbound_tag, network, action, target_host, target_port, connection_count, unique_target_count, created_at)
    select sub, usr, ${nodeId}::uuid, 'NODE', 'OK', ip, '', '', country, region, city, inbound, network, action, host, port, conns, targets, at
    from unnest(${col((m) => m.subscriptionId)}::uuid[], ${col((m) => m.userId)}::uuid[], ${col((m) => m.event.sourceIp)}::text[],
      ${col((m) => m.place?.country ?? "")}::text[], ${col((m) => m.place?.region ?? "")}::text[], ${col((m) => m.place?.city ?? "")}::text[],
      ${col((m) => m.event.inboundTag)}::text[], ${col((m) => m.event.network)}::text[], ${col((m) => m.event.action)}::text[],
      ${col((m) => m.event.targetHost)}::text[], ${col((m) => m.event.targetPort ?? null)}::int[], ${col((m) => m.event.connectionCount)}::int[],
      ${col((m) => m.event.uniqueTargetCount)}::int[], ${col((m) => m.at.toISOString())}::timestamptz[])
      as x(sub, usr, ip, country, region, city, inbound, network, action, host, port, conns, targets, at)`);
}

/** Both checks of behaviour §8 over the batch: geo variance per subscription, node-log behaviour per event. */
async function judge(ctx: Ctx, matched: Matched[], now: Date, s: Awaited<ReturnType<typeof riskSettings>>): Promise<ScopedFinding[]> {
  const findings: ScopedFinding[] = [];
  // Per subscription: its scope and the places already turned into marks in this batch (an agent
  // reports a client once per address and network; lookupPlace answers one address with one object).
  const subs = new Map<string, { scope: RiskScope; key: string; places: Set<Place> }>();
  const byKey = new Map<string, RiskScope>();
  const marks: ScopedMark[] = [];
  for (const m of matched) {
    let sub = subs.get(m.subscriptionId);
    if (!sub) {
      const scope: RiskScope = { kind: "sub", subscriptionId: m.subscriptionId, userId: m.userId };
      sub = { scope, key: scopeKey(scope), places: new Set() };
      subs.set(m.subscriptionId, sub);
      byKey.set(sub.key, scope);
    }
    if (m.place && !sub.places.has(m.place)) {
      sub.places.add(m.place);
      for (const mark of placeMarks(m.place)) marks.push({ ...mark, scopeKey: sub.key });
    }
    for (const f of nodeLogFindings(m.event, s)) findings.push({ ...f, evidence: { ...f.evidence, source: "NODE", ip: m.event.sourceIp, inboundTag: m.event.inboundTag }, scope: sub.scope });
  }
  const windowStart = new Date(now.getTime() - s.riskWindowHours * HOUR);
  const fresh = await writeMarks(ctx.db, marks, now, windowStart);
  if (fresh.size) {
    const counted = await countMarks(ctx.db, [...fresh.keys()], windowStart);
    for (const [key, kinds] of fresh) {
      const c = counted.get(key);
      const f = c && geoFinding(c.counts, kinds, c.places, s);
      if (f) findings.push({ ...f, evidence: { ...f.evidence, source: "NODE" }, scope: byKey.get(key)! });
    }
  }
  return findings;
}
