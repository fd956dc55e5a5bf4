// [wallet] A verified gateway payment of a recharge order, inside the payment door's transaction
// (payments/record-payment.ts). PENDING -> CREDITED by one conditional update, then the ledger row:
// a notify, the poller and the active query arriving together credit once. Money for a recharge that
// is no longer pending (cancelled, deleted, or already confirmed by an admin) is still the payer's:
// it is credited as a late payment and flagged in the audit log, never dropped.
import { and, eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { payments, walletRechargeOrders, type Payment, type WalletRechargeOrder } from "../../db/schema";
import { makeCtx } from "../../context";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { moveBalance } from "./ledger";

export type RechargeCreditOutcome = { kind: "credited"; recharge: WalletRechargeOrder } | { kind: "late"; status: string };

/** Marks a pending recharge credited and writes its ledger row; undefined when it was not pending. */
export async function creditRecharge(tx: Tx, rechargeId: string, via: "GATEWAY" | "ADMIN", now: Date, extra: { provider?: string; tradeNo?: string; actorId?: string | null } = {}): Promise<WalletRechargeOrder | undefined> {
  const [recharge] = await tx
    .update(walletRechargeOrders)
    .set({ status: "CREDITED", creditedVia: via, creditedAt: now, updatedAt: now, ...(extra.provider ? { provider: extra.provider, tradeNo: extra.tradeNo ?? null } : {}) })
    .where(and(eq(walletRechargeOrders.id, rechargeId), eq(walletRechargeOrders.status, "PENDING")))
    .returning();
  if (!recharge) return undefined;
  await moveBalance(tx, {
    userId: recharge.userId,
    kind: "RECHARGE",
    amountMinor: recharge.amountMinor,
    referenceType: "recharge",
    referenceId: recharge.id,
    idempotencyKey: `recharge:${recharge.id}`,
    actorId: extra.actorId ?? null,
    now,
  });
  // Other open attempts of this recharge stop here (a USDT amount is freed).
  await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.rechargeId, recharge.id), eq(payments.status, "PENDING")));
  // The owner's bell, in this transaction (keyed by the recharge: announced once, whoever credited it).
  await notify(tx, {
    userId: recharge.userId,
    type: "ORDER",
    level: "SUCCESS",
    text: { key: "rechargeCredited", params: { rechargeNo: recharge.rechargeNo, amount: { minor: recharge.amountMinor, currency: recharge.currency } } },
    link: "/wallet",
    dedupeKey: `recharge:${recharge.id}`,
  });
  return recharge;
}

export async function creditRechargePayment(tx: Tx, paid: Payment, now: Date): Promise<RechargeCreditOutcome> {
  const ctx = makeCtx(tx, { kind: "system" });
  const recharge = paid.rechargeId ? await creditRecharge(tx, paid.rechargeId, "GATEWAY", now, { provider: paid.provider, tradeNo: paid.tradeNo }) : undefined;
  if (recharge) {
    await recordAudit(ctx, { action: "recharge.credited", targetType: "recharge", targetId: recharge.id, metadata: { tradeNo: paid.tradeNo, provider: paid.provider, amountMinor: paid.amountMinor } });
    return { kind: "credited", recharge };
  }
  const [current] = paid.rechargeId ? await tx.select({ status: walletRechargeOrders.status }).from(walletRechargeOrders).where(eq(walletRechargeOrders.id, paid.rechargeId)) : [];
  const status = current?.status ?? "deleted";
  await tx.update(payments).set({ late: true }).where(eq(payments.id, paid.id));
  await moveBalance(tx, {
    userId: paid.userId,
    kind: "LATE_PAYMENT",
    amountMinor: paid.amountMinor,
    referenceType: "payment",
    referenceId: paid.id,
    idempotencyKey: `late:${paid.id}`,
    note: `recharge ${paid.rechargeId ?? "?"} was ${status}`,
    now,
  });
  await recordAudit(ctx, { action: "recharge.late_payment", targetType: "recharge", targetId: paid.rechargeId ?? paid.id, metadata: { tradeNo: paid.tradeNo, provider: paid.provider, amountMinor: paid.amountMinor, rechargeStatus: status } });
  return { kind: "late", status };
}

/** A second on-chain transfer to a recharge payment already paid: real money, so it is credited too. */
export async function creditDuplicateRechargeTransfer(tx: Tx, payment: Payment, txId: string, now: Date): Promise<void> {
  await moveBalance(tx, {
    userId: payment.userId,
    kind: "LATE_PAYMENT",
    amountMinor: payment.amountMinor,
    referenceType: "payment",
    referenceId: payment.id,
    idempotencyKey: `chain:${txId}`,
    note: `second transfer ${txId} to recharge payment ${payment.tradeNo}`,
    now,
  });
  await recordAudit(makeCtx(tx, { kind: "system" }), { action: "recharge.duplicate_transfer", targetType: "recharge", targetId: payment.rechargeId ?? payment.id, metadata: { tradeNo: payment.tradeNo, txId, amountMinor: payment.amountMinor } });
}
