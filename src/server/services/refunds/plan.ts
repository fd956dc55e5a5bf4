// What one paid order can be refunded to, and up to how much (issue 23 item 5). Read by the refund
// verb inside its transaction and by the admin dialog, so both say the same thing.
//
// - MANUAL (paid back by hand, recorded only): anything up to what was paid.
// - BALANCE (wallet edition only): anything up to what was paid, credited to the buyer's balance.
// - GATEWAY: only when the order was paid through a gateway with a refund API (epay, Alipay
//   face-to-face; never USDT, the balance, or an admin's confirmation), and the gateway is configured.
//   A split payment (part balance, part gateway) sends at most the gateway's part back through the
//   gateway; the rest of the amount goes back to the balance (wallet edition), or is refused in the
//   base edition (the maximum is then the gateway's part).
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments, refunds, type Order, type Payment, type Refund } from "../../db/schema";
import { isDomainError } from "../../errors";
import { loadGatewayConfig } from "../payments-config";
import { parseStoredError } from "./stored-error";
import { givenBackForOrder } from "../plan-change/view";

export const REFUND_GATEWAYS = ["epay", "alipay_f2f"] as const;
export type RefundGateway = (typeof REFUND_GATEWAYS)[number];

/** Why a destination is not offered, as the dialog words it (refunds.why.<code>). */
export type UnavailableWhy =
  | "nothing_paid"
  | "base_edition"
  | "paid_by_balance"
  | "admin_confirmed"
  | "no_gateway_payment"
  | "gateway_without_refunds"
  | "gateway_not_configured"
  | "gateway_said_unsupported";

export type Availability = { available: true; maxMinor: number } | { available: false; why: UnavailableWhy };

export interface RefundPlan {
  /** What was paid in money: the order's total, or 0 for a free or card-paid order. */
  paidMinor: number;
  /** The gateway payment that paid the order (PAID, not a late duplicate), if any. */
  payment: Payment | null;
  /** The part of the order the gateway took, and the part taken from the balance (split payments). */
  gatewayPartMinor: number;
  balancePartMinor: number;
  balance: Availability;
  gateway: Availability & { provider?: RefundGateway };
  manual: Availability;
  /** The order's refund row, if one was ever made (a FAILED one is reused by the next attempt). */
  existing: Refund | null;
}

/** Orders settled without money: free ones, and [wallet] ones a plan card paid. */
const NOTHING_PAID_VIA = new Set<string>(["FREE", "CARD"]);
const isRefundGateway = (p: string): p is RefundGateway => (REFUND_GATEWAYS as readonly string[]).includes(p);

/** How much of `amountMinor` goes through the gateway (first) and how much to the balance. */
export function splitGatewayAmount(amountMinor: number, gatewayPartMinor: number): { gatewayMinor: number; balanceMinor: number } {
  const gatewayMinor = Math.min(amountMinor, gatewayPartMinor);
  return { gatewayMinor, balanceMinor: amountMinor - gatewayMinor };
}

/** The payment that settled the order: PAID, not late, through the order's own provider. */
export async function payingPayment(db: Db, order: Order): Promise<Payment | null> {
  if (order.paidVia !== "GATEWAY") return null;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.late, false)))
    .orderBy(desc(payments.paidAt));
  // REFUNDED counts too: a payment a failed-then-retried refund already marked stays the paying one.
  return rows.find((p) => (p.status === "PAID" || p.status === "REFUNDED") && (!order.provider || p.provider === order.provider)) ?? null;
}

export async function planRefund(db: Db, order: Order, opts: { wallet: boolean }): Promise<RefundPlan> {
  // A plan change that could not apply gave its payment back already (balance or coupon): only the rest is refundable.
  const givenBack = order.kind === "PLAN_CHANGE" ? await givenBackForOrder(db, order.id) : 0;
  const paidMinor = NOTHING_PAID_VIA.has(order.paidVia ?? "") ? 0 : Math.max(0, order.totalMinor - givenBack);
  const [payment, existingRows] = await Promise.all([payingPayment(db, order), db.select().from(refunds).where(eq(refunds.orderId, order.id))]);
  const existing = existingRows[0] ?? null;
  const gatewayPartMinor = payment ? Math.min(payment.amountMinor, paidMinor) : 0;
  const balancePartMinor = Math.min(order.balancePaidMinor, paidMinor);
  const nothing = { available: false, why: "nothing_paid" } as const;
  if (paidMinor <= 0) return { paidMinor, payment, gatewayPartMinor, balancePartMinor, balance: nothing, gateway: nothing, manual: nothing, existing };

  const manual: Availability = { available: true, maxMinor: paidMinor };
  const balance: Availability = opts.wallet ? { available: true, maxMinor: paidMinor } : { available: false, why: "base_edition" };
  return { paidMinor, payment, gatewayPartMinor, balancePartMinor, balance, manual, existing, gateway: await gatewayAvailability(db, order, payment, existing, { paidMinor, gatewayPartMinor, wallet: opts.wallet }) };
}

async function gatewayAvailability(
  db: Db,
  order: Order,
  payment: Payment | null,
  existing: Refund | null,
  a: { paidMinor: number; gatewayPartMinor: number; wallet: boolean },
): Promise<RefundPlan["gateway"]> {
  if (order.paidVia === "BALANCE" || order.provider === "balance") return { available: false, why: "paid_by_balance" };
  if (order.paidVia === "ADMIN") return { available: false, why: "admin_confirmed" };
  if (!payment) return { available: false, why: "no_gateway_payment" };
  if (!isRefundGateway(payment.provider)) return { available: false, why: "gateway_without_refunds" };
  try {
    if (!(await loadGatewayConfig(db, payment.provider, { includeDisabled: true }))) return { available: false, why: "gateway_not_configured" };
  } catch (err) {
    if (isDomainError(err)) return { available: false, why: "gateway_not_configured" };
    throw err;
  }
  // The gateway said before that it has no refund API for this merchant (epay builds differ).
  if (existing?.status === "FAILED" && existing.destination === "GATEWAY" && parseStoredError(existing.lastError)?.reason === "refund_destination_unavailable") {
    return { available: false, why: "gateway_said_unsupported" };
  }
  // The balance part of a split payment can only go back to the balance (wallet edition).
  return { available: true, provider: payment.provider, maxMinor: a.wallet ? a.paidMinor : a.gatewayPartMinor };
}
