import { OrdersQuery } from "@/server/http/api-v1/inputs";
import { orderV1, pageV1 } from "@/server/http/api-v1/shapes";
import { tokenRoute } from "@/server/http/token-route";
import { listOrdersAdmin } from "@/server/services/orders";
import { parseInput } from "@/server/validation";

/** Orders, newest first: ?q=&status=&provider=&page=&pageSize= (scope read:orders); `total` is capped (`totalCapped`). */
export const GET = tokenRoute("read:orders", async ({ ctx, query }) => {
  const page = await listOrdersAdmin(ctx, parseInput(OrdersQuery, query));
  return { ...pageV1(page, orderV1), totalCapped: page.totalCapped };
});
