// Admin verbs on coupons and their grants, and the buyer's lookup of a code. Codes are stored upper
// case and unique. Deleting a coupon that was ever used only disables it (see deleteCoupon).
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from "drizzle-orm";
import { requireAdmin, requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { isUniqueViolation, pgErrorCode } from "../../db/pg-errors";
import { couponGrants, couponRedemptions, coupons, orders, plans, users, type Coupon } from "../../db/schema";
import { conflict, DomainError, notFound, validationError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { CouponInput, GrantInput, ListCouponsInput, type CouponValues } from "./inputs";

const couponNotFound = () => new DomainError("NOT_FOUND", "coupon_not_found");
const codeTaken = (err: unknown) => (isUniqueViolation(err) ? conflict("coupon_code_taken", { fields: { code: "taken" } }) : err);
const usesBelowHeld = (held: number) => conflict("coupon_uses_below_held", { held, fields: { totalLimit: "below_held" }, fieldParams: { totalLimit: { held } } });

/** The stored form of a code a person typed: trimmed, upper case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

async function getCouponOrThrow(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Coupon> {
  if (!isUuid(id)) throw couponNotFound();
  const q = db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  const [c] = opts.forUpdate ? await q.for("update") : await q;
  if (!c) throw couponNotFound();
  return c;
}

async function checkPlans(db: Db, v: CouponValues): Promise<void> {
  if (!v.planIds.length) return;
  const found = await db.select({ id: plans.id }).from(plans).where(inArray(plans.id, v.planIds));
  if (found.length !== v.planIds.length) throw validationError("coupon_unknown_plans", { fields: { planIds: "not_found" } });
}

export async function createCoupon(ctx: Ctx, raw: unknown): Promise<Coupon> {
  requireAdmin(ctx, "coupons.write");
  const v = parseInput(CouponInput, raw);
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkPlans(tx, v);
      const [c] = await tx.insert(coupons).values(v).returning();
      await recordAudit(ctx, { action: "admin.coupon.create", targetType: "coupon", targetId: c!.id, metadata: { code: v.code, kind: v.kind, audience: v.audience } }, tx);
      return c!;
    });
  } catch (err) {
    throw codeTaken(err);
  }
}

/** Replaces the coupon's settings. A totalLimit below the uses already held is refused (409). */
export async function updateCoupon(ctx: Ctx, id: string, raw: unknown): Promise<Coupon> {
  requireAdmin(ctx, "coupons.write");
  const v = parseInput(CouponInput, raw);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await getCouponOrThrow(tx, id, { forUpdate: true });
      await checkPlans(tx, v);
      const [c] = await tx
        .update(coupons)
        .set({ ...v, updatedAt: sql`now()` })
        .where(and(eq(coupons.id, id), v.totalLimit === null ? undefined : lte(coupons.usesHeld, v.totalLimit)))
        .returning();
      if (!c) throw usesBelowHeld(before.usesHeld);
      const changed = Object.keys(v).filter((k) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify((v as Record<string, unknown>)[k]));
      await recordAudit(ctx, { action: "admin.coupon.update", targetType: "coupon", targetId: id, metadata: { code: v.code, fields: changed } }, tx);
      return c;
    });
  } catch (err) {
    if (pgErrorCode(err) === "23514") {
      const [c] = await ctx.db.select({ held: coupons.usesHeld }).from(coupons).where(eq(coupons.id, id));
      throw usesBelowHeld(c?.held ?? 0);
    }
    throw codeTaken(err);
  }
}

/**
 * Deletes a coupon nobody used. A coupon that pending or paid orders hold, that was ever redeemed
 * or that an order names is only disabled instead (`{ deleted: false, disabled: true }`): deleting
 * it would erase the redemption records its per-user limit counts, and the orders' history.
 */
