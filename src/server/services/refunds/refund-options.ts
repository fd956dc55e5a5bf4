// The admin's read for one order's refund: what the dialog offers (each destination with its
// maximum, or why it is not possible) and the refund the drawer shows (destination, status, refund
// number, gateway reference, last error as a reason and its parameters). Admins only.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { orders, type OrderKind, type OrderStatus, type RefundDestination, type RefundStatus } from "../../db/schema";
import { isWallet } from "../../env";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { planRefund, type Availability, type RefundGateway } from "./plan";
import { parseStoredError, type StoredError } from "./stored-error";

export interface RefundView {
  id: string;
  destination: RefundDestination;
  status: RefundStatus;
  amountMinor: number;
  refundNo: string;
  gatewayReference: string | null;
  provider: string | null;
  endSubscription: boolean;
  note: string | null;
  lastError: StoredError | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface RefundOptions {
  orderId: string;
  orderNo: string;
  orderKind: OrderKind;
  orderStatus: OrderStatus;
  currency: string;
  paidMinor: number;
  /** The parts of a split payment (wallet edition): what the gateway took and what the balance paid. */
  gatewayPartMinor: number;
  balancePartMinor: number;
  wallet: boolean;
  destinations: { balance: Availability; gateway: Availability & { provider?: RefundGateway }; manual: Availability };
  refund: RefundView | null;
}

export async function getRefundOptions(ctx: Ctx, id: string): Promise<RefundOptions> {
  requireAdmin(ctx, "orders.refund");
  const oid = parseInput(z.uuid(), id);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, oid));
  if (!order) throw new DomainError("NOT_FOUND", "order_not_found");
  const wallet = isWallet();
  const plan = await planRefund(ctx.db, order, { wallet });
  const r = plan.existing;
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    orderKind: order.kind,
    orderStatus: order.status,
    currency: order.currency,
    paidMinor: plan.paidMinor,
    gatewayPartMinor: plan.gatewayPartMinor,
    balancePartMinor: plan.balancePartMinor,
    wallet,
    destinations: { balance: plan.balance, gateway: plan.gateway, manual: plan.manual },
    refund: r
      ? {
          id: r.id,
          destination: r.destination,
          status: r.status,
          amountMinor: r.amountMinor,
          refundNo: r.refundNo,
          gatewayReference: r.gatewayReference,
          provider: plan.payment?.provider ?? null,
          endSubscription: r.endSubscription,
          note: r.note,
          lastError: parseStoredError(r.lastError),
          createdAt: r.createdAt,
          completedAt: r.completedAt,
        }
      : null,
  };
}
