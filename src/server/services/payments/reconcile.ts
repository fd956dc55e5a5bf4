// `relayboard payment reconcile`: asks the providers about every attempt that may still have been
// paid (open ones, and ones closed within the late window, whose callback may have been lost),
// and records what they report. Safe to run any time: recording is exactly-once.
import { and, eq, gte, inArray, or } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { payments } from "../../db/schema";
import { DomainError } from "../../errors";
import { recordAudit } from "../audit";
import { askProvider } from "./query-payment";
import { pollUsdtReceipts, USDT_LATE_WINDOW_MS } from "./usdt-receipts";

export interface ReconcileResult { checked: number; recorded: number; failed: { tradeNo: string; reason: string }[]; usdt: { seen: number; settled: number; late: number; unmatched: number } }

export async function reconcilePayments(ctx: Ctx, limit = 500): Promise<ReconcileResult> {
  requireAdmin(ctx, "orders.write");
  const now = ctx.now();
  const horizon = new Date(now.getTime() - USDT_LATE_WINDOW_MS);
  const candidates = await ctx.db
    .select()
    .from(payments)
    .where(and(inArray(payments.provider, ["epay", "alipay_f2f"]), or(eq(payments.status, "PENDING"), and(eq(payments.status, "CLOSED"), gte(payments.expiresAt, horizon)))))
    .limit(limit);
  const result: ReconcileResult = { checked: 0, recorded: 0, failed: [], usdt: await pollUsdtReceipts(ctx.db, now) };
  for (const p of candidates) {
    result.checked++;
    try {
      if ((await askProvider(ctx, p, now, { throttle: false })) === "recorded") result.recorded++;
    } catch (err) {
      // A gateway that is down or refuses: report it per attempt and go on with the rest.
      if (!(err instanceof DomainError)) throw err;
      result.failed.push({ tradeNo: p.tradeNo, reason: err.reason });
    }
  }
  await recordAudit(ctx, { action: "payment.reconcile", metadata: { checked: result.checked, recorded: result.recorded, failed: result.failed.length, usdtSettled: result.usdt.settled } });
  return result;
}
