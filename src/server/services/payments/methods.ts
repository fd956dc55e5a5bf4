import { requireUser, type Ctx } from "../../context";
import { listEnabledProviders } from "../payments-config";

/** GET /api/payment/providers: the methods a signed-in buyer can choose, in the admin's order. */
export async function listPaymentMethods(ctx: Ctx) {
  requireUser(ctx);
  return listEnabledProviders(ctx.db);
}
