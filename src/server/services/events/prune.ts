// Events and webhook delivery logs age out with the other logs (the daily automatic cleanup, at the
// log retention setting): a dispatched event and a finished delivery are history. An event not yet
// dispatched and a delivery still queued are kept, whatever their age.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

const BATCH = 5_000;

async function deleteInBatches(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const r = (await db.execute(statement())) as unknown as { rows: { n: number }[] };
    const n = Number(r.rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

export async function pruneEventHistory(db: Db, before: Date): Promise<{ events: number; webhookDeliveries: number }> {
  const cutoff = before.toISOString();
  const events = await deleteInBatches(db, () => sql`
    with d as (delete from events where id in (
      select id from events where created_at < ${cutoff}::timestamptz and dispatched_at is not null limit ${BATCH} for update skip locked)
      returning 1)
    select count(*)::int as n from d`);
  const webhookDeliveries = await deleteInBatches(db, () => sql`
    with d as (delete from webhook_deliveries where id in (
      select id from webhook_deliveries where created_at < ${cutoff}::timestamptz and status <> 'PENDING' limit ${BATCH} for update skip locked)
      and status <> 'PENDING'
      returning 1)
    select count(*)::int as n from d`);
  return { events, webhookDeliveries };
}
