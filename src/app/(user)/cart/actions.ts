"use server";
// The cart: remove, empty, price with a coupon (nothing reserved), check out into one order.
import { runAction } from "@/server/actions/run-action";
import { checkoutCart, clearCart, removeFromCart } from "@/server/services/orders";
import { previewCart } from "./preview";

const PAGES = ["/cart", "/store"];

export async function removeFromCartAction(itemId: string) {
  return runAction((ctx) => removeFromCart(ctx, itemId), { revalidate: PAGES });
}

export async function clearCartAction() {
  return runAction((ctx) => clearCart(ctx), { revalidate: PAGES });
}

export async function previewCartAction(couponCode: string) {
  return runAction((ctx) => previewCart(ctx, couponCode));
}

export async function checkoutCartAction(couponCode: string) {
  return runAction(
    async (ctx) => {
      const o = await checkoutCart(ctx, { couponCode: couponCode || undefined });
      return { id: o.id, status: o.status, totalMinor: o.totalMinor };
    },
    { revalidate: [...PAGES, "/orders"] },
  );
}
