// Turns a paid order into subscriptions, inside the transaction that marked it paid (behaviour §6).
// Panel work is only recorded here (node_clients rows + outbox tasks); the worker performs it after
// commit, so a rolled-back payment never leaves a client on a panel (behaviour §14.1).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { inbounds, nodeClients, orderItems, planInbounds, plans, subscriptions, users, type Order, type OrderItem, type Plan, type Subscription } from "../../db/schema";
import { encryptSecret, keyedHash, randomToken } from "../../crypto/secrets";
import { enqueueTask } from "../tasks";
import { clientEmailFor, newCredential, PROVISIONABLE_PROTOCOLS } from "./credentials";
import { clientShouldBeEnabled } from "./desired-state";
import { settleRenewalStock } from "./revival-stock";
import { PANEL_CLIENT_SYNC } from "./task-kinds";
import { publishEvent } from "../events/publish";
import { holdGiftLine } from "../gifts/hold";
import { applyPlanChange } from "../plan-change/apply";

const GIB = 1024 ** 3;
const DAY_MS = 86_400_000;

export const DOWNLOAD_TOKEN_PURPOSE = "subscription-download";

/** A fresh download token: what the owner's link carries, and the two forms we store. */
export function newDownloadToken(): { token: string; hash: string; enc: string } {
  const token = randomToken(24);
  return { token, hash: keyedHash(token, DOWNLOAD_TOKEN_PURPOSE), enc: encryptSecret(token) };
}

export interface ProvisionResult { created: string[]; extended: string[] }

export async function provisionOrder(tx: Tx, order: Order, now: Date): Promise<ProvisionResult> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const result: ProvisionResult = { created: [], extended: [] };
  for (const item of items) {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, item.planId));
    if (!plan) throw new Error(`order ${order.id} names plan ${item.planId}, which is gone`);
    if (item.kind === "PLAN_CHANGE") result.extended.push(await applyPlanChange(tx, order, item, plan, now));
    else if (item.kind !== "NEW_PURCHASE") result.extended.push(await extendSubscription(tx, item, now));
    // A gift waits for its recipient's claim (gifts/claim.ts provisions it then, for them).
    else if (!(await holdGiftLine(tx, order, item, now))) result.created.push(await createSubscription(tx, order, item, plan, now));
  }
  return result;
}

/** Creates the subscription a NEW_PURCHASE line bought, for its buyer or (a claimed gift) for `ownerId`. */
export async function createSubscription(tx: Tx, order: Order, item: OrderItem, plan: Plan, now: Date, ownerId: string = order.userId): Promise<string> {
  const token = newDownloadToken();
  const proxy = plan.kind !== "STREAMING";
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      userId: ownerId,
      planId: plan.id,
      kind: proxy ? "PROXY" : "STREAMING",
      trial: plan.kind === "TRIAL",
      nodeId: proxy ? plan.nodeId : null,
      streamingServiceId: proxy ? null : plan.streamingServiceId,
      startsAt: now,
      expiresAt: new Date(now.getTime() + item.durationDays * DAY_MS),
      trafficLimitBytes: proxy ? item.trafficGb * GIB : 0,
      downloadTokenHash: token.hash,
      downloadTokenEnc: token.enc,
      holdsStock: item.holdsStock,
      sourceOrderId: order.id,
    })
    .returning();
  // Unique on result_subscription_id and written once: a line can never provision twice.
  await tx.update(orderItems).set({ resultSubscriptionId: sub!.id }).where(and(eq(orderItems.id, item.id), sql`${orderItems.resultSubscriptionId} is null`));
  if (proxy) await addPanelClients(tx, sub!, plan);
  await publishEvent(tx, "subscription.created", {
    subscriptionId: sub!.id,
    userId: sub!.userId,
    planId: plan.id,
    planName: plan.name,
    kind: sub!.kind,
    orderId: order.id,
    expiresAt: sub!.expiresAt.toISOString(),
    trafficLimitBytes: sub!.trafficLimitBytes,
  });
  return sub!.id;
}

