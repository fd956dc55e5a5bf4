// [wallet] Recharge orders, the operator's side (interface.md "Admin, recharge orders"): the list,
// confirm by hand (credited at once through the same door a gateway payment uses), cancel (balance
// untouched), delete the record (a credit is never rolled back; ledger rows and payments stay).
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { payments, RECHARGE_STATUSES, users, walletRechargeOrders } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { requireWalletEdition } from "./edition";
import { closeRecharge, rechargeView, type RechargeView } from "./recharge";
import { creditRecharge } from "./recharge-credit";

const missing = () => new DomainError("NOT_FOUND", "recharge_not_found");
const rechargeId = (id: unknown): string => {
  const r = z.uuid().safeParse(id);
  if (!r.success) throw missing();
  return r.data;
};

const AdminFilter = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(RECHARGE_STATUSES).optional(),
  /** A part of the user's email or of the recharge number. */
  q: z.string().trim().max(200).optional(),
});

export interface AdminRechargeRow extends RechargeView {
  userId: string;
  email: string;
}

export async function listAdminRecharges(ctx: Ctx, raw: unknown = {}): Promise<{ rows: AdminRechargeRow[]; total: number; page: number; pageSize: number }> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  const f = parseInput(AdminFilter, raw ?? {});
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(walletRechargeOrders.status, f.status));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(users.email, like), ilike(walletRechargeOrders.rechargeNo, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ recharge: walletRechargeOrders, email: users.email })
      .from(walletRechargeOrders)
      .innerJoin(users, eq(users.id, walletRechargeOrders.userId))
      .where(where)
      .orderBy(desc(walletRechargeOrders.createdAt), desc(walletRechargeOrders.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(walletRechargeOrders).innerJoin(users, eq(users.id, walletRechargeOrders.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...rechargeView(r.recharge), userId: r.recharge.userId, email: r.email })), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

async function exists(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: walletRechargeOrders.id }).from(walletRechargeOrders).where(eq(walletRechargeOrders.id, id));
  return !!row;
}

/** PENDING -> CREDITED by the admin: the balance is credited at once, exactly once (the same conditional update as a gateway payment). */
export async function confirmAdminWalletRecharge(ctx: Ctx, id: string): Promise<RechargeView> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const rid = rechargeId(id);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const credited = await creditRecharge(tx, rid, "ADMIN", now, { actorId: ctx.actor.userId ?? null });
    if (!credited) throw (await exists(tx, rid)) ? conflict("recharge_not_pending") : missing();
    await recordAudit(ctx, { action: "recharge.confirmed", targetType: "recharge", targetId: rid, metadata: { rechargeNo: credited.rechargeNo, amountMinor: credited.amountMinor, userId: credited.userId } }, tx);
    return credited;
  });
  return rechargeView(row);
}

/** PENDING -> CANCELLED by the admin; the balance is not touched. */
export async function cancelAdminWalletRecharge(ctx: Ctx, id: string): Promise<RechargeView> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const rid = rechargeId(id);
  const row = await ctx.db.transaction(async (tx) => {
    const closed = await closeRecharge(tx, rid, "admin", ctx.now());
    if (!closed) throw (await exists(tx, rid)) ? conflict("recharge_not_pending") : missing();
    await recordAudit(ctx, { action: "recharge.cancelled", targetType: "recharge", targetId: rid, metadata: { by: "admin", rechargeNo: closed.rechargeNo } }, tx);
    return closed;
  });
  return rechargeView(row);
}

/**
 * Removes the record, whatever its status. A credit stays credited: ledger rows reference the
 * recharge by text, and payments keep recharge_id (no foreign key), so money that still arrives for
 * a deleted recharge finds its payment and is credited as late. Open attempts close.
 */
export async function deleteAdminWalletRecharge(ctx: Ctx, id: string): Promise<{ id: string }> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const rid = rechargeId(id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(walletRechargeOrders).where(eq(walletRechargeOrders.id, rid)).returning();
    if (!gone) throw missing();
    await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.rechargeId, rid), eq(payments.status, "PENDING")));
    await recordAudit(
      ctx,
      { action: "recharge.deleted", targetType: "recharge", targetId: rid, metadata: { rechargeNo: gone.rechargeNo, amountMinor: gone.amountMinor, status: gone.status, userId: gone.userId } },
      tx,
    );
  });
  return { id: rid };
}
