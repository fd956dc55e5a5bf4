// The only writer of balances (behaviour §13). Every movement is one conditional update of the
// account (the balance may not go below zero: the WHERE clause refuses it, and the check constraint
// backs it up) plus one ledger row carrying the balance after it, in the caller's transaction. The
// row lock the update takes orders concurrent movements of one account; each sees the balance the
// previous one left, so the ledger's running balances and its sum both equal the account.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { walletAccounts, walletTransactions, type WalletTransaction, type WalletTxKind } from "../../db/schema";
import { conflict } from "../../errors";
import { minorToDecimal } from "../../integrations/payments/money";
import { publishEvent } from "../events/publish";

export interface Movement {
  userId: string;
  kind: WalletTxKind;
  /** Signed minor units: credits positive, debits negative; never zero. */
  amountMinor: number;
  referenceType?: string;
  referenceId?: string;
  /**
   * When set, a second movement with the same key fails (wallet_movement_duplicate) and the caller's
   * transaction with it. Callers decide "once" with their own conditional update first; the key is
   * the backstop that makes a mistake there an error instead of money moved twice.
   */
  idempotencyKey?: string;
  actorId?: string | null;
  note?: string | null;
  now: Date;
}

/** Moves money in or out of one balance; throws insufficient_balance when a debit would go below zero. */
export async function moveBalance(tx: Tx, m: Movement): Promise<WalletTransaction> {
  if (!Number.isSafeInteger(m.amountMinor) || m.amountMinor === 0) throw new Error(`wallet movement of ${m.amountMinor}`);
  await tx.insert(walletAccounts).values({ userId: m.userId, createdAt: m.now, updatedAt: m.now }).onConflictDoNothing();
  const [account] = await tx
    .update(walletAccounts)
    .set({ balanceMinor: sql`${walletAccounts.balanceMinor} + ${m.amountMinor}`, updatedAt: m.now })
    .where(and(eq(walletAccounts.userId, m.userId), m.amountMinor < 0 ? gte(walletAccounts.balanceMinor, -m.amountMinor) : undefined))
    .returning({ balanceMinor: walletAccounts.balanceMinor });
  if (!account) {
    const [current] = await tx.select({ balanceMinor: walletAccounts.balanceMinor }).from(walletAccounts).where(eq(walletAccounts.userId, m.userId));
    throw conflict("insufficient_balance", { balance: minorToDecimal(current?.balanceMinor ?? 0) });
  }
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      userId: m.userId,
      kind: m.kind,
      amountMinor: m.amountMinor,
      balanceAfterMinor: account.balanceMinor,
      referenceType: m.referenceType ?? null,
      referenceId: m.referenceId ?? null,
      idempotencyKey: m.idempotencyKey ?? null,
      actorId: m.actorId ?? null,
      note: m.note ?? null,
      createdAt: m.now,
    })
    .onConflictDoNothing({ target: walletTransactions.idempotencyKey })
    .returning();
  // The balance update above is undone with the caller's transaction when this throws.
  if (!row) throw conflict("wallet_movement_duplicate");
  // Every credit, whatever brought it (a recharge, a card, a refund, a late payment, a released hold).
  if (m.amountMinor > 0) {
    await publishEvent(tx, "wallet.credited", {
      transactionId: row.id,
      userId: m.userId,
      kind: m.kind,
      amountMinor: m.amountMinor,
      balanceAfterMinor: account.balanceMinor,
      referenceType: m.referenceType ?? null,
      referenceId: m.referenceId ?? null,
    });
  }
  return row;
}

/** The balance of one user (0 when they never had an account). */
export async function balanceOf(db: Tx, userId: string): Promise<number> {
  const [row] = await db.select({ balanceMinor: walletAccounts.balanceMinor }).from(walletAccounts).where(eq(walletAccounts.userId, userId));
  return row?.balanceMinor ?? 0;
}
