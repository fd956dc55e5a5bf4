// [wallet] The balance part of a split payment (behaviour §13). A hold is a wallet_holds row plus a
// HOLD ledger row (the money leaves the spendable balance when the gateway attempt is created); it
// ends exactly once, by a conditional update of its status: CAPTURED when the order settles (no
// money moves: it already left), or RELEASED when the order is cancelled or expires, or the buyer
// changes the plan (a HOLD_RELEASE row gives it back). The partial unique index allows one HELD hold
// per order; every caller holds the order's row lock (or has just passed its status door), so the
// hold of an order and the order's status change together.
import { and, eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { walletHolds, type WalletHold } from "../../db/schema";
import { moveBalance } from "./ledger";

/** The order's open hold, if any. */
export async function heldHoldOf(tx: Tx, orderId: string): Promise<WalletHold | undefined> {
  const [hold] = await tx.select().from(walletHolds).where(and(eq(walletHolds.orderId, orderId), eq(walletHolds.status, "HELD")));
  return hold;
}

/**
 * Sets `amountMinor` aside for the order: an open hold of the same amount is kept, one of another
 * amount is released first. Throws insufficient_balance (and the caller's transaction with it) when
 * the balance is short. Call with the order's row locked and the order pending.
 */
export async function placeHold(tx: Tx, h: { userId: string; orderId: string; amountMinor: number; now: Date; actorId?: string | null }): Promise<{ hold: WalletHold; placed: boolean }> {
  const open = await heldHoldOf(tx, h.orderId);
  if (open && open.amountMinor === h.amountMinor) return { hold: open, placed: false };
  if (open) await releaseHold(tx, open, h.now, "replaced");
  const [hold] = await tx.insert(walletHolds).values({ userId: h.userId, orderId: h.orderId, amountMinor: h.amountMinor, status: "HELD", createdAt: h.now }).returning();
  await moveBalance(tx, {
    userId: h.userId,
    kind: "HOLD",
    amountMinor: -h.amountMinor,
    referenceType: "order",
    referenceId: h.orderId,
    idempotencyKey: `hold:${hold!.id}`,
    actorId: h.actorId ?? null,
    now: h.now,
  });
  return { hold: hold!, placed: true };
}

/** HELD -> RELEASED and the money back, once; false when the hold was no longer open. */
export async function releaseHold(tx: Tx, hold: WalletHold, now: Date, why: string): Promise<boolean> {
  const [released] = await tx
    .update(walletHolds)
    .set({ status: "RELEASED", resolvedAt: now })
    .where(and(eq(walletHolds.id, hold.id), eq(walletHolds.status, "HELD")))
    .returning();
  if (!released) return false;
  await moveBalance(tx, {
    userId: released.userId,
    kind: "HOLD_RELEASE",
    amountMinor: released.amountMinor,
    referenceType: "order",
    referenceId: released.orderId,
    idempotencyKey: `hold-release:${released.id}`,
    note: why,
    now,
  });
  return true;
}

/** The order's open hold (if any) released: the order was cancelled or expired (releaseOrder). */
export async function releaseHoldOf(tx: Tx, orderId: string, now: Date, why: string): Promise<WalletHold | undefined> {
  const open = await heldHoldOf(tx, orderId);
  return open && (await releaseHold(tx, open, now, why)) ? open : undefined;
}

/** The order's open hold (if any) captured: the order settled (settleOrder). No money moves. */
export async function captureHoldOf(tx: Tx, orderId: string, now: Date): Promise<WalletHold | undefined> {
  const [captured] = await tx
    .update(walletHolds)
    .set({ status: "CAPTURED", resolvedAt: now })
    .where(and(eq(walletHolds.orderId, orderId), eq(walletHolds.status, "HELD")))
    .returning();
  return captured;
}
