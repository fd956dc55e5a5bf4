"use server";
// The cart: remove, empty, price with a coupon (nothing reserved), check out into one order.
import { args, noArgs, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { checkoutCart, clearCart, removeFromCart } from "@/server/services/orders";
import { previewCart } from "./preview";

const PAGES = ["/cart", "/store"];
const Coupon = args(["couponCode", str]);

export async function removeFromCartAction(...a: [itemId: string]) {
  return runAction(args(["itemId", str]), a, (ctx, [itemId]) => removeFromCart(ctx, itemId), { revalidate: PAGES });
}

export async function clearCartAction(...a: []) {
  return runAction(noArgs, a, (ctx) => clearCart(ctx), { revalidate: PAGES });
}

export async function previewCartAction(...a: [couponCode: string]) {
  return runAction(Coupon, a, (ctx, [couponCode]) => previewCart(ctx, couponCode));
}

export async function checkoutCartAction(...a: [couponCode: string]) {
  return runAction(
    Coupon,
    a,
    async (ctx, [couponCode]) => {
      const o = await checkoutCart(ctx, { couponCode: couponCode || undefined });
      return { id: o.id, status: o.status, totalMinor: o.totalMinor };
    },
    { revalidate: [...PAGES, "/orders"] },
  );
}
