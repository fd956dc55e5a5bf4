"use server";
// Gifts (issue 28 item 3): the recipient's claim on the gift page, and the buyer's "send the mail
// again" on the orders pages. Each verb checks the session itself (requireUser).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { claimGift, resendGiftMail } from "@/server/services/gifts";

/** Claims the gift the code names into the signed-in account; answers the new subscription's id. */
export async function claimGiftAction(...a: [code: string]) {
  return runAction(args(["code", str]), a, (ctx, [code]) => claimGift(ctx, { code }), { revalidate: ["/subscriptions", "/dashboard"] });
}

/** The buyer mails the recipient a new link (the old one stops working). */
export async function resendGiftMailAction(...a: [giftId: string]) {
  return runAction(args(["giftId", str]), a, (ctx, [giftId]) => resendGiftMail(ctx, giftId), { revalidate: ["/orders"] });
}
