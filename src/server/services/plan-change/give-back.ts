// Money a plan change owes its user: a downgrade's leftover credit, or the amount paid for a change
// that could no longer apply. The wallet edition credits the balance (a PLAN_CHANGE_CREDIT movement
// whose idempotency key names the change and the purpose, so it can never be paid twice); the base
// edition, which has no balance, grants a personal coupon worth the amount ("PC-…", one use).
import type { Db as Tx } from "../../db/client";
import type { PlanChangeCreditDestination } from "../../db/schema/plan-changes";
import { isWallet } from "../../env";
import { issueCreditCoupon } from "../catalog/credit-coupon";
import { moveBalance } from "../wallet/ledger";

export interface GivenBack {
  amountMinor: number;
  to: PlanChangeCreditDestination;
  couponId: string | null;
  couponCode: string | null;
}

export interface GiveBackInput {
  userId: string;
  amountMinor: number;
  changeId: string;
  /** leftover: credit beyond the new price; refund: a paid change that did not apply. */
  purpose: "leftover" | "refund";
  note: string;
  now: Date;
}

export async function giveBack(tx: Tx, g: GiveBackInput): Promise<GivenBack> {
  if (isWallet()) {
    await moveBalance(tx, {
      userId: g.userId,
      kind: "PLAN_CHANGE_CREDIT",
      amountMinor: g.amountMinor,
      referenceType: "plan_change",
      referenceId: g.changeId,
      idempotencyKey: `plan-change-${g.purpose}:${g.changeId}`,
      note: g.note,
      now: g.now,
    });
    return { amountMinor: g.amountMinor, to: "BALANCE", couponId: null, couponCode: null };
  }
  const coupon = await issueCreditCoupon(tx, { userId: g.userId, amountMinor: g.amountMinor, prefix: "PC", now: g.now });
  return { amountMinor: g.amountMinor, to: "COUPON", couponId: coupon.id, couponCode: coupon.code };
}
