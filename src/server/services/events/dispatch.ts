// Fan-out of one event to its sinks (webhook deliveries, Telegram alerts), exactly once: the dispatch
// claims the event row with a conditional update, and every sink writes its deliveries and outbox
// tasks in that same transaction. A dispatch that runs twice (a crash after commit, before the task
// was marked done) finds the event claimed and does nothing.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { registerTaskHandler } from "../tasks/run-due-tasks";
import { DISPATCH_TASK } from "./publish";
import type { PublishedEvent } from "./types";

/** A sink turns an event into its own outbox work, inside the dispatch's transaction. */
export type EventSink = (event: PublishedEvent, tx: Db) => Promise<void>;

const g = globalThis as unknown as { __relayboardEventSinks?: Map<string, EventSink> };
const sinks = (g.__relayboardEventSinks ??= new Map<string, EventSink>());

export function registerEventSink(name: string, sink: EventSink): void {
  sinks.set(name, sink);
}

export async function dispatchEvent(db: Db, eventId: string): Promise<{ dispatched: boolean; sinks: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(events)
      .set({ dispatchedAt: new Date() })
      .where(and(eq(events.id, eventId), isNull(events.dispatchedAt)))
      .returning();
    if (!row) return { dispatched: false, sinks: 0 };
    const event = { id: row.id, type: row.type, createdAt: row.createdAt, data: row.data } as PublishedEvent;
    for (const sink of sinks.values()) await sink(event, tx);
    return { dispatched: true, sinks: sinks.size };
  });
}

registerTaskHandler(DISPATCH_TASK, async (payload, { db }) => dispatchEvent(db, String(payload.eventId)));
