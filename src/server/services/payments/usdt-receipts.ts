// The USDT-TRC20 poller (behaviour §5): incoming transfers to our address of the USDT contract are
// matched to open payments by exact amount in micro-units, within the payment's time window. Each
// transaction id is inserted once (primary key) in the same transaction that records the payment,
// so a transfer pays at most one payment, and a crash never leaves it "seen" but unrecorded.
import { and, asc, eq, gte, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chainReceipts, payments } from "../../db/schema";
import { listIncomingUsdt, type IncomingTransfer } from "../../integrations/payments";
import { log } from "../../logger";
import { loadGatewayConfig } from "../payments-config";
import { afterRecord, recordVerifiedPaymentIn, type RecordOutcome } from "./record-payment";

/** Transfers up to this long after an attempt's expiry still match it (as a late payment). */
export const USDT_LATE_WINDOW_MS = 24 * 3_600_000;
/** Clock skew between the chain and us. */
const SKEW_MS = 60_000;

export interface PollResult { seen: number; settled: number; late: number; unmatched: number }

export async function pollUsdtReceipts(db: Db, now = new Date()): Promise<PollResult> {
  const result: PollResult = { seen: 0, settled: 0, late: 0, unmatched: 0 };
  const cfg = await loadGatewayConfig(db, "usdt_trc20", { includeDisabled: true });
  if (!cfg) return result;
  const horizon = new Date(now.getTime() - USDT_LATE_WINDOW_MS);
  const [oldest] = await db
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.provider, "usdt_trc20"), or(eq(payments.status, "PENDING"), gte(payments.expiresAt, horizon))))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  if (!oldest) return result;
  const transfers = await listIncomingUsdt(cfg, { sinceMs: oldest.createdAt.getTime() - SKEW_MS, now: now.getTime() });
  for (const t of transfers) {
    result.seen++;
    const outcome = await db.transaction((tx) => recordTransfer(tx, t, now));
    if (!outcome) continue;
    if (outcome === "unmatched") {
      result.unmatched++;
      log.warn("USDT transfer matches no payment", { txId: t.txId, amountMicro: t.amountMicro });
      continue;
    }
    afterRecord(outcome, outcome.kind === "unknown_trade" ? "" : outcome.payment.tradeNo);
    if (outcome.kind === "settled") result.settled++;
    if (outcome.kind === "late") result.late++;
  }
  return result;
}

async function recordTransfer(tx: Db, t: IncomingTransfer, now: Date): Promise<RecordOutcome | "unmatched" | undefined> {
  const blockTime = new Date(t.blockTimestampMs);
  const inserted = await tx
    .insert(chainReceipts)
    .values({ txId: t.txId, fromAddress: t.from, amountMicro: t.amountMicro, blockTimestamp: blockTime })
    .onConflictDoNothing()
    .returning({ txId: chainReceipts.txId });
  if (inserted.length === 0) return undefined; // seen before: used once, never again
  // The attempt that asked for exactly this amount and was open when the transfer was made; an open
  // one first (the unique index allows at most one), else the latest closed one (a late payment).
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, "usdt_trc20"),
        eq(payments.cryptoAmountMicro, t.amountMicro),
        lte(payments.createdAt, new Date(blockTime.getTime() + SKEW_MS)),
        gte(payments.expiresAt, new Date(blockTime.getTime() - USDT_LATE_WINDOW_MS)),
        sql`${payments.status} <> 'PAID'`,
      ),
    )
    .orderBy(sql`(${payments.status} = 'PENDING') desc`, sql`${payments.createdAt} desc`)
    .limit(1);
  if (!payment) return "unmatched";
  await tx.update(chainReceipts).set({ paymentId: payment.id }).where(eq(chainReceipts.txId, t.txId));
  return recordVerifiedPaymentIn(tx, {
    tradeNo: payment.tradeNo,
    amountMicro: t.amountMicro,
    providerTradeNo: t.txId,
    evidence: { provider: "usdt_trc20", txId: t.txId, from: t.from, amountMicro: t.amountMicro, blockTimestamp: blockTime.toISOString(), via: "poll" },
    now,
  });
}
