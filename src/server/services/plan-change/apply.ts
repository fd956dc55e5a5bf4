// Applying a paid plan change to its subscription (issue 28 item 2). Called by provisionOrder for a
// PLAN_CHANGE line inside the transaction that marked the order paid.
import type { Db as Tx } from "../../db/client";
import type { Order, OrderItem, Plan } from "../../db/schema";

/** Moves the line's target subscription to the line's plan; returns the subscription id. */
export async function applyPlanChange(_tx: Tx, _order: Order, item: OrderItem, _plan: Plan, _now: Date): Promise<string> {
  throw new Error(`plan change of order line ${item.id}: not built yet`);
}
