"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { UserStatus } from "@/server/db/schema/accounts";

export type AccountStatus = UserStatus;
export const STATUS_COLORS: Record<AccountStatus, string> = { ACTIVE: "teal", PENDING_EMAIL: "yellow", DISABLED: "gray", BANNED: "red" };

/**
 * An account's status in words (messages `status.*`), for users and admins alike: the code is what
 * the CLI and the URL filters use, never what a person reads. The toast after a status change uses
 * the same map, so the badge and the toast say the same word.
 */
export function StatusBadge({ status }: { status: AccountStatus }) {
  const t = useTranslations("status");
  return (
    // Never squeezed by a long neighbour in a row (flex): a badge shows its whole word.
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="status-badge" data-status={status}>
      {t(status)}
    </Badge>
  );
}
