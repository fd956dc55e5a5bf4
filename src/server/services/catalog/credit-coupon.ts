// A personal coupon worth a fixed amount (issue 28): how the base edition, which has no balance,
// gives back value it owes a user (a downgrade's unused credit, an unclaimed gift's price). GRANTED
// to that user alone, one use, valid a year; the code is random and shown only to its owner.
import { randomBytes } from "node:crypto";
import type { Db as Tx } from "../../db/client";
import { couponGrants, coupons, type Coupon } from "../../db/schema";

const VALID_DAYS = 365;

export interface CreditCouponInput {
  userId: string;
  amountMinor: number;
  /** Shown in the code's prefix so the owner can tell credits apart: "PC" plan change, "GF" gift. */
  prefix: "PC" | "GF";
  now: Date;
}

/** Creates the coupon and grants it to the user, in the caller's transaction. */
export async function issueCreditCoupon(tx: Tx, c: CreditCouponInput): Promise<Coupon> {
  if (!Number.isSafeInteger(c.amountMinor) || c.amountMinor <= 0) throw new Error(`credit coupon of ${c.amountMinor}`);
  const code = `${c.prefix}-${randomBytes(6).toString("hex").toUpperCase()}`;
  const [coupon] = await tx
    .insert(coupons)
    .values({
      code,
      kind: "AMOUNT",
      amountOffMinor: c.amountMinor,
      totalLimit: 1,
      perUserLimit: 1,
      audience: "GRANTED",
      startsAt: c.now,
      endsAt: new Date(c.now.getTime() + VALID_DAYS * 86_400_000),
      createdAt: c.now,
      updatedAt: c.now,
    })
    .returning();
  await tx.insert(couponGrants).values({ couponId: coupon!.id, userId: c.userId, createdAt: c.now });
  return coupon!;
}
