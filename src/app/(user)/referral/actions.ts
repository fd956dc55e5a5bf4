"use server";
// The /referral page's Server Actions: ask for a payout, and [wallet] move commission to the balance
// (404 in the base edition). Amounts in minor units, parsed by the verbs.
import { args, fields } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { moveCommissionToBalance, requestReferralPayout } from "@/server/services/referral";

const PAGES = ["/referral", "/wallet"];

/** `{ amount, method, account }`: a payout of available commission, PENDING until an admin decides. */
export async function requestReferralPayoutAction(...a: [input: { amount: number; method: string; account: string }]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => requestReferralPayout(ctx, input), { revalidate: PAGES });
}

/** `{ amount? }`: available commission (all of it without an amount) to the balance at once. */
export async function moveCommissionToBalanceAction(...a: [input: { amount?: number }]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => moveCommissionToBalance(ctx, input), { revalidate: PAGES });
}
