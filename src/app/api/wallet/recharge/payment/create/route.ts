import { readJson } from "@/server/http/read-json";
import { route } from "@/server/http/route";
import { publicBaseUrl } from "@/server/services/payments/base-url";
import { createRechargePayment } from "@/server/services/wallet";

// [wallet] A gateway attempt for one of the caller's pending recharges; 404 in the base edition for every caller.
export const POST = route(
  "user",
  async ({ req, ctx }) => {
    const body = await readJson(req, 4 * 1024);
    return createRechargePayment(ctx, body, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
  },
  { walletOnly: true },
);
