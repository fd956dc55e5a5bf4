// The USDT-TRC20 poller (behaviour §5): incoming transfers to our address of the USDT contract are
// matched by exact amount in micro-units to the attempt that was open when the transfer's block was
// made; a transfer made after that attempt closed is recorded on it as late (and the order flagged).
// Each transaction id is inserted once (primary key) in the same transaction that records the
// payment, so a transfer pays at most one payment, and a crash never leaves it "seen" but unrecorded.
//
// When the poller reads a transfer does not matter: matching is by block time, so a transfer made
// while buyer X's attempt was open pays X's attempt (late, if X has cancelled since) even when buyer
// Y holds the same amount by the time the poller sees it.
import { and, asc, desc, eq, gte, inArray, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chainReceipts, payments, type Payment } from "../../db/schema";
import { listIncomingUsdt, microToDecimal, type IncomingTransfer } from "../../integrations/payments";
import { log } from "../../logger";
import { loadGatewayConfig } from "../payments-config";
import { afterRecord, flagOrderForReview, recordVerifiedPaymentIn, type RecordOutcome } from "./record-payment";
import { creditDuplicateRechargeTransfer } from "../wallet/recharge-credit";

/** Transfers up to this long after an attempt closed still match it (as a late payment). */
export const USDT_LATE_WINDOW_MS = 24 * 3_600_000;
/**
 * How much earlier than an attempt's creation a block may be and still pay it: none. TronGrid's
 * `block_timestamp` is the block's slot time in ms, set by the block producer, and a transaction in
 * a block was broadcast before that time; a buyer can broadcast only after seeing the amount, which
 * exists only once the attempt was created. Between the two lie a person reading an amount and
 * signing a transfer (seconds at least), against the difference of two NTP-synced clocks (ours and
 * the producers', well under a second). Any allowance would let a transfer made for the amount's
 * previous holder pay the new one; a genuine transfer never needs it.
 */
export const USDT_BLOCK_TIME_TOLERANCE_MS = 0;

export interface PollResult { seen: number; settled: number; late: number; unmatched: number }

export async function pollUsdtReceipts(db: Db, now = new Date()): Promise<PollResult> {
  const result: PollResult = { seen: 0, settled: 0, late: 0, unmatched: 0 };
  const cfg = await loadGatewayConfig(db, "usdt_trc20", { includeDisabled: true });
  if (!cfg) return result;
  const horizon = new Date(now.getTime() - USDT_LATE_WINDOW_MS);
  // The oldest attempt a transfer could still be matched to: open, or closed within the late window.
  const [oldest] = await db
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.provider, "usdt_trc20"), or(eq(payments.status, "PENDING"), gte(payments.expiresAt, horizon), gte(payments.updatedAt, horizon))))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  if (!oldest) return result;
  const transfers = await listIncomingUsdt(cfg, { sinceMs: oldest.createdAt.getTime() - USDT_BLOCK_TIME_TOLERANCE_MS, now: now.getTime() });
  // Oldest first (TronGrid lists newest first): when one attempt gets two transfers, the earlier
  // one is the payment and the later one the second payment that is flagged.
  for (const t of [...transfers].sort((x, y) => x.blockTimestampMs - y.blockTimestampMs)) {
    result.seen++;
    const outcome = await db.transaction((tx) => recordTransfer(tx, t, now));
    if (!outcome) continue;
    if (outcome === "unmatched") {
      result.unmatched++;
      log.warn("USDT transfer matches no payment", { txId: t.txId, amountMicro: t.amountMicro });
      continue;
    }
    afterRecord(outcome, outcome.kind === "unknown_trade" ? "" : outcome.payment.tradeNo);
    if (outcome.kind === "duplicate") log.warn("USDT transfer for an attempt that was already paid; order flagged for review", { txId: t.txId, tradeNo: outcome.payment.tradeNo });
    if (outcome.kind === "settled") result.settled++;
    if (outcome.kind === "late") result.late++;
  }
  return result;
}

