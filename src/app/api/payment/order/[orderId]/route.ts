import { route } from "@/server/http/route";
import { orderPaymentStatus } from "@/server/services/payments";

export const GET = route<{ orderId: string }>("user", async ({ ctx, params }) => orderPaymentStatus(ctx, params.orderId));
