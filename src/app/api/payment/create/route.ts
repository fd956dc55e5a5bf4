import { readJson } from "@/server/http/read-json";
import { route } from "@/server/http/route";
import { createOrderPayment } from "@/server/services/payments";
import { publicBaseUrl } from "@/server/services/payments/base-url";

export const POST = route("user", async ({ req, ctx }) => {
  const body = await readJson(req, 4 * 1024);
  return createOrderPayment(ctx, body, { baseUrl: await publicBaseUrl(ctx), clientIp: ctx.ip ?? "127.0.0.1" });
});
