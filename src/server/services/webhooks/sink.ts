// The webhook side of an event's fan-out (services/events/dispatch.ts): inside the dispatch's one
// transaction, a delivery row for each switched-on endpoint subscribed to the type and an outbox
// task to send it. (endpoint, event) is unique, so a dispatch that runs again adds nothing, and no
// network I/O happens here: the task sends after commit.
import { and, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { registerEventSink } from "../events/dispatch";
import { WEBHOOK_EVENT_TYPES, type PublishedEvent } from "../events/types";
import { enqueueTask, kickTasks } from "../tasks/enqueue-task";
import { deliveryBody } from "./body";
import { DELIVER_TASK, WEBHOOK_MAX_ATTEMPTS } from "./schedule";

export async function createDeliveries(event: PublishedEvent, tx: Db): Promise<number> {
  // Operator alerts (payment.late, task.failed...) are ours, not an integrator's business.
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.type)) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`));
  if (endpoints.length === 0) return 0;
  const body = deliveryBody({ ...event, createdAt: new Date(event.createdAt) });
  const now = new Date();
  const made = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, body, nextAttemptAt: now })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
  for (const d of made) await enqueueTask(tx, DELIVER_TASK, { deliveryId: d.id }, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });
  // The dispatch runs in the worker, which looks again once this batch (and its commit) is done.
  if (made.length) kickTasks();
  return made.length;
}

registerEventSink("webhooks", async (event, tx) => {
  await createDeliveries(event, tx);
});
