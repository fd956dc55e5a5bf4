"use server";
// [wallet] Admin, transfers: the contract's deleteAdminSubscriptionTransfer(id). An awaiting transfer
// is cancelled (subscription restored, fee refunded) and removed; any other loses its history row only.
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { deleteAdminSubscriptionTransfer as remove } from "@/server/services/wallet";

export async function deleteAdminSubscriptionTransfer(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => remove(ctx, id), { permission: "wallet.write", revalidate: ["/admin/wallet/transfers", "/admin/subscriptions"] });
}
