"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { TransferStatus } from "@/server/db/schema/wallet";

export const TRANSFER_STATUS_COLORS: Record<TransferStatus, string> = { AWAITING: "yellow", COMPLETED: "teal", REJECTED: "red", CANCELLED: "gray", EXPIRED: "gray" };

/** A transfer's status in words, the same for users and admins. */
export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const t = useTranslations("transfers.statuses");
  return (
    <Badge color={TRANSFER_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="transfer-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
