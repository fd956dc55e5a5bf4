// The codes the order filters offer, kept here so client code does not pull in the database schema
// (which brings drizzle into the browser bundle). `satisfies` ties each list to the schema's type.
import type { OrderKind, OrderPayMethod, OrderStatus, PaymentProvider, ReviewStatus } from "@/server/db/schema/commerce";

export const ORDER_STATUS_CODES = ["PENDING", "PAID", "CANCELLED", "EXPIRED", "REFUNDED"] as const satisfies readonly OrderStatus[];
export const REVIEW_STATUS_CODES = ["NORMAL", "FLAGGED", "RESOLVED"] as const satisfies readonly ReviewStatus[];
export const PROVIDER_CODES = ["epay", "alipay_f2f", "usdt_trc20"] as const satisfies readonly PaymentProvider[];

/** What the admin list hands the browser for one order. */
export interface OrderRow {
  id: string;
  orderNo: string;
  email: string;
  kind: OrderKind;
  status: OrderStatus;
  reviewStatus: ReviewStatus;
  reviewNote: string | null;
  currency: string;
  totalMinor: number;
  provider: OrderPayMethod | null;
  createdAt: Date;
  paidAt: Date | null;
  expiresAt: Date;
}

/** Confirm applies to a pending order, and to a closed one that a late payment flagged. */
export const canConfirm = (o: Pick<OrderRow, "status" | "reviewStatus">) =>
  o.status === "PENDING" || ((o.status === "CANCELLED" || o.status === "EXPIRED") && o.reviewStatus === "FLAGGED");
export const canCancel = (o: Pick<OrderRow, "status">) => o.status === "PENDING";
export const canRefund = (o: Pick<OrderRow, "status">) => o.status === "PAID";