export async function deleteCoupon(ctx: Ctx, id: string): Promise<{ deleted: boolean; disabled: boolean }> {
  requireAdmin(ctx, "coupons.write");
  return ctx.db.transaction(async (tx) => {
    const c = await getCouponOrThrow(tx, id, { forUpdate: true });
    const [used] = await tx
      .select({ one: sql<number>`1` })
      .from(coupons)
      .where(
        and(
          eq(coupons.id, id),
          or(
            sql`${coupons.usesHeld} > 0`,
            sql`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id})`,
            sql`exists (select 1 from ${orders} where ${orders.couponId} = ${coupons.id})`,
          ),
        ),
      );
    if (used) {
      await tx.update(coupons).set({ enabled: false, updatedAt: sql`now()` }).where(eq(coupons.id, id));
      await recordAudit(ctx, { action: "admin.coupon.disable", targetType: "coupon", targetId: id, metadata: { code: c.code, requested: "delete" } }, tx);
      return { deleted: false, disabled: true };
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(ctx, { action: "admin.coupon.delete", targetType: "coupon", targetId: id, metadata: { code: c.code } }, tx);
    return { deleted: true, disabled: false };
  });
}

/** The admin table: search by code, newest first, with the number of grants. */
export async function listCoupons(ctx: Ctx, raw: unknown = {}) {
  requireAdmin(ctx, "coupons.read");
  const input = parseInput(ListCouponsInput, raw ?? {});
  const where = input.q ? ilike(coupons.code, `%${input.q.replace(/[%_\\]/g, (c) => "\\" + c)}%`) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({ c: coupons, grantCount: sql<number>`(select count(*)::int from ${couponGrants} where ${couponGrants.couponId} = ${coupons.id})` })
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), asc(coupons.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.c, grantCount: Number(r.grantCount) })), total: Number(totalRow?.total ?? 0), page: input.page, pageSize: input.pageSize };
}
export type CouponRow = Awaited<ReturnType<typeof listCoupons>>["rows"][number];

/** The users a GRANTED coupon was granted to, newest first. */
export async function listCouponGrants(ctx: Ctx, couponId: string) {
  requireAdmin(ctx, "coupons.read");
  await getCouponOrThrow(ctx.db, couponId);
  return ctx.db
    .select({ userId: couponGrants.userId, email: users.email, createdAt: couponGrants.createdAt })
    .from(couponGrants)
    .innerJoin(users, eq(users.id, couponGrants.userId))
    .where(eq(couponGrants.couponId, couponId))
    .orderBy(desc(couponGrants.createdAt), asc(users.email));
}

/** Grants a GRANTED coupon to the user with this email. Granting twice is not an error (`created: false`). */
export async function grantCoupon(ctx: Ctx, couponId: string, userEmail: string): Promise<{ couponId: string; userId: string; email: string; created: boolean }> {
  requireAdmin(ctx, "coupons.write");
  const { email } = parseInput(GrantInput, { email: userEmail });
  return ctx.db.transaction(async (tx) => {
    const c = await getCouponOrThrow(tx, couponId);
    if (c.audience !== "GRANTED") throw validationError("coupon_public");
    const [u] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
    if (!u) throw notFound("user");
    const inserted = await tx.insert(couponGrants).values({ couponId, userId: u.id }).onConflictDoNothing().returning({ userId: couponGrants.userId });
    if (inserted.length) await recordAudit(ctx, { action: "admin.coupon.grant", targetType: "coupon", targetId: couponId, metadata: { code: c.code, userId: u.id, email: u.email } }, tx);
    return { couponId, userId: u.id, email: u.email, created: inserted.length > 0 };
  });
}

export async function revokeCouponGrant(ctx: Ctx, couponId: string, userId: string): Promise<{ revoked: true }> {
  requireAdmin(ctx, "coupons.write");
  if (!isUuid(userId)) throw new DomainError("NOT_FOUND", "coupon_grant_not_found");
  await ctx.db.transaction(async (tx) => {
    const c = await getCouponOrThrow(tx, couponId);
    const gone = await tx.delete(couponGrants).where(and(eq(couponGrants.couponId, couponId), eq(couponGrants.userId, userId))).returning({ userId: couponGrants.userId });
    if (!gone.length) throw new DomainError("NOT_FOUND", "coupon_grant_not_found");
    await recordAudit(ctx, { action: "admin.coupon.revoke_grant", targetType: "coupon", targetId: couponId, metadata: { code: c.code, userId } }, tx);
  });
  return { revoked: true };
}

/**
 * The coupon a signed-in buyer typed, and whether it was granted to them; null for an unknown code.
 * The orders service passes the result to checkCouponUsable (and reads the row again, locked,
 * inside its own transaction when it takes a use).
 */
export async function findCouponForUser(ctx: Ctx, code: string): Promise<{ coupon: Coupon; grantedToUser: boolean } | null> {
  const { userId } = requireUser(ctx);
  const normalized = normalizeCouponCode(String(code ?? ""));
  if (!normalized || normalized.length > 32) return null;
  const [row] = await ctx.db
    .select({ c: coupons, granted: sql<boolean>`exists (select 1 from ${couponGrants} where ${couponGrants.couponId} = ${coupons.id} and ${couponGrants.userId} = ${userId})` })
    .from(coupons)
    .where(eq(coupons.code, normalized))
    .limit(1);
  return row ? { coupon: row.c, grantedToUser: Boolean(row.granted) } : null;
}
