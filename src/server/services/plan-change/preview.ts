// The owner's reads before a plan change: the plans the subscription may move to, and the arithmetic
// of one move (nothing reserved; the order works it out again in its transaction and keeps it).
import { and, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { orders, planChanges, plans, type Subscription } from "../../db/schema";
import { conflict } from "../../errors";
import { parseInput } from "../../validation";
import { listStorePlans } from "../catalog/plan-queries";
import { getSettingsWithSecrets } from "../settings/queries";
import { changeableSubscription, newPlanTerms, quotePlanChange, type PlanChangeQuote } from "./quote";

export const PlanChangeInput = z.object({ subscriptionId: z.uuid(), planId: z.uuid() });

async function enabledSettings(db: Db) {
  const settings = await getSettingsWithSecrets(db);
  if (!settings.planChangeEnabled) throw conflict("plan_change_disabled");
  return settings;
}

/** The arithmetic of moving the caller's subscription to `planId`: credit, price, due and leftover. */
export async function previewPlanChange(ctx: Ctx, raw: unknown): Promise<PlanChangeQuote> {
  const { userId } = requireUser(ctx);
  const input = parseInput(PlanChangeInput, raw);
  const settings = await enabledSettings(ctx.db);
  return quotePlanChange(ctx.db, { userId, subscriptionId: input.subscriptionId, planId: input.planId, settings, now: ctx.now() });
}

export interface PlanChangeChoice {
  planId: string;
  name: string;
  description: string;
  nodeName: string | null;
  trafficGb: number;
  durationDays: number;
  priceMinor: number;
  soldOut: boolean;
}

export interface PlanChangeOptions {
  subscriptionId: string;
  currentPlanName: string;
  currency: string;
  plans: PlanChangeChoice[];
  /** An unpaid change of this subscription: its order, to pay or cancel instead of starting another. */
  openChange: { orderId: string; orderNo: string; planId: string; planName: string } | null;
}

/** What the caller's subscription may change to: the store's proxy plans other than its own. */
export async function listPlanChangeOptions(ctx: Ctx, subscriptionId: string): Promise<PlanChangeOptions> {
  const { userId } = requireUser(ctx);
  const id = parseInput(z.uuid(), subscriptionId);
  const settings = await enabledSettings(ctx.db);
  const now = ctx.now();
  const { sub, plan } = await changeableSubscription(ctx.db, userId, id, now);
  const store = (await listStorePlans(ctx)).filter((p) => p.kind === "PROXY" && p.id !== sub.planId);
  const full = store.length ? await ctx.db.select().from(plans).where(inArray(plans.id, store.map((p) => p.id))) : [];
  const byId = new Map(full.map((p) => [p.id, p]));
  const choices: PlanChangeChoice[] = [];
  for (const s of store) {
    const row = byId.get(s.id);
    if (!row) continue;
    const terms = newPlanTerms(row);
    choices.push({ planId: s.id, name: s.name, description: s.description, nodeName: s.node?.name ?? null, trafficGb: terms.trafficGb, durationDays: terms.durationDays, priceMinor: terms.priceMinor, soldOut: s.soldOut });
  }
  return { subscriptionId: sub.id, currentPlanName: plan.name, currency: settings.currency, plans: choices, openChange: await openChangeOf(ctx.db, sub, now) };
}

async function openChangeOf(db: Db, sub: Subscription, now: Date): Promise<PlanChangeOptions["openChange"]> {
  const [open] = await db
    .select({ orderId: orders.id, orderNo: orders.orderNo, planId: planChanges.toPlanId, planName: plans.name })
    .from(planChanges)
    .innerJoin(orders, eq(orders.id, planChanges.orderId))
    .innerJoin(plans, eq(plans.id, planChanges.toPlanId))
    .where(and(eq(planChanges.subscriptionId, sub.id), eq(planChanges.status, "PENDING"), eq(orders.status, "PENDING"), gt(orders.expiresAt, now)));
  return open ?? null;
}
