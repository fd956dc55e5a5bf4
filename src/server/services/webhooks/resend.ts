// Sending by hand: "resend" queues one more attempt of a delivery (same body, same webhook id, so a
// receiver that already has it can tell), and "test" sends a `webhook.test` event to one endpoint.
// Each is one attempt in a new task: the admin sees its outcome in the log and may press again.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { tasks, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { conflict } from "../../errors";
import { isUuid } from "../../uuid";
import { recordAudit } from "../audit";
import { enqueueTask, kickTasks } from "../tasks/enqueue-task";
import { deliveryBody } from "./body";
import { deliveryNotFound, webhookNotFound } from "./errors";
import { auditUrl } from "./manage";
import { DELIVER_TASK, RESEND_MAX_ATTEMPTS } from "./schedule";

export const TEST_EVENT_TYPE = "webhook.test";

/** A task that will still send this delivery (queued, backing off, or running). */
async function queuedTask(tx: Db, deliveryId: string): Promise<boolean> {
  const [t] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.kind, DELIVER_TASK), inArray(tasks.status, ["PENDING", "RUNNING"]), sql`${tasks.payload} ->> 'deliveryId' = ${deliveryId}`))
    .limit(1);
  return Boolean(t);
}

export async function resendWebhookDelivery(ctx: Ctx, deliveryId: string): Promise<{ deliveryId: string; taskId: string }> {
  requireAdmin(ctx, "webhooks.manage");
  if (!isUuid(deliveryId)) throw deliveryNotFound();
  const taskId = await ctx.db.transaction(async (tx) => {
    // The row lock makes two resends at once queue one task: the second sees the first's.
    const [d] = await tx
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId, eventType: webhookDeliveries.eventType, url: webhookEndpoints.url, disabledAt: webhookEndpoints.disabledAt })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .for("update", { of: webhookDeliveries });
    if (!d) throw deliveryNotFound();
    if (d.disabledAt) throw conflict("webhook_disabled");
    if (await queuedTask(tx, deliveryId)) throw conflict("webhook_delivery_queued");
    await tx.update(webhookDeliveries).set({ status: "PENDING", nextAttemptAt: ctx.now() }).where(eq(webhookDeliveries.id, deliveryId));
    const id = await enqueueTask(tx, DELIVER_TASK, { deliveryId }, { maxAttempts: RESEND_MAX_ATTEMPTS });
    await recordAudit(ctx, { action: "admin.webhook.resend", targetType: "webhook_endpoint", targetId: d.endpointId, metadata: { deliveryId, eventId: d.eventId, eventType: d.eventType, url: auditUrl(d.url) } }, tx);
    return id;
  });
  kickTasks();
  return { deliveryId, taskId };
}

/** A `webhook.test` event to this endpoint only, whatever it subscribes to: a way to check the receiver. */
export async function sendTestWebhook(ctx: Ctx, endpointId: string): Promise<{ deliveryId: string; eventId: string }> {
  requireAdmin(ctx, "webhooks.manage");
  if (!isUuid(endpointId)) throw webhookNotFound();
  const out = await ctx.db.transaction(async (tx) => {
    const [e] = await tx.select({ id: webhookEndpoints.id, url: webhookEndpoints.url, disabledAt: webhookEndpoints.disabledAt }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for("update");
    if (!e) throw webhookNotFound();
    if (e.disabledAt) throw conflict("webhook_disabled");
    const eventId = randomUUID();
    const now = ctx.now();
    const body = deliveryBody({ id: eventId, type: TEST_EVENT_TYPE, createdAt: now, data: { endpointId } });
    const [d] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId, eventType: TEST_EVENT_TYPE, body, createdAt: now, nextAttemptAt: now })
      .returning({ id: webhookDeliveries.id });
    await enqueueTask(tx, DELIVER_TASK, { deliveryId: d!.id }, { maxAttempts: RESEND_MAX_ATTEMPTS });
    await recordAudit(ctx, { action: "admin.webhook.test", targetType: "webhook_endpoint", targetId: endpointId, metadata: { deliveryId: d!.id, eventId, url: auditUrl(e.url) } }, tx);
    return { deliveryId: d!.id, eventId };
  });
  kickTasks();
  return out;
}
