// [wallet] The fee of a subscription transfer (behaviour §13): a fixed amount, or a percent of the
// plan's price, paid by the sender (when the push is made) or by the receiver (when they accept).
// Pure: the service reads the settings and the plan, this works out the amount in minor units.
import type { FeeBearer, Plan } from "../../db/schema";
import type { Settings } from "../settings/schema";

const GIB = 1024 ** 3;
const MAX_FEE = 2_147_483_647n;

export type TransferFeeSettings = Pick<Settings, "transferFeeKind" | "transferFeeValue" | "transferFeeBearer">;

/**
 * The plan's price for this subscription: a fixed-price plan's price; for a per-GB plan, the
 * subscription's traffic (within the plan's range) at the plan's price per GB, i.e. what the same
 * subscription costs new.
 */
export function planPriceMinor(plan: Pick<Plan, "pricingMode" | "priceMinor" | "pricePerGbMinor" | "minGb" | "maxGb" | "kind">, trafficLimitBytes: number): number {
  if (plan.pricingMode !== "SLIDER" || plan.kind === "STREAMING") return plan.priceMinor;
  const gb = Math.round(trafficLimitBytes / GIB);
  const clamped = Math.min(Math.max(gb, plan.minGb), plan.maxGb > 0 ? plan.maxGb : gb);
  return plan.pricePerGbMinor * clamped;
}

/** FIXED: the value itself; PERCENT: value % of the price, rounded half up, in exact integer arithmetic. */
export function transferFeeMinor(settings: TransferFeeSettings, priceMinor: number): number {
  if (settings.transferFeeKind === "FIXED") return settings.transferFeeValue;
  const fee = (BigInt(priceMinor) * BigInt(settings.transferFeeValue) + 50n) / 100n;
  // The column is a 32-bit integer; a percent far above 100 of a large price is capped, not an error.
  return Number(fee > MAX_FEE ? MAX_FEE : fee);
}

export interface TransferTerms {
  feeMinor: number;
  feeBearer: FeeBearer;
}

export const transferTerms = (settings: TransferFeeSettings, priceMinor: number): TransferTerms => ({
  feeMinor: transferFeeMinor(settings, priceMinor),
  feeBearer: settings.transferFeeBearer,
});
