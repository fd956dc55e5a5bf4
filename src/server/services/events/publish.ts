// Raising an event: one row in the transaction of the change it reports (so a rolled-back change
// raises nothing) and one outbox task that fans it out after commit (dispatch.ts). Nothing is sent
// from inside a business transaction.
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { enqueueTask, kickTasks } from "../tasks/enqueue-task";
import type { EventData, EventType } from "./types";

export const DISPATCH_TASK = "event.dispatch";

/** Records the event; call with the transaction handle of the change. Returns the event id (the webhook id). */
export async function publishEvent(db: Db, type: EventType, data: EventData): Promise<string> {
  const [row] = await db.insert(events).values({ type, data }).returning({ id: events.id });
  // Ten attempts: a dispatch fails only when the database does, and the fan-out is cheap to retry.
  await enqueueTask(db, DISPATCH_TASK, { eventId: row!.id }, { maxAttempts: 10 });
  kickTasks();
  return row!.id;
}
