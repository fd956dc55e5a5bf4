// What the logs page hands its client components: plain values only. The kind list repeats the
// service's LOG_TARGETS so client code does not pull the server modules into the browser bundle.
import type { LogTarget } from "@/server/services/logs/targets";
import type { Permission } from "@/server/auth/permissions";

export const LOG_KINDS = ["audit", "task", "traffic", "nodeLatency", "riskAccess", "riskEvent"] as const satisfies readonly LogTarget[];
export type LogKind = (typeof LOG_KINDS)[number];
// Fails to compile when the service gains a kind the page lacks.
const everyKind: Exclude<LogTarget, LogKind> extends never ? true : never = true;
void everyKind;

/** What reading each kind needs (issue 29): the verbs of the tasks and risk pages check their own. */
export const KIND_PERMISSION = {
  audit: "logs.read",
  task: "tasks.read",
  traffic: "logs.read",
  nodeLatency: "logs.read",
  riskAccess: "risk.read",
  riskEvent: "risk.read",
} as const satisfies Record<LogKind, Permission>;

/** Kinds whose list, filters and search live on this page; the others reuse their own pages. */
export const OWN_LIST_KINDS = ["audit", "traffic", "nodeLatency"] as const satisfies readonly LogKind[];

export const ACTOR_KIND_CODES = ["user", "admin", "system", "agent", "cli", "anonymous", "token"] as const;
export const CARRIER_CODES = ["telecom", "unicom", "mobile"] as const;

/** Why a row cannot be deleted (the service refuses it with the same reason). */
export type KeptReason = "task_unfinished" | "restriction_active";

export type ColumnKey =
  | "actor" | "action" | "target" | "ip"
  | "kind" | "status" | "attempts" | "lastError"
  | "user" | "subscription" | "strategy" | "used" | "period"
  | "node" | "carrier" | "latency"
  | "place" | "outcome"
  | "reason" | "level" | "review" | "restriction";

/** One row of any kind: its id, time, the kind's columns as text, and an optional link. */
export interface LogEntryView {
  id: string;
  createdAt: Date;
  cells: Partial<Record<ColumnKey, string>>;
  /** A page with more about the row (the task list, the risk event, the subscription). */
  href: string | null;
  kept: KeptReason | null;
}

/** The columns each kind shows after the time (message keys under adminLogs.columns). */
export const COLUMNS: Record<LogKind, readonly ColumnKey[]> = {
  audit: ["actor", "action", "target", "ip"],
  task: ["kind", "status", "attempts", "lastError"],
  traffic: ["user", "subscription", "strategy", "used", "period"],
  nodeLatency: ["node", "carrier", "latency"],
  riskAccess: ["user", "ip", "place", "outcome"],
  riskEvent: ["user", "reason", "level", "review", "restriction"],
};

/** Filters per kind, as URL parameters ("" when not set; dates as ISO instants). */
export const FILTER_PARAMS: Record<LogKind, readonly string[]> = {
  audit: ["q", "actor", "actorKind", "action", "from", "to"],
  traffic: ["user", "sub", "from", "to"],
  nodeLatency: ["node", "carrier", "from", "to"],
  task: [],
  riskAccess: [],
  riskEvent: [],
};

/** The verb's field names for the URL's, so the server's field problems land on the right input. */
export const FIELD_OF_PARAM: Record<string, string> = { sub: "subscriptionId", node: "nodeId" };

export const isLogKind = (v: string | null): v is LogKind => LOG_KINDS.includes(v as LogKind);
