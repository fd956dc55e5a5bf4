// Reads of plans: the admin list and detail, and the store (what customers and visitors may buy).
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { inbounds, nodes, planInbounds, plans, routeTraces, streamingServices, type Carrier, type Plan } from "../../db/schema";
import { DomainError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { classifyRoute, normalizeHops, type RouteLabel } from "../telemetry";
import { ListPlansInput } from "./plan-input";
import { startingPriceMinor } from "./pricing";

export const planNotFound = () => new DomainError("NOT_FOUND", "plan_not_found");

/** Db-level helper for the verbs of this area (checks no caller; index.ts does not export it). */
export async function getPlanOrThrow(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Plan> {
  if (!isUuid(id)) throw planNotFound();
  const q = db.select().from(plans).where(eq(plans.id, id)).limit(1);
  const [p] = opts.forUpdate ? await q.for("update") : await q;
  if (!p) throw planNotFound();
  return p;
}

export const inboundLabel = (i: { displayName: string | null; remark: string; tag: string; protocol: string; port: number }) =>
  i.displayName || i.remark || i.tag || `${i.protocol}:${i.port}`;

const escapeLike = (q: string) => `%${q.replace(/[%_\\]/g, (c) => "\\" + c)}%`;

/** The admin table: search by name, filter by kind and visibility, newest sort order first. */
export async function listPlansAdmin(ctx: Ctx, raw: unknown = {}) {
  requireAdmin(ctx, "catalog.read");
  const input = parseInput(ListPlansInput, raw ?? {});
  const conds: SQL[] = [];
  if (input.q) conds.push(or(ilike(plans.name, escapeLike(input.q)), ilike(plans.description, escapeLike(input.q)))!);
  if (input.kind) conds.push(eq(plans.kind, input.kind));
  if (input.visibility) conds.push(eq(plans.visibility, input.visibility));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({
        plan: plans,
        nodeName: nodes.name,
        nodeVisibility: nodes.visibility,
        streamingServiceName: streamingServices.name,
        inboundCount: sql<number>`(select count(*)::int from ${planInbounds} where ${planInbounds.planId} = ${plans.id})`,
      })
      .from(plans)
      .leftJoin(nodes, eq(nodes.id, plans.nodeId))
      .leftJoin(streamingServices, eq(streamingServices.id, plans.streamingServiceId))
      .where(where)
      .orderBy(asc(plans.sortOrder), asc(plans.name), asc(plans.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ total: count() }).from(plans).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.plan, nodeName: r.nodeName, nodeVisibility: r.nodeVisibility, streamingServiceName: r.streamingServiceName, inboundCount: Number(r.inboundCount) })),
    total: Number(totalRow?.total ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}
export type AdminPlanRow = Awaited<ReturnType<typeof listPlansAdmin>>["rows"][number];

/** One plan with its bound inbounds (each with whether it is still synced and active), for the edit form. */
export async function getPlanAdmin(ctx: Ctx, id: string) {
  requireAdmin(ctx, "catalog.read");
  const plan = await getPlanOrThrow(ctx.db, id);
  const [bound, node, service] = await Promise.all([
    ctx.db
      .select({ id: inbounds.id, displayName: inbounds.displayName, remark: inbounds.remark, tag: inbounds.tag, protocol: inbounds.protocol, port: inbounds.port, active: inbounds.active, enabled: inbounds.enabled })
      .from(planInbounds)
      .innerJoin(inbounds, eq(inbounds.id, planInbounds.inboundId))
      .where(eq(planInbounds.planId, plan.id))
      .orderBy(asc(inbounds.port)),
    plan.nodeId ? ctx.db.select({ id: nodes.id, name: nodes.name, visibility: nodes.visibility }).from(nodes).where(eq(nodes.id, plan.nodeId)).then((r) => r[0] ?? null) : null,
    plan.streamingServiceId
      ? ctx.db.select({ id: streamingServices.id, name: streamingServices.name, enabled: streamingServices.enabled }).from(streamingServices).where(eq(streamingServices.id, plan.streamingServiceId)).then((r) => r[0] ?? null)
      : null,
  ]);
  return {
    ...plan,
    inboundIds: bound.map((b) => b.id),
    inbounds: bound.map((b) => ({ id: b.id, name: inboundLabel(b), protocol: b.protocol, port: b.port, active: b.active, enabled: b.enabled })),
    node,
    streamingService: service,
  };
}
export type AdminPlan = Awaited<ReturnType<typeof getPlanAdmin>>;

