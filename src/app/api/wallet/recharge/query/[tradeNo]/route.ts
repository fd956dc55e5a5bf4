import { route } from "@/server/http/route";
import { queryRechargeByTradeNo } from "@/server/services/wallet";

// [wallet] A recharge payment's status by trade number (asks the gateway while open); 404 in the base edition for every caller.
export const GET = route<{ tradeNo: string }>("user", async ({ ctx, params }) => queryRechargeByTradeNo(ctx, params.tradeNo), { walletOnly: true });
