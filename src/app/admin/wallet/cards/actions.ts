"use server";
// [wallet] Admin prepaid cards (interface.md "Admin, recharge cards"): generate a batch (the codes
// come back in this answer only) and delete an unused card. Admins only: the wrapper refuses anyone
// else before reading the arguments, and each verb checks again (and refuses in the base edition).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import * as wallet from "@/server/services/wallet";

const OPTS = { revalidate: ["/admin/wallet/cards"], permission: "wallet.write" as const };

/** `{ kind: BALANCE | PLAN, count, amountMinor? | planId? (+ trafficGb for slider plans), expiresAt?, note? }`. */
export async function generateCards(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => wallet.generateCards(ctx, input), OPTS);
}

export async function deleteCard(...a: [cardId: string]) {
  return runAction(args(["cardId", str]), a, (ctx, [cardId]) => wallet.deleteCard(ctx, cardId), OPTS);
}
