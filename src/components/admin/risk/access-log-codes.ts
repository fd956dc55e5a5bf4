// What the risk access log page hands its client components: plain values only. The code lists are
// repeated here so client code does not pull the database schema (drizzle) into the browser bundle.
import type { AccessOutcome, AccessSource } from "@/server/db/schema/delivery";

export const ACCESS_SOURCE_CODES = ["API", "NODE"] as const satisfies readonly AccessSource[];
export const ACCESS_OUTCOME_CODES = [
  "OK",
  "token_missing",
  "token_invalid",
  "owner_disabled",
  "suspended",
  "restricted",
  "expired",
  "cancelled",
  "rate_limited",
  "device_limit",
] as const satisfies readonly AccessOutcome[];
// Fails to compile when the schema gains an outcome this list (and the filter) lacks.
const everyOutcome: Exclude<AccessOutcome, (typeof ACCESS_OUTCOME_CODES)[number]> extends never ? true : never = true;
void everyOutcome;

export interface AccessLogView {
  id: number;
  createdAt: Date;
  userId: string | null;
  email: string | null;
  subscriptionId: string | null;
  source: AccessSource;
  outcome: AccessOutcome;
  ip: string;
  country: string;
  region: string;
  city: string;
  userAgent: string;
  format: string;
  nodeName: string | null;
  inboundTag: string;
  network: string;
  connectionCount: number | null;
  uniqueTargetCount: number | null;
}

/** The filters as they stand in the URL (dates as ISO instants); "" when not set. */
export interface AccessLogFilterValues {
  user: string;
  userId: string;
  ip: string;
  country: string;
  sub: string;
  source: string;
  outcome: string;
  node: string;
  from: string;
  to: string;
}

export const FILTER_PARAMS = ["user", "userId", "ip", "country", "sub", "source", "outcome", "node", "from", "to"] as const satisfies readonly (keyof AccessLogFilterValues)[];

/** The verb's field names for the URL's, so the server's field problems land on the right input. */
export const FIELD_OF_PARAM: Record<keyof AccessLogFilterValues, string> = {
  user: "user",
  userId: "userId",
  ip: "ip",
  country: "country",
  sub: "subscriptionId",
  source: "source",
  outcome: "outcome",
  node: "nodeId",
  from: "from",
  to: "to",
};

/** A NODE row that went through is a connection, not a "served" fetch. */
export const outcomeKey = (r: Pick<AccessLogView, "source" | "outcome">): AccessOutcome | "NODE_OK" => (r.source === "NODE" && r.outcome === "OK" ? "NODE_OK" : r.outcome);

export const outcomeColor = (o: AccessOutcome): string => (o === "OK" ? "teal" : o === "rate_limited" ? "yellow" : "red");

/** A Date as an <input type="datetime-local"> value in the browser's zone, and back to an instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const fromLocalInput = (v: string): string => {
  const d = v ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : "";
};
