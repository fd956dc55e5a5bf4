// The plan form's values: the plan as typed (money as text, counts as text or numbers), made from
// a stored plan or the defaults, and the types the sections share.
import type { ReactNode } from "react";
import { moneyText, type IntText } from "./fields";

export type Kind = "PROXY" | "TRIAL" | "STREAMING";
export type Pricing = "FIXED" | "SLIDER";
export type Renewal = "NONE" | "FIXED" | "PER_DAY";
export type Topup = "NONE" | "PER_GB" | "FIXED";
export type TrafficReset = "NEVER" | "MONTHLY_PURCHASE_DAY" | "MONTHLY_FIRST";

/** The form's choices (listPlanChoices). */
export interface PlanChoicesView {
  nodes: { id: string; name: string; visibility: string; inbounds: { id: string; name: string; protocol: string; port: number; enabled: boolean }[] }[];
  streamingServices: { id: string; name: string; enabled: boolean }[];
}

/** A stored plan, for editing (getPlanAdmin). */
export interface EditablePlan {
  id: string;
  kind: Kind;
  name: string;
  description: string;
  nodeId: string | null;
  inboundIds: string[];
  streamingServiceId: string | null;
  pricingMode: Pricing;
  priceMinor: number;
  trafficGb: number;
  pricePerGbMinor: number;
  minGb: number;
  maxGb: number;
  durationDays: number;
  renewalMode: Renewal;
  renewalPriceMinor: number;
  renewalPricePerDayMinor: number;
  topupMode: Topup;
  trafficResetStrategy: TrafficReset;
  topupPricePerGbMinor: number;
  topupGb: number;
  topupPriceMinor: number;
  stockTotal: number | null;
  stockHeld: number;
  perUserLimit: number | null;
  deviceLimit: number;
  visibility: "PUBLIC" | "HIDDEN";
  featured: boolean;
  sortOrder: number;
}

export interface Limits {
  trialMaxDays: number;
  maxDays: number;
  maxGb: number;
}

export const MONEY = ["priceMinor", "pricePerGbMinor", "renewalPriceMinor", "renewalPricePerDayMinor", "topupPricePerGbMinor", "topupPriceMinor"] as const;
export type MoneyKey = (typeof MONEY)[number];

export function initial(plan?: EditablePlan) {
  const n = (v: number | undefined, zeroEmpty = true): IntText => (v === undefined || (zeroEmpty && v === 0) ? "" : v);
  return {
    kind: (plan?.kind ?? "PROXY") as Kind,
    name: plan?.name ?? "",
    description: plan?.description ?? "",
    nodeId: plan?.nodeId ?? null,
    inboundIds: plan?.inboundIds ?? [],
    streamingServiceId: plan?.streamingServiceId ?? null,
    pricingMode: (plan?.pricingMode ?? "FIXED") as Pricing,
    money: Object.fromEntries(MONEY.map((k) => [k, plan && (plan[k] !== 0 || (k === "priceMinor" && plan.pricingMode === "FIXED")) ? moneyText(plan[k]) : ""])) as Record<MoneyKey, string>,
    trafficGb: n(plan?.trafficGb),
    minGb: n(plan?.minGb),
    maxGb: n(plan?.maxGb),
    durationDays: n(plan?.durationDays ?? 30),
    renewalMode: (plan?.renewalMode ?? "NONE") as Renewal,
    topupMode: (plan?.topupMode ?? "NONE") as Topup,
    trafficResetStrategy: (plan?.trafficResetStrategy ?? "NEVER") as TrafficReset,
    topupGb: n(plan?.topupGb),
    stockTotal: plan?.stockTotal ?? ("" as IntText),
    perUserLimit: plan?.perUserLimit ?? ("" as IntText),
    deviceLimit: (plan?.deviceLimit ?? 0) as IntText,
    visible: (plan?.visibility ?? "PUBLIC") === "PUBLIC",
    featured: plan?.featured ?? false,
    sortOrder: (plan?.sortOrder ?? 0) as IntText,
  };
}

export type PlanValues = ReturnType<typeof initial>;

/** What every section of the form reads and writes. */
export interface PlanFormApi {
  v: PlanValues;
  setV: (f: (v: PlanValues) => PlanValues) => void;
  set: <K extends keyof PlanValues>(k: K) => (value: PlanValues[K]) => void;
  fields: Record<string, string>;
  money: (k: MoneyKey, label: string) => ReactNode;
  plan?: EditablePlan;
  choices: PlanChoicesView;
  limits: Limits;
  proxyKind: boolean;
  trial: boolean;
  pricing: Pricing;
  renewal: Renewal;
  topup: Topup;
  node: PlanChoicesView["nodes"][number] | undefined;
}

