// The plan-change area's public face (issue 28 item 2): the owner's preview, options and order;
// provisionOrder calls apply.ts itself, releaseOrder calls close.ts, and the order pages read view.ts.
export { previewPlanChange, listPlanChangeOptions, PlanChangeInput, type PlanChangeChoice, type PlanChangeOptions } from "./preview";
export { orderPlanChange } from "./order";
export { planChangeOffered } from "./offered";
export type { PlanChangeView } from "./view";
export { prorate, unusedShare, shareOf, type CreditBasis, type Proration, type UnusedShare } from "./proration";
export type { PlanChangeQuote } from "./quote";
