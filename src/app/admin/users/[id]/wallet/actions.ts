"use server";
// [wallet] An admin's credit or debit of one user's balance (the note is required and audited).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { adminCreditWallet } from "@/server/services/wallet/admin-wallet";

/** `{ amountMinor, note }`: a signed amount in minor units (negative takes money back). */
export async function adminCreditWalletAction(...a: [userId: string, input: { amountMinor: number; note: string }]) {
  return runAction(args(["userId", str], ["input", fields]), a, (ctx, [userId, input]) => adminCreditWallet(ctx, { userId }, input), { revalidate: ["/admin"], permission: "wallet.write" });
}