/**
 * One client per plan inbound that is still synced and can carry clients, except the inbounds in
 * `skip` (a plan change keeps the clients the old and the new plan share). Returns how many it added.
 */
export async function addPanelClients(tx: Tx, sub: Subscription, plan: Plan, skip: ReadonlySet<string> = new Set()): Promise<number> {
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, sub.userId));
  const rows = await tx
    .select({ inbound: inbounds })
    .from(planInbounds)
    .innerJoin(inbounds, eq(inbounds.id, planInbounds.inboundId))
    .where(and(eq(planInbounds.planId, plan.id), eq(inbounds.active, true)));
  let added = 0;
  for (const { inbound } of rows) {
    if (!PROVISIONABLE_PROTOCOLS.has(inbound.protocol) || skip.has(inbound.id)) continue;
    const [client] = await tx
      .insert(nodeClients)
      .values({
        subscriptionId: sub.id,
        nodeId: inbound.nodeId,
        inboundId: inbound.id,
        email: clientEmailFor(owner!.email),
        protocol: inbound.protocol,
        credentialEnc: encryptSecret(newCredential(inbound.protocol, inbound.settings)),
        enable: true,
        totalBytes: sub.trafficLimitBytes,
        expiryMs: sub.expiresAt.getTime(),
      })
      .returning({ id: nodeClients.id });
    await enqueueTask(tx, PANEL_CLIENT_SYNC, { nodeClientId: client!.id }, { maxAttempts: 12 });
    added++;
  }
  return added;
}

/** Renewal adds days from the later of now and the current expiry; a top-up adds traffic. */
async function extendSubscription(tx: Tx, item: OrderItem, now: Date): Promise<string> {
  const id = item.targetSubscriptionId;
  if (!id) throw new Error(`order line ${item.id} extends no subscription`);
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  if (!sub) throw new Error(`order line ${item.id} extends subscription ${id}, which is gone`);
  const patch: Partial<Subscription> = { updatedAt: now };
  if (item.kind === "RENEWAL") {
    const from = Math.max(now.getTime(), sub.expiresAt.getTime());
    patch.expiresAt = new Date(from + item.durationDays * DAY_MS);
    // A lapsed subscription comes back; a suspended or cancelled one stays as the admin left it.
    if (sub.status === "EXPIRED") patch.status = "ACTIVE";
  } else {
    patch.trafficLimitBytes = sub.trafficLimitBytes + item.trafficGb * GIB;
  }
  const [next] = await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  if (item.kind === "RENEWAL") await settleRenewalStock(tx, item, sub, next!);
  await syncClientsOf(tx, next!, now);
  return id;
}

/**
 * Copies a subscription's quota, expiry and status onto its panel clients and queues their sync, and
 * bumps its content version (the rendered-content cache key) since what it serves may have changed.
 */
export async function syncClientsOf(tx: Tx, sub: Subscription, now: Date = new Date()): Promise<void> {
  await tx.update(subscriptions).set({ contentVersion: sql`${subscriptions.contentVersion} + 1` }).where(eq(subscriptions.id, sub.id));
  const clients = await tx
    .update(nodeClients)
    .set({ enable: clientShouldBeEnabled(sub, now), totalBytes: sub.trafficLimitBytes, expiryMs: sub.expiresAt.getTime(), panelState: "PENDING", updatedAt: now })
    .where(eq(nodeClients.subscriptionId, sub.id))
    .returning({ id: nodeClients.id });
  for (const c of clients) await enqueueTask(tx, PANEL_CLIENT_SYNC, { nodeClientId: c.id }, { maxAttempts: 12 });
}

export async function subscriptionsById(tx: Tx, ids: string[]): Promise<Subscription[]> {
  return ids.length ? tx.select().from(subscriptions).where(inArray(subscriptions.id, ids)) : [];
}
