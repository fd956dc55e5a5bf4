// Admin reads of subscriptions (issue 10 item 7): the list with its filters and search, one
// subscription in full (owner, plan, panel clients), its access history and its daily traffic.
// Read-only; the writes are app/admin/subscriptions/actions.ts. Nothing here returns the download
// token, its hash, or a panel credential.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import {
  inbounds,
  nodeClients,
  nodes,
  plans,
  streamingServices,
  subscriptionAccessLogs,
  subscriptions,
  SUBSCRIPTION_KINDS,
  SUBSCRIPTION_STATUSES,
  trafficDaily,
  users,
  type SubscriptionKind,
  type SubscriptionStatus,
} from "../../db/schema";
import { DomainError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { ownerEmailMatches } from "../accounts/owners-matching";
import { inboundLabel } from "../catalog/plan-queries";
import { rangeDays, TrafficRangeInput, type TrafficRange } from "../traffic/range";
import { dailySeries, type DailySeries } from "../traffic/series";

const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) });

const ListFilter = Page.extend({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  kind: z.enum(SUBSCRIPTION_KINDS).optional(),
  planId: z.uuid().optional(),
  nodeId: z.uuid().optional(),
});

const missing = () => new DomainError("NOT_FOUND", "subscription_not_found");

export interface AdminSubscriptionRow {
  id: string;
  userId: string;
  email: string;
  planId: string;
  planName: string;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  trial: boolean;
  riskRestricted: boolean;
  nodeId: string | null;
  nodeName: string | null;
  streamingName: string | null;
  startsAt: Date;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  createdAt: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search box: part of the owner's email, or a subscription id (whole, or its first characters
 * as the list shows them). Ids are matched as a prefix of their text form, never with `ilike %q%`,
 * so a hex fragment in an email does not pull in unrelated ids. The owners are found first
 * (owners-matching.ts), so neither the page nor the count joins every subscription with its owner.
 */
async function searchCondition(ctx: Ctx, q: string): Promise<SQL> {
  const byEmail = await ownerEmailMatches(ctx.db, subscriptions.userId, `%${escapeLike(q)}%`);
  if (!/^[0-9a-f-]{4,36}$/i.test(q)) return byEmail;
  return or(byEmail, sql`${subscriptions.id}::text like ${`${escapeLike(q.toLowerCase())}%`}`)!;
}

/** Newest first. Filters: status, kind, plan, node; `q` searches the owner's email and the id. */
export async function listSubscriptionsAdmin(ctx: Ctx, raw: unknown = {}): Promise<{ rows: AdminSubscriptionRow[]; total: number; page: number; pageSize: number }> {
  requireAdmin(ctx, "subscriptions.read", "read:subscriptions");
  const f = parseInput(ListFilter, raw);
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(subscriptions.status, f.status));
  if (f.kind) conds.push(eq(subscriptions.kind, f.kind));
  if (f.planId) conds.push(eq(subscriptions.planId, f.planId));
  if (f.nodeId) conds.push(eq(subscriptions.nodeId, f.nodeId));
  if (f.q) conds.push(await searchCondition(ctx, f.q));
  const where = conds.length ? and(...conds) : undefined;
  // The page's ids first, from subscriptions alone (subscriptions_created_idx), then their rows with
  // owner, plan, node and service: joined before the OFFSET, every skipped row was joined too.
  const pageIds = ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        email: users.email,
        planId: subscriptions.planId,
        planName: plans.name,
        kind: subscriptions.kind,
        status: subscriptions.status,
        trial: subscriptions.trial,
        riskRestricted: subscriptions.riskRestricted,
        nodeId: subscriptions.nodeId,
        nodeName: nodes.name,
        streamingName: streamingServices.name,
        startsAt: subscriptions.startsAt,
        expiresAt: subscriptions.expiresAt,
        trafficLimitBytes: subscriptions.trafficLimitBytes,
        trafficUsedBytes: subscriptions.trafficUsedBytes,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
      .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
      .where(inArray(subscriptions.id, pageIds))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
    // Every subscription has its owner (user_id is not null, cascading) and the search names owners
    // apart: the count is of subscriptions alone (an index-only scan without filters).
    ctx.db.select({ n: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

/** What the list's filters and the reassign dialog offer: plans, nodes and streaming services by name. */
export async function listSubscriptionFilterChoices(ctx: Ctx) {
  requireAdmin(ctx, "subscriptions.read");
  const [planRows, nodeRows, serviceRows] = await Promise.all([
    ctx.db.select({ id: plans.id, name: plans.name, kind: plans.kind }).from(plans).orderBy(asc(plans.sortOrder), asc(plans.name)),
    ctx.db.select({ id: nodes.id, name: nodes.name }).from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name)),
    ctx.db
      .select({ id: streamingServices.id, name: streamingServices.name, enabled: streamingServices.enabled, slotCount: streamingServices.slotCount, slotsHeld: streamingServices.slotsHeld })
      .from(streamingServices)
      .orderBy(asc(streamingServices.name)),
  ]);
  return { plans: planRows, nodes: nodeRows, streamingServices: serviceRows.map(({ slotCount, slotsHeld, ...s }) => ({ ...s, slotsFree: Math.max(0, slotCount - slotsHeld) })) };
}

