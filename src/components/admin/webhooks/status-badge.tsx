"use client";
import { Badge } from "@mantine/core";
import type { WebhookDeliveryStatus } from "@/server/db/schema/reach";
import { STATUS_COLORS, useWebhookWords } from "./webhook-words";

/** A delivery's state in words; never shrinks or cuts. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const words = useWebhookWords();
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]} style={{ flexShrink: 0 }} data-status={status}>
      {words.status(status)}
    </Badge>
  );
}
