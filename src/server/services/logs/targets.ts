// The deletable log kinds (behaviour §12) and what each one means in the schema. `keep` is the part
// of the table no deletion may touch: a risk event whose user-side restriction is still active (it
// is the record of why the user is restricted) and a task that has not finished (the worker still
// owns it). Bigint ids are compared as numbers, uuids as uuids, so a malformed id never reaches SQL.
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

export const LOG_TARGETS = ["audit", "task", "traffic", "nodeLatency", "riskAccess", "riskEvent"] as const;
export type LogTarget = (typeof LOG_TARGETS)[number];

export interface LogTargetDef {
  table: SQL;
  idKind: "bigint" | "uuid";
  /** When a row stopped changing: what its age is measured from. */
  timeColumn: SQL;
  keep?: SQL;
}

export const LOG_TARGET_DEFS: Record<LogTarget, LogTargetDef> = {
  audit: { table: sql.raw("audit_logs"), idKind: "bigint", timeColumn: sql.raw("created_at") },
  // A finished task's last write is its outcome, so its age counts from then.
  task: { table: sql.raw("tasks"), idKind: "uuid", timeColumn: sql.raw("updated_at"), keep: sql.raw("status in ('PENDING', 'RUNNING')") },
  // Per-row traffic history is the reset log; traffic_daily is usage data the dashboards sum.
  traffic: { table: sql.raw("traffic_reset_logs"), idKind: "bigint", timeColumn: sql.raw("created_at") },
  nodeLatency: { table: sql.raw("node_latency_logs"), idKind: "bigint", timeColumn: sql.raw("created_at") },
  riskAccess: { table: sql.raw("subscription_access_logs"), idKind: "bigint", timeColumn: sql.raw("created_at") },
  riskEvent: { table: sql.raw("subscription_risk_events"), idKind: "uuid", timeColumn: sql.raw("created_at"), keep: sql.raw("restriction_active") },
};

const bigintId = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** The id as a typed SQL literal parameter, or null when it cannot name a row of that table. */
export function idParam(def: LogTargetDef, id: string): SQL | null {
  if (def.idKind === "uuid") return z.uuid().safeParse(id).success ? sql`${id}::uuid` : null;
  return bigintId.safeParse(id).success ? sql`${id}::bigint` : null;
}

/** "Not kept": rows a deletion may remove. */
export const deletable = (def: LogTargetDef): SQL => (def.keep ? sql`not (${def.keep})` : sql`true`);
