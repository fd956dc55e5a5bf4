// What the gift page shows to whoever holds the link (signed in or not): what the gift is, who sent
// it, until when it can be claimed, and its state. The code is the bearer secret, so the answer
// never carries the recipient's address or the buyer's, only the buyer's name or a masked address;
// unknown codes are counted against guessing (find.ts).
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { orderItems, orders, plans, users, type GiftStatus, type PlanKind } from "../../db/schema";
import { giftByCode } from "./find";
import { senderLabel } from "./words";

export interface GiftView {
  /** UNCLAIMED past its expiry reads EXPIRED here, before the job gets to it. */
  status: GiftStatus;
  planName: string;
  planKind: PlanKind;
  trafficGb: number;
  durationDays: number;
  sender: string;
  expiresAt: Date;
  /** The order was refunded (or a refund is under way): nothing to claim. */
  cancelled: boolean;
  /** Signed in: whether this caller is the one who claimed it (the page then leads to the subscription). */
  claimedByYou: boolean;
  subscriptionId: string | null;
}

/** Public by design (the link is the secret): see tests/auth/read-verbs-check-caller.test.ts NO_CALLER. */
export async function getGiftByCode(ctx: Ctx, code: string): Promise<GiftView> {
  const gift = await giftByCode(ctx, typeof code === "string" ? code.trim() : "");
  const [row] = await ctx.db
    .select({ plan: plans, item: orderItems, buyerName: users.name, buyerEmail: users.email, orderStatus: orders.status })
    .from(orderItems)
    .innerJoin(plans, eq(plans.id, orderItems.planId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orderItems.id, gift.orderItemId));
  const now = ctx.now();
  const status: GiftStatus = gift.status === "UNCLAIMED" && gift.expiresAt <= now ? "EXPIRED" : gift.status;
  const mine = !!ctx.actor.userId && gift.claimedById === ctx.actor.userId;
  return {
    status,
    planName: row!.plan.name,
    planKind: row!.plan.kind,
    trafficGb: row!.item.trafficGb,
    durationDays: row!.item.durationDays,
    sender: senderLabel({ name: row!.buyerName, email: row!.buyerEmail }),
    expiresAt: gift.expiresAt,
    cancelled: gift.status === "CANCELLED" || (gift.status === "UNCLAIMED" && row!.orderStatus !== "PAID"),
    claimedByYou: mine,
    subscriptionId: mine ? gift.subscriptionId : null,
  };
}
