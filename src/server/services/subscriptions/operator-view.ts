// What the operator CLI shows: a plain list (optionally one user's), and one subscription in full,
// including its content URLs with the download token. Those URLs are the subscription's keys, so
// the detail answers only the operator CLI (or the system), never a web session, admin or not.
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { inbounds, nodeClients, nodes, plans, streamingServices, subscriptions, users } from "../../db/schema";
import { decryptSecret } from "../../crypto/secrets";
import { forbidden } from "../../errors";
import { parseInput } from "../../validation";
import { trafficExhausted } from "../provisioning/desired-state";
import { getSettingsWithSecrets } from "../settings/queries";
import { CONTENT_FORMATS, type ContentFormat } from "../subscription-content/types";
import { contentRootOf, subscriptionContentUrl } from "../subscription-content/urls";
import { subscriptionMissing } from "./admin-ops";

const ListInput = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export interface OperatorSubscriptionRow {
  id: string;
  email: string;
  planName: string;
  kind: string;
  status: string;
  nodeName: string | null;
  streamingName: string | null;
  expiresAt: Date;
  trafficUsedBytes: number;
  trafficLimitBytes: number;
}

const rowColumns = {
  id: subscriptions.id,
  email: users.email,
  planName: plans.name,
  kind: subscriptions.kind,
  status: subscriptions.status,
  nodeName: nodes.name,
  streamingName: streamingServices.name,
  expiresAt: subscriptions.expiresAt,
  trafficUsedBytes: subscriptions.trafficUsedBytes,
  trafficLimitBytes: subscriptions.trafficLimitBytes,
};

export async function listSubscriptionsForOperator(ctx: Ctx, raw: unknown = {}): Promise<{ rows: OperatorSubscriptionRow[]; total: number; page: number; pageSize: number }> {
  requireAdmin(ctx, "subscriptions.read");
  const { email, page, pageSize } = parseInput(ListInput, raw);
  const where: SQL | undefined = email ? eq(users.email, email) : undefined;
  const base = () =>
    ctx.db
      .select(rowColumns)
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
      .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(pageSize).offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}

export interface OperatorSubscriptionDetail extends OperatorSubscriptionRow {
  userId: string;
  planId: string;
  startsAt: Date;
  trafficUpBytes: number;
  trafficDownBytes: number;
  trafficExhausted: boolean;
  riskRestricted: boolean;
  holdsStock: boolean;
  /** The content URL per format (with the download token); empty for a streaming subscription. */
  urls: Partial<Record<ContentFormat, string>>;
  clients: { email: string; protocol: string; inbound: string; enable: boolean; panelState: string; lastError: string | null }[];
}

export async function showSubscriptionForOperator(ctx: Ctx, rawId: string): Promise<OperatorSubscriptionDetail> {
  requireAdmin(ctx, "subscriptions.read");
  if (ctx.actor.kind !== "cli" && ctx.actor.kind !== "system") throw forbidden("forbidden");
  const id = parseInput(z.uuid(), rawId);
  const [row] = await ctx.db
    .select({ ...rowColumns, sub: subscriptions })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
    .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
    .where(eq(subscriptions.id, id));
  if (!row) throw subscriptionMissing();
  const { sub, ...listed } = row;
  const clients = await ctx.db
    .select({ email: nodeClients.email, protocol: nodeClients.protocol, inbound: inbounds.displayName, tag: inbounds.tag, enable: nodeClients.enable, panelState: nodeClients.panelState, lastError: nodeClients.lastError })
    .from(nodeClients)
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .where(and(eq(nodeClients.subscriptionId, id)));
  const urls: Partial<Record<ContentFormat, string>> = {};
  if (sub.kind === "PROXY") {
    const base = contentRootOf(await getSettingsWithSecrets(ctx.db));
    const token = decryptSecret(sub.downloadTokenEnc);
    for (const f of CONTENT_FORMATS) urls[f] = subscriptionContentUrl(base, id, token, f === "base64" ? undefined : f);
  }
  return {
    ...listed,
    userId: sub.userId,
    planId: sub.planId,
    startsAt: sub.startsAt,
    trafficUpBytes: sub.trafficUpBytes,
    trafficDownBytes: sub.trafficDownBytes,
    trafficExhausted: trafficExhausted(sub),
    riskRestricted: sub.riskRestricted,
    holdsStock: sub.holdsStock,
    urls,
    clients: clients.map(({ tag, inbound, ...c }) => ({ ...c, inbound: inbound || tag })),
  };
}
