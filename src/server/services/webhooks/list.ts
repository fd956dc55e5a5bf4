// Admin reads: the endpoints (never their secret) with how their deliveries went, and one endpoint's
// delivery log in keyset pages (it grows with every event, so no OFFSET and no total).
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus } from "../../db/schema";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { cursorTextOf, keysetPage, type KeysetColumns, type LogPage } from "../logs/keyset";
import { webhookNotFound } from "./errors";
import { ListDeliveriesInput } from "./inputs";

export interface WebhookSummary {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  createdAt: Date;
  /** The newest delivery: its state, the receiver's status code, when it was last tried (or made). */
  lastDelivery: { status: WebhookDeliveryStatus; responseStatus: number | null; at: Date } | null;
  /** Deliveries made in the last 24 hours, by state. */
  last24h: { pending: number; succeeded: number; failed: number };
}

// Correlated subqueries on (endpoint_id, created_at): one index probe each per endpoint, however
// long the log is. `d` is the delivery row inside them; the endpoint is named in full because
// drizzle writes a one-table select's columns without their table, which `d` would capture.
const endpointId = sql.raw(`"webhook_endpoints"."id"`);
const lastDelivery = sql<{ status: WebhookDeliveryStatus; responseStatus: number | null; at: string } | null>`(
  select json_build_object('status', d.status, 'responseStatus', d.response_status, 'at', coalesce(d.last_attempt_at, d.created_at))
  from ${webhookDeliveries} d where d.endpoint_id = ${endpointId}
  order by d.created_at desc, d.id desc limit 1)`;
const dayCounts = sql<{ pending: number; succeeded: number; failed: number }>`(
  select json_build_object(
    'pending', count(*) filter (where d.status = 'PENDING'),
    'succeeded', count(*) filter (where d.status = 'SUCCEEDED'),
    'failed', count(*) filter (where d.status = 'FAILED'))
  from ${webhookDeliveries} d where d.endpoint_id = ${endpointId} and d.created_at >= now() - interval '24 hours')`;

export async function listWebhooks(ctx: Ctx): Promise<WebhookSummary[]> {
  requireAdmin(ctx, "webhooks.manage");
  const rows = await ctx.db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      disabledAt: webhookEndpoints.disabledAt,
      createdAt: webhookEndpoints.createdAt,
      last: lastDelivery,
      counts: dayCounts,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.disabledAt === null,
    createdAt: r.createdAt,
    lastDelivery: r.last ? { status: r.last.status, responseStatus: r.last.responseStatus, at: new Date(r.last.at) } : null,
    last24h: { pending: Number(r.counts.pending), succeeded: Number(r.counts.succeeded), failed: Number(r.counts.failed) },
  }));
}

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
}

const KEYSET: KeysetColumns = { createdAt: webhookDeliveries.createdAt, id: webhookDeliveries.id, idType: "uuid" };

/** One page of an endpoint's deliveries, newest first; `status` narrows it. 404 for an unknown endpoint. */
export async function listWebhookDeliveries(ctx: Ctx, endpointId: string, raw: unknown = {}): Promise<LogPage<DeliveryRow>> {
  requireAdmin(ctx, "webhooks.manage");
  const f = parseInput(ListDeliveriesInput, raw ?? {});
  if (!isUuid(endpointId)) throw webhookNotFound();
  const [endpoint] = await ctx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw webhookNotFound();
  const conds: SQL[] = [eq(webhookDeliveries.endpointId, endpointId)];
  if (f.status) conds.push(eq(webhookDeliveries.status, f.status));
  return keysetPage<DeliveryRow>(KEYSET, conds, f, (where, orderBy, limit) =>
    ctx.db
      .select({
        id: webhookDeliveries.id,
        eventId: webhookDeliveries.eventId,
        eventType: webhookDeliveries.eventType,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        responseStatus: webhookDeliveries.responseStatus,
        lastError: webhookDeliveries.lastError,
        createdAt: webhookDeliveries.createdAt,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        cursor: cursorTextOf(KEYSET),
      })
      .from(webhookDeliveries)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  );
}