async function requireSubscriptionId(ctx: Ctx, id: string): Promise<string> {
  if (!isUuid(id)) throw missing();
  const [row] = await ctx.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw missing();
  return row.id;
}

/** One subscription with its owner, plan, node or streaming service, and its panel clients' state. */
export async function getSubscriptionAdmin(ctx: Ctx, id: string) {
  requireAdmin(ctx, "subscriptions.read");
  if (!isUuid(id)) throw missing();
  const [row] = await ctx.db
    .select({
      sub: subscriptions,
      owner: { id: users.id, email: users.email, status: users.status },
      plan: { id: plans.id, name: plans.name, kind: plans.kind, trafficResetStrategy: plans.trafficResetStrategy },
      node: { id: nodes.id, name: nodes.name },
      streaming: { id: streamingServices.id, name: streamingServices.name },
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
    .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
    .where(eq(subscriptions.id, id));
  if (!row) throw missing();
  const clients = await ctx.db
    .select({
      id: nodeClients.id,
      email: nodeClients.email,
      protocol: nodeClients.protocol,
      nodeId: nodeClients.nodeId,
      nodeName: nodes.name,
      inboundDisplayName: inbounds.displayName,
      inboundRemark: inbounds.remark,
      inboundTag: inbounds.tag,
      inboundPort: inbounds.port,
      enable: nodeClients.enable,
      totalBytes: nodeClients.totalBytes,
      expiryMs: nodeClients.expiryMs,
      panelState: nodeClients.panelState,
      lastError: nodeClients.lastError,
      syncedAt: nodeClients.syncedAt,
    })
    .from(nodeClients)
    .innerJoin(nodes, eq(nodes.id, nodeClients.nodeId))
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .where(eq(nodeClients.subscriptionId, id))
    .orderBy(asc(nodes.name), asc(inbounds.port));
  // The token's hash and ciphertext stay on the server: the admin page has no use for them.
  const { downloadTokenHash: _h, downloadTokenEnc: _e, ...sub } = row.sub;
  return {
    subscription: sub,
    owner: row.owner,
    plan: row.plan,
    node: row.node?.id ? row.node : null,
    streaming: row.streaming?.id ? row.streaming : null,
    clients: clients.map(({ inboundDisplayName, inboundRemark, inboundTag, inboundPort, ...c }) => ({
      ...c,
      inboundName: inboundLabel({ displayName: inboundDisplayName, remark: inboundRemark, tag: inboundTag, protocol: c.protocol, port: inboundPort }),
    })),
  };
}

export type AdminSubscriptionDetail = Awaited<ReturnType<typeof getSubscriptionAdmin>>;

/** The subscription's content requests (and node connections), newest first, a page at a time. */
export async function listSubscriptionAccessLogs(ctx: Ctx, id: string, raw: unknown = {}) {
  requireAdmin(ctx, "subscriptions.read");
  const { page, pageSize } = parseInput(Page, raw);
  const subId = await requireSubscriptionId(ctx, id);
  const where = eq(subscriptionAccessLogs.subscriptionId, subId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: subscriptionAccessLogs.id,
        createdAt: subscriptionAccessLogs.createdAt,
        ip: subscriptionAccessLogs.ip,
        userAgent: subscriptionAccessLogs.userAgent,
        format: subscriptionAccessLogs.format,
        outcome: subscriptionAccessLogs.outcome,
        source: subscriptionAccessLogs.source,
        nodeName: nodes.name,
      })
      .from(subscriptionAccessLogs)
      .leftJoin(nodes, eq(nodes.id, subscriptionAccessLogs.nodeId))
      .where(where)
      .orderBy(desc(subscriptionAccessLogs.createdAt), desc(subscriptionAccessLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(subscriptionAccessLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}

/** The subscription's bytes per UTC day over the window, all nodes together. */
export async function getSubscriptionTraffic(ctx: Ctx, id: string, raw: unknown = {}): Promise<{ range: TrafficRange } & DailySeries> {
  requireAdmin(ctx, "subscriptions.read");
  const { range } = parseInput(z.object({ range: TrafficRangeInput }), raw);
  const subId = await requireSubscriptionId(ctx, id);
  return { range, ...(await dailySeries(ctx.db, rangeDays(range, ctx.now()), eq(trafficDaily.subscriptionId, subId))) };
}
