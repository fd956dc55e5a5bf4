"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { OrderStatus, PaymentStatus } from "@/server/db/schema/commerce";

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = { PENDING: "yellow", PAID: "teal", CANCELLED: "gray", EXPIRED: "gray", REFUNDED: "grape" };
const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = { PENDING: "yellow", PAID: "teal", CLOSED: "gray", REFUNDED: "grape" };

/** An order's status in words (never the code). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useTranslations("store.orderStatus");
  return (
    <Badge color={ORDER_STATUS_COLORS[status] ?? "gray"} variant="light" tt="none" style={{ flexShrink: 0, maxWidth: "none" }} styles={{ label: { overflow: "visible" } }} data-testid="order-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const t = useTranslations("store.paymentStatus");
  return (
    <Badge color={PAYMENT_STATUS_COLORS[status] ?? "gray"} variant="light" tt="none" style={{ flexShrink: 0, maxWidth: "none" }} styles={{ label: { overflow: "visible" } }} data-testid="payment-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
