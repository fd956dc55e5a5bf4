"use server";
// Admin coupons and grants: thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { createCoupon, deleteCoupon, grantCoupon, listCouponGrants, revokeCouponGrant, updateCoupon } from "@/server/services/catalog";

const PAGES = ["/admin/coupons"];
const brief = (c: { id: string; code: string }) => ({ id: c.id, code: c.code });

export async function createCouponAction(input: Record<string, unknown>) {
  return runAction(async (ctx) => brief(await createCoupon(ctx, input)), { revalidate: PAGES });
}

export async function updateCouponAction(id: string, input: Record<string, unknown>) {
  return runAction(async (ctx) => brief(await updateCoupon(ctx, id, input)), { revalidate: PAGES });
}

export async function deleteCouponAction(id: string) {
  return runAction((ctx) => deleteCoupon(ctx, id), { revalidate: PAGES });
}

export async function listCouponGrantsAction(id: string) {
  return runAction((ctx) => listCouponGrants(ctx, id));
}

export async function grantCouponAction(id: string, email: string) {
  return runAction((ctx) => grantCoupon(ctx, id, email), { revalidate: PAGES });
}

export async function revokeCouponGrantAction(id: string, userId: string) {
  return runAction((ctx) => revokeCouponGrant(ctx, id, userId), { revalidate: PAGES });
}
