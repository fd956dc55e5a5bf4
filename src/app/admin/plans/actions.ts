"use server";
// Admin plan management: thin wrappers; admins only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createPlan, deletePlan, setPlanVisibility, updatePlan } from "@/server/services/catalog";

const PAGES = ["/admin/plans", "/"];
const OPTS = { revalidate: PAGES, permission: "catalog.write" as const };
const Id = args(["id", str]);

/** The form sends the PlanInput object (money already in minor units). */
export async function createPlanAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => {
    const p = await createPlan(ctx, input);
    return { id: p.id, name: p.name };
  }, OPTS);
}

export async function updatePlanAction(...a: [id: string, input: Record<string, unknown>]) {
  return runAction(args(["id", str], ["input", fields]), a, async (ctx, [id, input]) => {
    const p = await updatePlan(ctx, id, input);
    return { id: p.id, name: p.name };
  }, { revalidate: ([id]) => [...PAGES, `/admin/plans/${id}`], permission: "catalog.write" });
}

export async function setPlanVisibilityAction(...a: [id: string, visibility: string]) {
  return runAction(args(["id", str], ["visibility", str]), a, (ctx, [id, visibility]) => setPlanVisibility(ctx, id, visibility), OPTS);
}

export async function deletePlanAction(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => deletePlan(ctx, id), OPTS);
}
