// The codes the subscription pages offer and show, kept here so client code does not pull in the
// database schema (drizzle) into the browser bundle. `satisfies` ties each list to the schema's type.
import type { AccessOutcome, AccessSource } from "@/server/db/schema/delivery";
import type { NodeClientState, SubscriptionKind, SubscriptionStatus } from "@/server/db/schema/commerce";
import type { TrafficResetStrategy } from "@/server/db/schema/catalog";
import type { Permission } from "@/server/auth/permissions";

export const SUBSCRIPTION_STATUS_CODES = ["ACTIVE", "SUSPENDED", "EXPIRED", "CANCELLED"] as const satisfies readonly SubscriptionStatus[];
export const SUBSCRIPTION_KIND_CODES = ["PROXY", "STREAMING"] as const satisfies readonly SubscriptionKind[];
export const PANEL_STATE_CODES = ["PENDING", "SYNCED", "ERROR"] as const satisfies readonly NodeClientState[];
export const ACCESS_OUTCOME_CODES = ["OK", "token_missing", "token_invalid", "owner_disabled", "suspended", "restricted", "expired", "cancelled", "rate_limited", "device_limit"] as const satisfies readonly AccessOutcome[];
export const ACCESS_SOURCE_CODES = ["API", "NODE"] as const satisfies readonly AccessSource[];
export const RESET_STRATEGY_CODES = ["NEVER", "MONTHLY_PURCHASE_DAY", "MONTHLY_FIRST"] as const satisfies readonly TrafficResetStrategy[];

/** The operations of batchSubscriptionOperation (its form field `op`). */
export const SUBSCRIPTION_OPS = ["suspend", "activate", "cancel", "delete"] as const;
export type SubscriptionOp = (typeof SUBSCRIPTION_OPS)[number];
/** What each operation needs (issue 29, the actions' and verbs' own permissions): support suspends and activates only. */
export const OP_PERMISSION = { suspend: "subscriptions.suspend", activate: "subscriptions.suspend", cancel: "subscriptions.write", delete: "subscriptions.write" } as const satisfies Record<SubscriptionOp, Permission>;

/** What the admin list hands the browser for one subscription. */
export interface SubscriptionRow {
  id: string;
  email: string;
  planName: string;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  trial: boolean;
  riskRestricted: boolean;
  nodeName: string | null;
  streamingName: string | null;
  expiresAt: Date;
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  createdAt: Date;
}

/** The list and the pages show the first block of an id; search accepts it (prefix match). */
export const shortId = (id: string) => id.slice(0, 8);

/**
 * Which operations the buttons offer for a status (the service has the last word and says why it
 * refuses). Delete is always offered: it is how an admin removes a mistaken grant.
 */
export function opsFor(s: { status: SubscriptionStatus; expiresAt: Date }, now = Date.now()): SubscriptionOp[] {
  const ops: SubscriptionOp[] = [];
  if (s.status === "ACTIVE") ops.push("suspend");
  if (s.status === "SUSPENDED" && s.expiresAt.getTime() > now) ops.push("activate");
  if (s.status !== "CANCELLED") ops.push("cancel");
  ops.push("delete");
  return ops;
}
