// The buyer has the recipient's mail sent again (it went to spam, or was deleted). Only a keyed hash
// of the code is stored, so the mail carries a new code and the old link stops working: one
// conditional update swaps the hash while the gift still waits, at most MAX_GIFT_MAILS mails in all
// (each one mails an address the buyer typed).
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { gifts, orderItems, orders } from "../../db/schema";
import { conflict } from "../../errors";
import { recordAudit } from "../audit";
import { kickTasks } from "../tasks";
import { unclaimable } from "./claim";
import { newGiftCode } from "./codes";
import { giftNotFound } from "./find";
import { queueGiftMail } from "./mail";
import { MAX_GIFT_MAILS } from "./my-gifts";

export async function resendGiftMail(ctx: Ctx, giftId: string): Promise<{ mailCount: number }> {
  const { userId } = requireUser(ctx);
  const id = z.uuid().safeParse(giftId);
  if (!id.success) throw giftNotFound();
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [own] = await tx.select().from(gifts).where(and(eq(gifts.id, id.data), eq(gifts.buyerId, userId)));
    if (!own) throw giftNotFound();
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, own.orderId));
    const refusal = unclaimable(own, order?.status, now);
    if (refusal) throw refusal;
    const { code, hash } = newGiftCode();
    const [gift] = await tx
      .update(gifts)
      .set({ codeHash: hash, mailCount: sql`${gifts.mailCount} + 1`, updatedAt: now })
      .where(and(eq(gifts.id, own.id), eq(gifts.status, "UNCLAIMED"), gt(gifts.expiresAt, now), lt(gifts.mailCount, MAX_GIFT_MAILS)))
      .returning();
    if (!gift) throw own.mailCount >= MAX_GIFT_MAILS ? conflict("gift_mail_limit", { max: MAX_GIFT_MAILS }) : conflict("gift_claimed");
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, gift.orderItemId));
    await queueGiftMail(tx, gift, item!, code);
    await recordAudit(ctx, { action: "gift.resent", targetType: "gift", targetId: gift.id, metadata: { orderId: gift.orderId, mailCount: gift.mailCount } }, tx);
    return { mailCount: gift.mailCount };
  });
  kickTasks();
  return result;
}
