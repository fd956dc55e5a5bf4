// Turning findings into risk events (behaviour §8): one binding event per scope, reason and day,
// decided by a partial unique index so concurrent batches never create two; a WARNING escalates to
// SUSPEND the same day (the same row); an event an admin already decided is never escalated.
// A decided geo event no longer binds: a geo finding needs a place new to the window (a release
// acknowledged the others), so it opens a new event instead of vanishing into the decided one
// (issue 21 item 12). A decided node-log event binds the rest of its day (see RISK_EVENT_BINDS).
// Only rows this call created or escalated get side effects: a notification, an audit row and, for
// SUSPEND, the suspension of the scope's subscriptions with their panel clients disabled through
// the outbox.
import { sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { RISK_EVENT_BINDS, type RiskLevel, type RiskReason } from "../../db/schema";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { kickTasks } from "../tasks";
import type { Finding } from "./evaluate";
import { stronger } from "./evaluate";
import { scopeKey, type RiskScope } from "./scope";
import { suspendForRisk } from "./subscription-effects";
import { publishEvent } from "../events/publish";

export interface ScopedFinding extends Finding {
  scope: RiskScope;
}

export interface RaiseResult {
  /** Events created (or escalated) at WARNING / SUSPEND level by this call. */
  warnings: number;
  suspensions: number;
  /** Subscriptions this call suspended. */
  suspendedSubscriptions: number;
}

const OFFSET_MS = 8 * 3_600_000;
/** The event's day on the app's clock (Asia/Shanghai, UTC+8 all year): "one event per day" is a local day. */
export const riskDay = (now: Date): string => new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The figure a notification quotes for a finding. */
const figure = (f: Finding): number => Number(f.evidence.count ?? f.evidence.connectionCount ?? f.evidence.uniqueTargetCount ?? 0);

export async function raiseRiskEvents(ctx: Ctx, findings: ScopedFinding[], now: Date): Promise<RaiseResult> {
  const result: RaiseResult = { warnings: 0, suspensions: 0, suspendedSubscriptions: 0 };
  if (findings.length === 0) return result;
  // One row per (scope, reason) per statement: ON CONFLICT cannot touch a row twice in one statement.
  const byKey = new Map<string, ScopedFinding>();
  for (const f of findings) {
    const key = `${scopeKey(f.scope)}|${f.reason}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...stronger(seen, f), scope: f.scope } : f);
  }
  const list = [...byKey.values()];
  const day = riskDay(now);
  await ctx.db.transaction(async (tx) => {
    const rows = (await tx.execute(sql`
      insert into subscription_risk_events (user_id, subscription_id, scope_key, reason, level, day, evidence, created_at, updated_at)
      select u, s, k, r, l, ${day}::date, e, ${now}::timestamptz, ${now}::timestamptz
      from unnest(${sql.param(list.map((f) => f.scope.userId))}::uuid[], ${sql.param(list.map((f) => (f.scope.kind === "sub" ? f.scope.subscriptionId : null)))}::uuid[],
        ${sql.param(list.map((f) => scopeKey(f.scope)))}::text[], ${sql.param(list.map((f) => f.reason))}::text[], ${sql.param(list.map((f) => f.level))}::text[],
        ${sql.param(list.map((f) => JSON.stringify(f.evidence)))}::jsonb[]) as x(u, s, k, r, l, e)
      on conflict (scope_key, reason, day) where ${sql.raw(RISK_EVENT_BINDS)} do update set level = excluded.level, evidence = excluded.evidence, updated_at = excluded.updated_at
        where subscription_risk_events.level = 'WARNING' and excluded.level = 'SUSPEND' and subscription_risk_events.final_action is null
      returning id, scope_key, reason, level, (xmax = 0) as created`)) as unknown as { rows: { id: string; scope_key: string; reason: RiskReason; level: RiskLevel; created: boolean }[] };
    const findingOf = new Map(list.map((f) => [`${scopeKey(f.scope)}|${f.reason}`, f]));
    for (const row of rows.rows) {
      const f = findingOf.get(`${row.scope_key}|${row.reason}`)!;
      const suspend = row.level === "SUSPEND";
      if (suspend) {
        result.suspensions++;
        const changed = await suspendForRisk(tx, f.scope, now);
        result.suspendedSubscriptions += changed.length;
      } else result.warnings++;
      await notify(tx, {
        userId: f.scope.userId,
        type: "RISK",
        level: suspend ? "ERROR" : "WARNING",
        text: { key: suspend ? "riskSuspended" : "riskWarning", params: { reason: row.reason, count: figure(f) } },
        link: f.scope.kind === "sub" ? `/subscriptions/${f.scope.subscriptionId}` : "/subscriptions",
        dedupeKey: `risk:${row.id}:${row.level}`,
      });
      await recordAudit(
        ctx,
        {
          action: row.created ? "risk.event.raise" : "risk.event.escalate",
          targetType: "subscription_risk_event",
          targetId: row.id,
          metadata: { scope: row.scope_key, reason: row.reason, level: row.level, figure: figure(f) },
        },
        tx,
      );
      await publishEvent(tx, "risk.event_raised", {
        riskEventId: row.id,
        userId: f.scope.userId,
        subscriptionId: f.scope.kind === "sub" ? f.scope.subscriptionId : null,
        reason: row.reason,
        level: row.level,
        figure: figure(f),
        escalated: !row.created,
      });
    }
  });
  if (result.suspensions + result.warnings > 0) kickTasks();
  return result;
}
