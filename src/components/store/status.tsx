"use client";
// Store-side names for the catalogue's order and payment badges (one word per state, users and admins).
import type { OrderStatus, PaymentStatus } from "@/server/db/schema/commerce";
import { LabelBadge } from "../labels/label-badge";

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = { PENDING: "yellow", PAID: "teal", CANCELLED: "gray", EXPIRED: "gray", REFUNDED: "grape" };
const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = { PENDING: "yellow", PAID: "teal", CLOSED: "gray", REFUNDED: "grape" };

/** An order's status in words (never the code). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <LabelBadge family="orderStatus" code={status} color={ORDER_STATUS_COLORS[status] ?? "gray"} testId="order-status" />;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <LabelBadge family="paymentStatus" code={status} color={PAYMENT_STATUS_COLORS[status] ?? "gray"} testId="payment-status" />;
}
