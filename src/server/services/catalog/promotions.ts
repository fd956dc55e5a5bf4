// Spend-threshold promotions: admin CRUD, and the list the store and checkout choose from
// (bestPromotion in discounts.ts picks the one that takes the most off).
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { promotions, type Promotion } from "../../db/schema";
import { DomainError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { PromotionInput } from "./inputs";

const promotionNotFound = () => new DomainError("NOT_FOUND", "promotion_not_found");

async function getPromotionOrThrow(db: Db, id: string): Promise<Promotion> {
  if (!isUuid(id)) throw promotionNotFound();
  const [p] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  if (!p) throw promotionNotFound();
  return p;
}

export async function createPromotion(ctx: Ctx, raw: unknown): Promise<Promotion> {
  requireAdmin(ctx, "coupons.write");
  const v = parseInput(PromotionInput, raw);
  return ctx.db.transaction(async (tx) => {
    const [p] = await tx.insert(promotions).values(v).returning();
    await recordAudit(ctx, { action: "admin.promotion.create", targetType: "promotion", targetId: p!.id, metadata: { name: v.name, thresholdMinor: v.thresholdMinor, discountMinor: v.discountMinor } }, tx);
    return p!;
  });
}

export async function updatePromotion(ctx: Ctx, id: string, raw: unknown): Promise<Promotion> {
  requireAdmin(ctx, "coupons.write");
  const v = parseInput(PromotionInput, raw);
  return ctx.db.transaction(async (tx) => {
    const before = await getPromotionOrThrow(tx, id);
    const [p] = await tx.update(promotions).set({ ...v, updatedAt: sql`now()` }).where(eq(promotions.id, id)).returning();
    const changed = Object.keys(v).filter((k) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify((v as Record<string, unknown>)[k]));
    await recordAudit(ctx, { action: "admin.promotion.update", targetType: "promotion", targetId: id, metadata: { name: v.name, fields: changed } }, tx);
    return p!;
  });
}

/** Orders that used the promotion keep their discount amounts; their promotionId becomes null. */
export async function deletePromotion(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx, "coupons.write");
  await ctx.db.transaction(async (tx) => {
    const p = await getPromotionOrThrow(tx, id);
    await tx.delete(promotions).where(eq(promotions.id, id));
    await recordAudit(ctx, { action: "admin.promotion.delete", targetType: "promotion", targetId: id, metadata: { name: p.name } }, tx);
  });
  return { deleted: true };
}

export async function listPromotions(ctx: Ctx): Promise<Promotion[]> {
  requireAdmin(ctx, "coupons.read");
  return ctx.db.select().from(promotions).orderBy(desc(promotions.enabled), asc(promotions.thresholdMinor), asc(promotions.name));
}

/**
 * Enabled promotions whose window holds `ctx.now()`, lowest threshold first: what checkout passes
 * to bestPromotion and what the store may advertise ("spend X, save Y"). Public, like the store.
 */
export async function listActivePromotions(ctx: Ctx): Promise<Pick<Promotion, "id" | "name" | "thresholdMinor" | "discountMinor" | "startsAt" | "endsAt" | "enabled">[]> {
  const now = ctx.now();
  return ctx.db
    .select({ id: promotions.id, name: promotions.name, thresholdMinor: promotions.thresholdMinor, discountMinor: promotions.discountMinor, startsAt: promotions.startsAt, endsAt: promotions.endsAt, enabled: promotions.enabled })
    .from(promotions)
    .where(and(eq(promotions.enabled, true), or(isNull(promotions.startsAt), lte(promotions.startsAt, now)), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))))
    .orderBy(asc(promotions.thresholdMinor), asc(promotions.id));
}
