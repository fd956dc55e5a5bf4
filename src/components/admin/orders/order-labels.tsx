"use client";
// Orders in words: statuses, review states and money as a person reads them (never the codes).
import { Badge } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { useFormatter } from "next-intl";
import { useCallback } from "react";
import type { ReviewStatus } from "@/server/db/schema/commerce";
import { useLabels } from "../../labels/use-labels";

// One badge for an order's status on the user's and the admin's pages (the label catalogue's word).
export { ORDER_STATUS_COLORS, OrderStatusBadge } from "../../store/status";

/** Flagged orders stand out (red, with a flag); resolved ones are quiet; normal ones show nothing. */
export function ReviewBadge({ review, always = false }: { review: ReviewStatus; always?: boolean }) {
  const label = useLabels();
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
      {label("reviewStatus", review)}
    </Badge>
  );
}

/** Integer minor units in the order's currency: the one money formatter (src/i18n/format.ts). */
export { useMoney } from "../../format/use-money";

/** A date and time, or a dash. */
export function useWhen() {
  const f = useFormatter();
  return useCallback((d: Date | null | undefined) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—"), [f]);
}
