"use client";
// Orders in words: statuses, review states and money as a person reads them (never the codes).
import { Badge } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { OrderStatus, ReviewStatus } from "@/server/db/schema/commerce";

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = { PENDING: "yellow", PAID: "teal", CANCELLED: "gray", EXPIRED: "gray", REFUNDED: "grape" };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useTranslations("adminOrders");
  return (
    <Badge color={ORDER_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="order-status" data-status={status}>
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}

/** Flagged orders stand out (red, with a flag); resolved ones are quiet; normal ones show nothing. */
export function ReviewBadge({ review, always = false }: { review: ReviewStatus; always?: boolean }) {
  const t = useTranslations("adminOrders");
  if (review === "NORMAL" && !always) return null;
  const color = review === "FLAGGED" ? "red" : review === "RESOLVED" ? "blue" : "gray";
  return (
    <Badge
      color={color}
      variant={review === "FLAGGED" ? "filled" : "light"}
      leftSection={review === "FLAGGED" ? <IconFlag size={12} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
      data-testid="order-review"
      data-review={review}
    >
      {t(`reviewStatus.${review}`)}
    </Badge>
  );
}

/**
 * Integer minor units in the order's currency, always with two decimals (amounts are stored that
 * way whatever the currency). Division by 100 only feeds the formatter; nothing is computed from it.
 */
export function useMoney() {
  const f = useFormatter();
  return useCallback(
    (minor: number, currency: string) => {
      try {
        return f.number(minor / 100, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
      } catch {
        return `${(minor / 100).toFixed(2)} ${currency}`;
      }
    },
    [f],
  );
}

/** A date and time, or a dash. */
export function useWhen() {
  const f = useFormatter();
  return useCallback((d: Date | null | undefined) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—"), [f]);
}
