"use server";
// Admin promotions: thin wrappers; admins only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createPromotion, deletePromotion, updatePromotion } from "@/server/services/catalog";

const OPTS = { revalidate: ["/admin/promotions", "/"], permission: "coupons.write" as const };
const brief = (p: { id: string; name: string }) => ({ id: p.id, name: p.name });

export async function createPromotionAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => brief(await createPromotion(ctx, input)), OPTS);
}

export async function updatePromotionAction(...a: [id: string, input: Record<string, unknown>]) {
  return runAction(args(["id", str], ["input", fields]), a, async (ctx, [id, input]) => brief(await updatePromotion(ctx, id, input)), OPTS);
}

export async function deletePromotionAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => deletePromotion(ctx, id), OPTS);
}
