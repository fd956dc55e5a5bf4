// Shared by the webhook tests: the dispatch, the webhook sink and the delivery task registered (as
// the worker registers them), events raised as business code raises them, and the outbox driven by
// moving run_at instead of waiting.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { tasks, webhookDeliveries } from "../../src/server/db/schema";
import "../../src/server/services/events/dispatch";
import { publishEvent, type EventData, type EventType } from "../../src/server/services/events";
import { updateSettings } from "../../src/server/services/settings";
import { runDueTasks } from "../../src/server/services/tasks";
import "../../src/server/services/webhooks/deliver-task";
import "../../src/server/services/webhooks/sink";
import { cliCtx } from "../helpers/actors";

export const setPrivateTargets = (db: Db, allowed: boolean) => updateSettings(cliCtx(db), { allowPrivateWebhookTargets: allowed });

/** Raises an event in its own transaction, as a business change would; returns the event (webhook) id. */
export const raise = (db: Db, type: EventType, data: EventData) => db.transaction((tx) => publishEvent(tx, type, data));

/** Runs due tasks until none is left due (the dispatch, then the deliveries it queued). */
export async function drain(db: Db): Promise<void> {
  for (let i = 0; i < 20; i++) if ((await runDueTasks(db)).ran === 0) return;
  throw new Error("tasks kept coming");
}

export const deliverTasks = (db: Db) => db.select().from(tasks).where(eq(tasks.kind, "webhook.deliver"));

/** The delivery tasks waiting out a back-off, made due now (as if the time had passed). */
export const makeDeliveriesDue = (db: Db) =>
  db.update(tasks).set({ runAt: sql`now() - interval '1 second'` }).where(and(eq(tasks.kind, "webhook.deliver"), eq(tasks.status, "PENDING")));

export const deliveriesOf = (db: Db, endpointId: string) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
