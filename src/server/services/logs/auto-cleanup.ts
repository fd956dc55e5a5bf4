// The automatic cleanup (behaviour §12): at most once a day across every instance sharing the
// database. The day is claimed with one conditional UPDATE of the lastLogCleanupAt setting row:
// PostgreSQL serialises concurrent updates of a row and re-checks the WHERE against the winner's
// value, so of two instances ticking at once exactly one gets the row back and runs; the other
// sees a fresh timestamp and stops. The claim commits before the deletes, so a run that dies
// half-way simply continues the next day, and the audit row records what it removed. Business
// events and webhook delivery logs age out in the same run (events/prune.ts).
import { sql } from "drizzle-orm";
import { makeCtx } from "../../context";
import type { Db } from "../../db/client";
import { recordAudit } from "../audit";
import { pruneEventHistory } from "../events/prune";
import { getSettingsWithSecrets } from "../settings";
import { purgeTargets, type CleanupCounts } from "./cleanup";
import type { PurgeOptions } from "./purge";

export const LOG_CLEANUP_SETTING = "lastLogCleanupAt";

export type AutoCleanupResult = { ran: false; why: "disabled" | "not_due" } | { ran: true; retentionDays: number; counts: CleanupCounts };

/** True when this caller took today's run; records `now` as the last run time. */
export async function claimLogCleanupDay(db: Db, now: Date): Promise<boolean> {
  await db.execute(sql`insert into app_config (key, value) values (${LOG_CLEANUP_SETTING}, 'null'::jsonb) on conflict (key) do nothing`);
  const at = now.toISOString();
  const r = (await db.execute(sql`
    update app_config set value = to_jsonb(${at}::text), updated_at = ${at}::timestamptz
    where key = ${LOG_CLEANUP_SETTING}
      and (jsonb_typeof(value) <> 'string' or (value #>> '{}')::timestamptz <= ${at}::timestamptz - interval '1 day')
    returning key`)) as unknown as { rows: unknown[] };
  return r.rows.length === 1;
}

export async function runAutomaticLogCleanup(db: Db, opts: PurgeOptions & { now?: Date } = {}): Promise<AutoCleanupResult> {
  const now = opts.now ?? new Date();
  const { logCleanupEnabled, logRetentionDays } = await getSettingsWithSecrets(db);
  if (!logCleanupEnabled) return { ran: false, why: "disabled" };
  if (!(await claimLogCleanupDay(db, now))) return { ran: false, why: "not_due" };
  const before = new Date(now.getTime() - logRetentionDays * 86_400_000);
  const counts = await purgeTargets(db, "all", before, opts);
  const history = await pruneEventHistory(db, before);
  const ctx = makeCtx(db, { kind: "system" }, { now: () => now });
  await recordAudit(ctx, { action: "logs.cleanup.auto", targetType: "logs", targetId: "all", metadata: { retentionDays: logRetentionDays, before: before.toISOString(), counts, history } });
  return { ran: true, retentionDays: logRetentionDays, counts };
}