/** The plan form's choices: every node with its synced, active inbounds, and the streaming services. */
export async function listPlanChoices(ctx: Ctx) {
  requireAdmin(ctx, "catalog.read");
  const [nodeRows, inboundRows, services] = await Promise.all([
    ctx.db.select({ id: nodes.id, name: nodes.name, visibility: nodes.visibility }).from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name)),
    ctx.db
      .select({ id: inbounds.id, nodeId: inbounds.nodeId, displayName: inbounds.displayName, remark: inbounds.remark, tag: inbounds.tag, protocol: inbounds.protocol, port: inbounds.port, enabled: inbounds.enabled })
      .from(inbounds)
      .where(eq(inbounds.active, true))
      .orderBy(asc(inbounds.port)),
    ctx.db.select({ id: streamingServices.id, name: streamingServices.name, enabled: streamingServices.enabled }).from(streamingServices).orderBy(asc(streamingServices.name)),
  ]);
  return {
    nodes: nodeRows.map((n) => ({
      ...n,
      inbounds: inboundRows.filter((i) => i.nodeId === n.id).map((i) => ({ id: i.id, name: inboundLabel(i), protocol: i.protocol, port: i.port, enabled: i.enabled })),
    })),
    streamingServices: services,
  };
}
export type PlanChoices = Awaited<ReturnType<typeof listPlanChoices>>;

// ---------------------------------------------------------------------------------------------
// The store

/** A plan as a customer (or a visitor of the public storefront) sees it. */
export interface StorePlan {
  id: string;
  kind: Plan["kind"];
  name: string;
  description: string;
  pricingMode: Plan["pricingMode"];
  priceMinor: number;
  trafficGb: number;
  pricePerGbMinor: number;
  minGb: number;
  maxGb: number;
  durationDays: number;
  renewalMode: Plan["renewalMode"];
  renewalPriceMinor: number;
  renewalPricePerDayMinor: number;
  topupMode: Plan["topupMode"];
  topupPricePerGbMinor: number;
  topupGb: number;
  topupPriceMinor: number;
  perUserLimit: number | null;
  featured: boolean;
  sortOrder: number;
  /** The lowest price of a new purchase (a slider plan's price at minGb). */
  fromPriceMinor: number;
  /** Units left to sell; null = unlimited. Streaming: the service's free slots (and the plan's own cap, if lower). */
  remaining: number | null;
  soldOut: boolean;
  /** Proxy and trial plans: the node, with its line label per carrier (classified from its route traces). */
  node: { id: string; name: string; lines: Partial<Record<Carrier, RouteLabel>> } | null;
  streamingService: { id: string; name: string; description: string } | null;
}

/**
 * What the store may show: PUBLIC plans; proxy and trial plans on a VISIBLE node with at least one
 * active inbound bound; streaming plans of an enabled service.
 */
function storeFilter(): SQL {
  return and(
    eq(plans.visibility, "PUBLIC"),
    or(
      and(
        inArray(plans.kind, ["PROXY", "TRIAL"]),
        eq(nodes.visibility, "VISIBLE"),
        sql`exists (select 1 from ${planInbounds} join ${inbounds} on ${inbounds.id} = ${planInbounds.inboundId} where ${planInbounds.planId} = ${plans.id} and ${inbounds.active} and ${inbounds.nodeId} = ${plans.nodeId})`,
      ),
      and(eq(plans.kind, "STREAMING"), eq(streamingServices.enabled, true)),
    ),
  )!;
}

