"use server";
// Admin plan management: thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { createPlan, deletePlan, setPlanVisibility, updatePlan } from "@/server/services/catalog";

const PAGES = ["/admin/plans", "/"];

/** The form sends the PlanInput object (money already in minor units). */
export async function createPlanAction(input: Record<string, unknown>) {
  return runAction(async (ctx) => {
    const p = await createPlan(ctx, input);
    return { id: p.id, name: p.name };
  }, { revalidate: PAGES });
}

export async function updatePlanAction(id: string, input: Record<string, unknown>) {
  return runAction(async (ctx) => {
    const p = await updatePlan(ctx, id, input);
    return { id: p.id, name: p.name };
  }, { revalidate: [...PAGES, `/admin/plans/${id}`] });
}

export async function setPlanVisibilityAction(id: string, visibility: string) {
  return runAction((ctx) => setPlanVisibility(ctx, id, visibility), { revalidate: PAGES });
}

export async function deletePlanAction(id: string) {
  return runAction((ctx) => deletePlan(ctx, id), { revalidate: PAGES });
}
