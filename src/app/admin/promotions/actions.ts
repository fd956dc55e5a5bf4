"use server";
// Admin promotions: thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { createPromotion, deletePromotion, updatePromotion } from "@/server/services/catalog";

const PAGES = ["/admin/promotions", "/"];
const brief = (p: { id: string; name: string }) => ({ id: p.id, name: p.name });

export async function createPromotionAction(input: Record<string, unknown>) {
  return runAction(async (ctx) => brief(await createPromotion(ctx, input)), { revalidate: PAGES });
}

export async function updatePromotionAction(id: string, input: Record<string, unknown>) {
  return runAction(async (ctx) => brief(await updatePromotion(ctx, id, input)), { revalidate: PAGES });
}

export async function deletePromotionAction(id: string) {
  return runAction((ctx) => deletePromotion(ctx, id), { revalidate: PAGES });
}
