// Not a Server Action file: it takes a Ctx, which only the server builds (requestCtx / runAction).
import type { Ctx } from "@/server/context";
import { listCart, previewOrder, type OrderPreview } from "@/server/services/orders";

/** The cart's price as it stands, with `couponCode` if given; null for an empty cart. */
export async function previewCart(ctx: Ctx, couponCode?: string): Promise<OrderPreview | null> {
  const items = await listCart(ctx);
  if (items.length === 0) return null;
  return previewOrder(ctx, {
    lines: items.map((i) => ({ planId: i.planId, kind: i.kind, trafficGb: i.trafficGb || undefined, days: i.days || undefined, subscriptionId: i.subscriptionId ?? undefined })),
    couponCode: couponCode || undefined,
  });
}

