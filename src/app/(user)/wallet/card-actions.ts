"use server";
// [wallet] The wallet page's card redemption (contract: "wallet: redeem card"), the same verb as
// POST /api/wallet/redeem-card.
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { redeemCard as redeem } from "@/server/services/wallet";

export async function redeemCard(...a: [code: string]) {
  return runAction(args(["code", str]), a, (ctx, [code]) => redeem(ctx, { code }), { revalidate: ["/wallet", "/subscriptions", "/orders"] });
}
