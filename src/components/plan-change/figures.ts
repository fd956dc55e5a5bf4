// One shape for the arithmetic of a plan change, whether it comes from a preview (the quote) or from
// an order (the stored change), so the dialog, the pay page, the order page and the admin's drawer
// show the same rows. Type imports only: no server code reaches the browser.
import type { PlanChangeCreditDestination, PlanChangeMeasure } from "@/server/db/schema/plan-changes";
import type { PlanChangeQuote } from "@/server/services/plan-change/quote";
import type { PlanChangeView } from "@/server/services/plan-change/view";

export interface PlanChangeFigures {
  currency: string;
  fromPlanName: string;
  toPlanName: string;
  basis: string;
  measure: PlanChangeMeasure;
  msLeft: number;
  termMs: number;
  trafficLeftBytes: number;
  trafficLimitBytes: number;
  /** Known for a preview: false when traffic does not measure the term (a monthly allowance). */
  trafficMeasures: boolean | null;
  unusedNumerator: number;
  unusedDenominator: number;
  termValueMinor: number;
  creditMinor: number;
  newPriceMinor: number;
  dueMinor: number;
  leftoverMinor: number;
  forfeitedMinor: number;
  leftoverTo: PlanChangeCreditDestination;
  newTrafficGb: number;
  newDurationDays: number;
}

export const figuresOfQuote = (q: PlanChangeQuote): PlanChangeFigures => ({
  currency: q.currency,
  fromPlanName: q.from.planName,
  toPlanName: q.to.planName,
  basis: q.basis,
  measure: q.measure,
  msLeft: q.msLeft,
  termMs: q.termMs,
  trafficLeftBytes: q.trafficLeftBytes,
  trafficLimitBytes: q.trafficLimitBytes,
  trafficMeasures: q.trafficMeasures,
  unusedNumerator: q.unusedNumerator,
  unusedDenominator: q.unusedDenominator,
  termValueMinor: q.termValueMinor,
  creditMinor: q.creditMinor,
  newPriceMinor: q.newPriceMinor,
  dueMinor: q.dueMinor,
  leftoverMinor: q.leftoverMinor,
  forfeitedMinor: q.forfeitedMinor,
  leftoverTo: q.leftoverTo,
  newTrafficGb: q.to.trafficGb,
  newDurationDays: q.to.durationDays,
});

export function figuresOfView(v: PlanChangeView): PlanChangeFigures {
  const end = Date.parse(v.termEnd);
  return {
    currency: v.currency,
    fromPlanName: v.fromPlanName,
    toPlanName: v.toPlanName,
    basis: v.basis,
    measure: v.measure,
    msLeft: Math.max(0, end - Date.parse(v.quotedAt)),
    termMs: Math.max(0, end - Date.parse(v.termStart)),
    trafficLeftBytes: Math.max(0, v.trafficLimitBytes - v.trafficUsedBytes),
    trafficLimitBytes: v.trafficLimitBytes,
    trafficMeasures: null,
    unusedNumerator: v.unusedNumerator,
    unusedDenominator: v.unusedDenominator,
    termValueMinor: v.termValueMinor,
    creditMinor: v.creditMinor,
    newPriceMinor: v.newPriceMinor,
    dueMinor: v.dueMinor,
    leftoverMinor: v.leftoverMinor,
    forfeitedMinor: Math.max(0, v.creditMinor - v.newPriceMinor - v.leftoverMinor),
    leftoverTo: v.leftoverTo,
    newTrafficGb: v.newTrafficGb,
    newDurationDays: v.newDurationDays,
  };
}
