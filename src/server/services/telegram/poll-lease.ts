// Only one process may call getUpdates for a bot at a time (Telegram answers the others 409). The
// instances share a lease: one claim row in app_config naming its holder until an expiry, taken with
// a conditional UPDATE (PostgreSQL serialises updates of the row and re-checks the WHERE against the
// winner's value, so two instances asking at once cannot both get it), renewed while polling, handed
// back on a clean stop, and taken over by a standby once it has expired (a holder that died).
// The row also carries the bot's next update offset, so a new holder does not re-handle updates the
// previous one had answered but not yet confirmed to Telegram. Times are the database's clock.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export const POLL_LEASE_KEY = "telegramPollLease";

export interface LeaseGrant {
  /** The next getUpdates offset the previous holder left for this bot (0 when none). */
  offset: number;
}

type Row = { offset: unknown; bot: unknown };

async function ensureRow(db: Db): Promise<void> {
  await db.execute(sql`insert into app_config (key, value) values (${POLL_LEASE_KEY}, '{}'::jsonb) on conflict (key) do nothing`);
}

/**
 * Takes or renews the lease for `seconds`; null when another live holder has it. `offset` (when
 * given) is stored as this bot's next update offset.
 */
export async function holdPollLease(db: Db, owner: string, botId: string, seconds: number, offset?: number): Promise<LeaseGrant | null> {
  await ensureRow(db);
  const r = (await db.execute(sql`
    update app_config set
      value = jsonb_build_object(
        'owner', ${owner}::text,
        'until', to_jsonb(now() + make_interval(secs => ${seconds})),
        'bot', ${botId}::text,
        'offset', case
          when ${offset ?? null}::bigint is not null then to_jsonb(${offset ?? null}::bigint)
          when value ->> 'bot' = ${botId}::text then coalesce(value -> 'offset', '0'::jsonb)
          else '0'::jsonb end),
      updated_at = now()
    where key = ${POLL_LEASE_KEY}
      and (value ->> 'owner' is null or value ->> 'owner' = ${owner}::text or (value ->> 'until')::timestamptz < now())
    returning value -> 'offset' as offset, value ->> 'bot' as bot`)) as unknown as { rows: Row[] };
  const row = r.rows[0];
  if (!row) return null;
  const n = Number(row.offset);
  return { offset: Number.isSafeInteger(n) && n > 0 ? n : 0 };
}

/** Hands the lease back at once (a clean stop), so a standby need not wait for it to expire. */
export async function releasePollLease(db: Db, owner: string): Promise<void> {
  await db.execute(sql`
    update app_config set value = value || jsonb_build_object('until', to_jsonb(now() - interval '1 second')), updated_at = now()
    where key = ${POLL_LEASE_KEY} and value ->> 'owner' = ${owner}::text`);
}
