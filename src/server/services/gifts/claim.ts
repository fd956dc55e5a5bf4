// Claiming a gift (issue 28 item 3). The link is the bearer secret: whoever holds it and is signed in
// with an active account claims it, whatever address the mail went to (the recipient may register
// with another one), as most shops do. The door is one conditional update, UNCLAIMED (and not past
// its expiry) -> CLAIMED; the line is provisioned for the claimer in the same transaction
// (createSubscription), so two claims at once provision once and the loser is told it was claimed.
//
// Lock order: the order row first, as the refund (PAID -> REFUNDED) and the expiry job take it, so a
// claim racing either waits for it and then sees what it decided; then the gift, then the claimer.
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { gifts, orderItems, orders, plans, users, type Gift } from "../../db/schema";
import { conflict, forbidden } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { heldElsewhere } from "../orders/place-order";
import { createSubscription } from "../provisioning/provision-order";
import { kickTasks } from "../tasks";
import { giftByCode } from "./find";
import { maskEmail } from "./mask-email";
import { describeGift, tellBuyer } from "./words";

export const ClaimGiftInput = z.object({ code: z.string().trim().min(1).max(200) });

export interface ClaimedGift { giftId: string; subscriptionId: string; planName: string }

/** Why a gift that is not claimable now cannot be claimed (409), from its stored state. */
export function unclaimable(gift: Pick<Gift, "status" | "expiresAt">, orderStatus: string | undefined, now: Date) {
  if (gift.status === "CLAIMED") return conflict("gift_claimed");
  if (gift.status === "EXPIRED" || (gift.status === "UNCLAIMED" && gift.expiresAt <= now)) return conflict("gift_expired");
  if (gift.status === "CANCELLED" || orderStatus !== "PAID") return conflict("gift_cancelled");
  return null;
}

export async function claimGift(ctx: Ctx, raw: unknown): Promise<ClaimedGift> {
  const { userId } = requireUser(ctx);
  const { code } = parseInput(ClaimGiftInput, raw);
  const found = await giftByCode(ctx, code);
  const now = ctx.now();
  const claimed = await ctx.db.transaction((tx) => claimIn(ctx, tx, found.id, found.orderId, userId, now));
  kickTasks(); // the claimer's panel clients are created after commit
  return claimed;
}

async function claimIn(ctx: Ctx, tx: Tx, giftId: string, orderId: string, userId: string, now: Date): Promise<ClaimedGift> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  const [current] = await tx.select().from(gifts).where(eq(gifts.id, giftId));
  const refusal = current ? unclaimable(current, order?.status, now) : conflict("gift_cancelled");
  if (refusal) throw refusal;
  const [claimer] = await tx.select({ status: users.status, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  if (!claimer || claimer.status !== "ACTIVE") throw forbidden("account_inactive");
  // The door: of any number of concurrent claims exactly one gets the row.
  const [gift] = await tx
    .update(gifts)
    .set({ status: "CLAIMED", claimedById: userId, claimedAt: now, updatedAt: now })
    .where(and(eq(gifts.id, giftId), eq(gifts.status, "UNCLAIMED"), gt(gifts.expiresAt, now)))
    .returning();
  if (!gift) throw unclaimable((await tx.select().from(gifts).where(eq(gifts.id, giftId)))[0]!, order!.status, now) ?? conflict("gift_claimed");
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, gift.orderItemId));
  const [plan] = await tx.select().from(plans).where(eq(plans.id, item!.planId));
  // The plan's per-person limit counts for the claimer, under their row lock (as a purchase does).
  if (plan!.perUserLimit !== null && item!.holdsStock && (await heldElsewhere(tx, userId, plan!.id)) + 1 > plan!.perUserLimit) {
    throw conflict("plan_user_limit", { limit: plan!.perUserLimit });
  }
  const subscriptionId = await createSubscription(tx, order!, item!, plan!, now, userId);
  await tx.update(gifts).set({ subscriptionId }).where(eq(gifts.id, gift.id));
  await recordAudit(ctx, { action: "gift.claimed", targetType: "gift", targetId: gift.id, metadata: { orderId: order!.id, orderNo: order!.orderNo, subscriptionId, buyerId: gift.buyerId } }, tx);
  const terms = { planName: plan!.name, planKind: plan!.kind, trafficGb: item!.trafficGb, durationDays: item!.durationDays };
  await tellBuyer(tx, gift.buyerId, gift.id, order!.id, "claimed", { gift: (l) => describeGift(l, terms), email: gift.recipientEmail, claimer: maskEmail(claimer.email) });
  return { giftId: gift.id, subscriptionId, planName: plan!.name };
}
