import { requireUser, type Ctx } from "../../context";
import type { PaymentProvider } from "../../db/schema";
import { isWallet } from "../../env";
import { listEnabledProviders } from "../payments-config";
import { balanceOf } from "../wallet/ledger";

export type PaymentMethod = { provider: PaymentProvider; displayName: string } | { provider: "balance"; displayName: string; balanceMinor: number };

/**
 * GET /api/payment/providers: the methods a signed-in buyer can choose, in the admin's order; [wallet]
 * then `balance` with the caller's balance, unless `target` is "wallet" (a recharge is never paid from
 * the balance). The base edition never lists it.
 */
export async function listPaymentMethods(ctx: Ctx, opts: { target?: string | null } = {}): Promise<PaymentMethod[]> {
  const { userId } = requireUser(ctx);
  const gateways: PaymentMethod[] = await listEnabledProviders(ctx.db);
  if (!isWallet() || opts.target === "wallet") return gateways;
  return [...gateways, { provider: "balance", displayName: "Balance", balanceMinor: await balanceOf(ctx.db, userId) }];
}
