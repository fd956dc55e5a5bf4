"use server";
// [wallet] Admin recharge orders under the contract's names (interface.md "Admin, recharge orders"):
// thin wrappers; admins only (refused before the arguments are read, and every verb checks again).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import * as wallet from "@/server/services/wallet";

const OPTS = { revalidate: ["/admin/wallet/recharges"], permission: "wallet.write" as const };
const Id = args(["id", str]);

/** Credits the pending recharge at once (exactly once). */
export async function confirmAdminWalletRecharge(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => wallet.confirmAdminWalletRecharge(ctx, id), OPTS);
}

/** Cancels the pending recharge; the balance is not touched. */
export async function cancelAdminWalletRecharge(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => wallet.cancelAdminWalletRecharge(ctx, id), OPTS);
}

/** Deletes the record; a credited balance is not rolled back and its ledger rows stay. */
export async function deleteAdminWalletRecharge(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => wallet.deleteAdminWalletRecharge(ctx, id), OPTS);
}
