"use server";
// Admin coupons and grants: thin wrappers; admins only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createCoupon, deleteCoupon, grantCoupon, listCouponGrants, revokeCouponGrant, updateCoupon } from "@/server/services/catalog";

const OPTS = { revalidate: ["/admin/coupons"], permission: "coupons.write" as const };
const brief = (c: { id: string; code: string }) => ({ id: c.id, code: c.code });
const Id = args(["id", str]);

export async function createCouponAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => brief(await createCoupon(ctx, input)), OPTS);
}

export async function updateCouponAction(...a: [id: string, input: Record<string, unknown>]) {
  return runAction(args(["id", str], ["input", fields]), a, async (ctx, [id, input]) => brief(await updateCoupon(ctx, id, input)), OPTS);
}

export async function deleteCouponAction(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => deleteCoupon(ctx, id), OPTS);
}

export async function listCouponGrantsAction(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => listCouponGrants(ctx, id), { permission: "coupons.read" });
}

export async function grantCouponAction(...a: [id: string, email: string]) {
  return runAction(args(["id", str], ["email", str]), a, (ctx, [id, email]) => grantCoupon(ctx, id, email), OPTS);
}

export async function revokeCouponGrantAction(...a: [id: string, userId: string]) {
  return runAction(args(["id", str], ["userId", str]), a, (ctx, [id, userId]) => revokeCouponGrant(ctx, id, userId), OPTS);
}
