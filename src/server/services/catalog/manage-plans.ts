// Admin verbs on plans. Each write and its audit row commit together.
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { pgErrorCode } from "../../db/pg-errors";
import { inbounds, nodes, orderItems, planInbounds, plans, streamingServices, subscriptions, type PlanVisibility } from "../../db/schema";
import { conflict, validationError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { PlanInput, PlanVisibilityInput, type PlanValues } from "./plan-input";
import { getPlanAdmin, getPlanOrThrow } from "./plan-queries";

/** The plan's node and inbounds, or its streaming service, exist (and the inbounds are synced, active and on that node). */
async function checkTarget(tx: Db, v: PlanValues): Promise<void> {
  if (v.kind === "STREAMING") {
    const [s] = await tx.select({ id: streamingServices.id }).from(streamingServices).where(eq(streamingServices.id, v.streamingServiceId!)).limit(1);
    if (!s) throw validationError("plan_streaming_service_not_found", { fields: { streamingServiceId: "not_found" } });
    return;
  }
  const [n] = await tx.select({ id: nodes.id }).from(nodes).where(eq(nodes.id, v.nodeId!)).limit(1);
  if (!n) throw validationError("plan_node_not_found", { fields: { nodeId: "not_found" } });
  const ok = await tx
    .select({ id: inbounds.id })
    .from(inbounds)
    .where(and(inArray(inbounds.id, v.inboundIds), eq(inbounds.nodeId, v.nodeId!), eq(inbounds.active, true)));
  if (ok.length !== v.inboundIds.length) throw validationError("plan_inbound_unavailable", { fields: { inboundIds: "inbound_unavailable" } });
}

const columns = (v: PlanValues) => {
  const { inboundIds: _inboundIds, ...rest } = v;
  return rest;
};

const stockBelowHeld = (held: number) => conflict("plan_stock_below_held", { held, fields: { stockTotal: "below_held" }, fieldParams: { stockTotal: { held } } });

export async function createPlan(ctx: Ctx, raw: unknown) {
  requireAdmin(ctx, "catalog.write");
  const v = parseInput(PlanInput, raw);
  const id = await ctx.db.transaction(async (tx) => {
    await checkTarget(tx, v);
    const [p] = await tx.insert(plans).values(columns(v)).returning({ id: plans.id });
    if (v.inboundIds.length) await tx.insert(planInbounds).values(v.inboundIds.map((inboundId) => ({ planId: p!.id, inboundId })));
    await recordAudit(ctx, { action: "admin.plan.create", targetType: "plan", targetId: p!.id, metadata: { name: v.name, kind: v.kind, visibility: v.visibility } }, tx);
    return p!.id;
  });
  return getPlanAdmin(ctx, id);
}

/**
 * Replaces a plan's settings (the whole PlanInput). The kind is fixed once created. Lowering
 * stockTotal below what pending orders and live subscriptions hold is refused (409
 * plan_stock_below_held): the update is conditional on stock_held, and the table's check backs it.
 * Existing subscriptions keep their node and panel clients; a changed node or inbound list applies
 * to new purchases.
 */
export async function updatePlan(ctx: Ctx, id: string, raw: unknown) {
  requireAdmin(ctx, "catalog.write");
  const v = parseInput(PlanInput, raw);
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await getPlanOrThrow(tx, id, { forUpdate: true });
      if (before.kind !== v.kind) throw validationError("plan_kind_fixed", { fields: { kind: "cannot_change" } });
      await checkTarget(tx, v);
      const updated = await tx
        .update(plans)
        .set({ ...columns(v), updatedAt: sql`now()` })
        .where(and(eq(plans.id, id), v.stockTotal === null ? undefined : lte(plans.stockHeld, v.stockTotal)))
        .returning({ id: plans.id });
      if (!updated.length) throw stockBelowHeld(before.stockHeld);
      const boundBefore = (await tx.select({ id: planInbounds.inboundId }).from(planInbounds).where(eq(planInbounds.planId, id))).map((r) => r.id);
      await tx.delete(planInbounds).where(eq(planInbounds.planId, id));
      if (v.inboundIds.length) await tx.insert(planInbounds).values(v.inboundIds.map((inboundId) => ({ planId: id, inboundId })));
      const after = columns(v) as Record<string, unknown>;
      const changed = Object.keys(after).filter((k) => (before as Record<string, unknown>)[k] !== after[k]);
      if (boundBefore.length !== v.inboundIds.length || boundBefore.some((b) => !v.inboundIds.includes(b))) changed.push("inboundIds");
      await recordAudit(ctx, { action: "admin.plan.update", targetType: "plan", targetId: id, metadata: { name: v.name, fields: changed } }, tx);
    });
  } catch (err) {
    // A purchase that took stock between our read and our update trips the check constraint.
    if (pgErrorCode(err) === "23514") {
      const [p] = await ctx.db.select({ held: plans.stockHeld }).from(plans).where(eq(plans.id, id));
      throw stockBelowHeld(p?.held ?? 0);
    }
    throw err;
  }
  return getPlanAdmin(ctx, id);
}

/** Shows a plan in the store or hides it (hidden plans keep their subscriptions and can still be renewed by the orders area's rules). */
export async function setPlanVisibility(ctx: Ctx, id: string, visibility: PlanVisibility | string): Promise<{ id: string; visibility: PlanVisibility }> {
  requireAdmin(ctx, "catalog.write");
  const input = parseInput(PlanVisibilityInput, { visibility });
  await ctx.db.transaction(async (tx) => {
    const before = await getPlanOrThrow(tx, id, { forUpdate: true });
    await tx.update(plans).set({ visibility: input.visibility, updatedAt: sql`now()` }).where(eq(plans.id, id));
    await recordAudit(ctx, { action: "admin.plan.visibility", targetType: "plan", targetId: id, metadata: { name: before.name, from: before.visibility, to: input.visibility } }, tx);
  });
  return { id, visibility: input.visibility };
}

/**
 * Deletes a plan nobody bought: one that an order line or a subscription names is refused with
 * 409 plan_in_use (hide it instead). Cart lines and trial claims of the plan go with it.
 */
export async function deletePlan(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx, "catalog.write");
  try {
    await ctx.db.transaction(async (tx) => {
      const p = await getPlanOrThrow(tx, id, { forUpdate: true });
      const [used] = await tx
        .select({ one: sql<number>`1` })
        .from(plans)
        .where(
          and(
            eq(plans.id, id),
            or(
              sql`exists (select 1 from ${orderItems} where ${orderItems.planId} = ${plans.id})`,
              sql`exists (select 1 from ${subscriptions} where ${subscriptions.planId} = ${plans.id})`,
            ),
          ),
        );
      if (used) throw conflict("plan_in_use");
      await tx.delete(plans).where(eq(plans.id, id));
      await recordAudit(ctx, { action: "admin.plan.delete", targetType: "plan", targetId: id, metadata: { name: p.name, kind: p.kind } }, tx);
    });
  } catch (err) {
    // An order placed between the check and the delete: the foreign key refuses (restrict).
    if (pgErrorCode(err) === "23503") throw conflict("plan_in_use");
    throw err;
  }
  return { deleted: true };
}
