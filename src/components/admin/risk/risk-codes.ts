// The codes the risk event pages offer and show, repeated here so client code does not pull the
// database schema (drizzle) into the browser bundle; `satisfies` ties each list to the schema's type.
import type { RiskFinalAction, RiskLevel, RiskReason, RiskReviewStatus } from "@/server/db/schema/risk";

export const RISK_REASON_CODES = ["COUNTRY_CHANGE", "REGION_CHANGE", "CITY_CHANGE", "NODE_HIGH_FREQUENCY", "SCATTERED_TARGETS"] as const satisfies readonly RiskReason[];
export const RISK_LEVEL_CODES = ["WARNING", "SUSPEND"] as const satisfies readonly RiskLevel[];
export const RISK_REVIEW_CODES = ["OPEN", "ACKNOWLEDGED", "RESOLVED"] as const satisfies readonly RiskReviewStatus[];
/** NONE: no decision yet (the list's filter). */
export const RISK_FINAL_CODES = ["NONE", "RELEASED", "KEPT_BANNED"] as const satisfies readonly (RiskFinalAction | "NONE")[];
export const RESTRICTION_CODES = ["true", "false"] as const;

/** What the list hands the browser for one event. */
export interface RiskEventView {
  id: string;
  email: string;
  subscriptionId: string | null;
  planName: string | null;
  reason: RiskReason;
  level: RiskLevel;
  day: string;
  reviewStatus: RiskReviewStatus;
  restrictionActive: boolean;
  reportSentAt: Date | null;
  finalAction: RiskFinalAction | null;
  createdAt: Date;
}

export const shortId = (id: string) => id.slice(0, 8);

/** The decisions the page offers for an event as it stands (the service has the last word). */
export function decisionsFor(e: { report: string | null; reportSentAt: Date | null; finalAction: RiskFinalAction | null }) {
  const open = e.finalAction === null;
  return { generate: true, send: open && !!e.report && !e.reportSentAt, release: open, keep: open };
}
