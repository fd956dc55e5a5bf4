import { route } from "@/server/http/route";
import { queryPaymentByTradeNo } from "@/server/services/payments";

export const GET = route<{ tradeNo: string }>("user", async ({ ctx, params }) => queryPaymentByTradeNo(ctx, params.tradeNo));
