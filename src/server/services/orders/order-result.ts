// What a paid order gave its buyer, for the payment page's success screen: the subscription each line
// made (a new purchase) or extended (a renewal or top-up), with a proxy subscription's content URL, so
// the link a client app imports is on the screen the moment the payment lands (no detour through the
// subscriptions list). Owner only; another user's order, or a malformed id, is "not found".
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { decryptSecret } from "../../crypto/secrets";
import { orderItems, orders, subscriptions } from "../../db/schema";
import { DomainError } from "../../errors";
import { contentSettings } from "../subscription-content/content-settings";
import { subscriptionContentUrl } from "../subscription-content/urls";

export interface OrderResultSubscription {
  id: string;
  kind: "PROXY" | "STREAMING";
  /** Proxy subscriptions only: the link without format= (the app's User-Agent chooses). */
  contentUrl: string | null;
}

/** Empty until the order is paid and its lines are provisioned (the caller polls briefly). */
export async function myOrderResult(ctx: Ctx, orderId: string): Promise<{ paid: boolean; subscriptions: OrderResultSubscription[] }> {
  const { userId } = requireUser(ctx);
  if (!z.uuid().safeParse(orderId).success) throw new DomainError("NOT_FOUND", "order_not_found");
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError("NOT_FOUND", "order_not_found");
  if (order.status !== "PAID") return { paid: false, subscriptions: [] };
  const rows = await ctx.db
    .selectDistinct({ id: subscriptions.id, kind: subscriptions.kind, tokenEnc: subscriptions.downloadTokenEnc })
    .from(orderItems)
    .innerJoin(subscriptions, eq(subscriptions.id, sql`coalesce(${orderItems.resultSubscriptionId}, ${orderItems.targetSubscriptionId})`))
    .where(and(eq(orderItems.orderId, orderId), eq(subscriptions.userId, userId)));
  if (!rows.length) return { paid: true, subscriptions: [] };
  const { contentRoot } = await contentSettings(ctx.db);
  return {
    paid: true,
    subscriptions: rows.map((r) => ({ id: r.id, kind: r.kind, contentUrl: r.kind === "PROXY" ? subscriptionContentUrl(contentRoot, r.id, decryptSecret(r.tokenEnc)) : null })),
  };
}
