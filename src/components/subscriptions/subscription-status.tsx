"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { SubscriptionStatus } from "@/server/db/schema/commerce";

const COLORS: Record<SubscriptionStatus, string> = { ACTIVE: "teal", SUSPENDED: "orange", EXPIRED: "gray", CANCELLED: "gray" };

/** A subscription's status in words (never the code). */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const t = useTranslations("subscriptions.status");
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" tt="none" style={{ flexShrink: 0, maxWidth: "none" }} styles={{ label: { overflow: "visible" } }} data-testid="subscription-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