async function storeRows(db: Db, extra?: SQL): Promise<StorePlan[]> {
  const rows = await db
    .select({
      plan: plans,
      node: { id: nodes.id, name: nodes.name },
      service: { id: streamingServices.id, name: streamingServices.name, description: streamingServices.description, slotCount: streamingServices.slotCount, slotsHeld: streamingServices.slotsHeld },
    })
    .from(plans)
    .leftJoin(nodes, eq(nodes.id, plans.nodeId))
    .leftJoin(streamingServices, eq(streamingServices.id, plans.streamingServiceId))
    .where(extra ? and(storeFilter(), extra) : storeFilter())
    .orderBy(desc(plans.featured), asc(plans.sortOrder), asc(plans.name), asc(plans.id));
  const nodeIds = [...new Set(rows.map((r) => r.node?.id).filter((x): x is string => Boolean(x)))];
  const traces = nodeIds.length
    ? await db.select({ nodeId: routeTraces.nodeId, carrier: routeTraces.carrier, hops: routeTraces.hops }).from(routeTraces).where(inArray(routeTraces.nodeId, nodeIds))
    : [];
  // Classified again on read, like the Lines page: the stored label never decides.
  const lines = new Map<string, Partial<Record<Carrier, RouteLabel>>>();
  for (const t of traces) {
    const m = lines.get(t.nodeId) ?? {};
    m[t.carrier] = classifyRoute(normalizeHops(t.hops));
    lines.set(t.nodeId, m);
  }
  return rows.map(({ plan: p, node, service }) => {
    const planLeft = p.stockTotal === null ? null : Math.max(0, p.stockTotal - p.stockHeld);
    const slotsLeft = p.kind === "STREAMING" && service ? Math.max(0, service.slotCount - service.slotsHeld) : null;
    const remaining = planLeft === null ? slotsLeft : slotsLeft === null ? planLeft : Math.min(planLeft, slotsLeft);
    return {
      id: p.id,
      kind: p.kind,
      name: p.name,
      description: p.description,
      pricingMode: p.pricingMode,
      priceMinor: p.priceMinor,
      trafficGb: p.trafficGb,
      pricePerGbMinor: p.pricePerGbMinor,
      minGb: p.minGb,
      maxGb: p.maxGb,
      durationDays: p.durationDays,
      renewalMode: p.renewalMode,
      renewalPriceMinor: p.renewalPriceMinor,
      renewalPricePerDayMinor: p.renewalPricePerDayMinor,
      topupMode: p.topupMode,
      topupPricePerGbMinor: p.topupPricePerGbMinor,
      topupGb: p.topupGb,
      topupPriceMinor: p.topupPriceMinor,
      perUserLimit: p.perUserLimit,
      featured: p.featured,
      sortOrder: p.sortOrder,
      fromPriceMinor: startingPriceMinor(p),
      remaining,
      soldOut: remaining === 0,
      node: p.kind !== "STREAMING" && node?.id ? { id: node.id, name: node.name, lines: lines.get(node.id) ?? {} } : null,
      streamingService: p.kind === "STREAMING" && service?.id ? { id: service.id, name: service.name, description: service.description } : null,
    };
  });
}

/**
 * The store: for signed-in users and for anonymous visitors of the public storefront alike (what
 * is for sale is public by nature; no panel address, credential or stock held count is in it).
 * Featured plans first, then by sort order and name.
 */
export async function listStorePlans(ctx: Ctx): Promise<StorePlan[]> {
  return storeRows(ctx.db);
}

/** One plan of the store; a plan the store does not show answers 404 like one that does not exist. */
export async function getStorePlan(ctx: Ctx, id: string): Promise<StorePlan> {
  if (!isUuid(id)) throw planNotFound();
  const [p] = await storeRows(ctx.db, eq(plans.id, id));
  if (!p) throw planNotFound();
  return p;
}