/**
 * The attempt a transfer of `amountMicro` in a block made at `blockTime` belongs to: the one that was
 * open then (created at or before the block, and not yet closed or paid at it; the amount's
 * quarantine in create-payment keeps these windows apart), else the one that closed or was paid
 * last before the block, within the late window: the same exact amount sent again after the
 * attempt was paid is that buyer paying twice (recorded as a duplicate and flagged), not a transfer
 * that matches nothing (which no admin would see). Never an attempt created after the block.
 *
 * A closed or paid attempt's `updatedAt` is its close (or payment) time: a USDT attempt is written
 * after it leaves PENDING only by the move to PAID (which sets `updatedAt` to `paidAt`) and the late
 * flag (which leaves `updatedAt` alone).
 */
async function attemptForTransfer(tx: Db, amountMicro: number, blockTime: Date): Promise<Payment | undefined> {
  const usdtAmount = and(eq(payments.provider, "usdt_trc20"), eq(payments.cryptoAmountMicro, amountMicro), lte(payments.createdAt, new Date(blockTime.getTime() + USDT_BLOCK_TIME_TOLERANCE_MS)));
  const [open] = await tx
    .select()
    .from(payments)
    .where(
      and(
        usdtAmount,
        or(
          eq(payments.status, "PENDING"),
          and(eq(payments.status, "CLOSED"), gte(payments.updatedAt, blockTime)),
          and(eq(payments.status, "PAID"), gte(payments.paidAt, blockTime)),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open) return open;
  const [closed] = await tx
    .select()
    .from(payments)
    .where(and(usdtAmount, inArray(payments.status, ["CLOSED", "PAID"]), gte(payments.updatedAt, new Date(blockTime.getTime() - USDT_LATE_WINDOW_MS))))
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  return closed;
}

async function recordTransfer(tx: Db, t: IncomingTransfer, now: Date): Promise<RecordOutcome | "unmatched" | undefined> {
  const blockTime = new Date(t.blockTimestampMs);
  const inserted = await tx
    .insert(chainReceipts)
    .values({ txId: t.txId, fromAddress: t.from, amountMicro: t.amountMicro, blockTimestamp: blockTime })
    .onConflictDoNothing()
    .returning({ txId: chainReceipts.txId });
  if (inserted.length === 0) return undefined; // seen before: used once, never again
  const payment = await attemptForTransfer(tx, t.amountMicro, blockTime);
  if (!payment) return "unmatched";
  await tx.update(chainReceipts).set({ paymentId: payment.id }).where(eq(chainReceipts.txId, t.txId));
  const outcome = await recordVerifiedPaymentIn(tx, {
    tradeNo: payment.tradeNo,
    amountMicro: t.amountMicro,
    providerTradeNo: t.txId,
    evidence: { provider: "usdt_trc20", txId: t.txId, from: t.from, amountMicro: t.amountMicro, blockTimestamp: blockTime.toISOString(), via: "poll" },
    now,
  });
  // A transaction id reaches this point once (the receipt insert above), so a "duplicate" here is
  // never a replay: it is a second transfer of real money to an attempt already paid. Someone paid
  // twice; the order is flagged like a late payment so an admin sees it and refunds.
  if (outcome.kind === "duplicate" && outcome.payment.purpose === "RECHARGE") {
    // [wallet] A second transfer to a recharge already credited: the money is the payer's balance.
    await creditDuplicateRechargeTransfer(tx, outcome.payment, t.txId, now);
  } else if (outcome.kind === "duplicate") {
    await flagOrderForReview(tx, {
      orderId: outcome.payment.orderId!,
      note: `second transfer ${t.txId} of ${microToDecimal(t.amountMicro)} USDT from ${t.from} to payment ${outcome.payment.tradeNo}, which was already paid (refund)`,
      audit: { action: "payment.duplicate", metadata: { tradeNo: outcome.payment.tradeNo, provider: "usdt_trc20", txId: t.txId, from: t.from, amountMicro: t.amountMicro } },
      now,
    });
  }
  return outcome;
}
