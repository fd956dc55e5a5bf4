"use client";
import { Badge, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";

export type AccountStatus = "ACTIVE" | "PENDING_EMAIL" | "DISABLED" | "BANNED";
export const STATUS_COLORS: Record<AccountStatus, string> = { ACTIVE: "teal", PENDING_EMAIL: "yellow", DISABLED: "gray", BANNED: "red" };

/** Users see the status in words; admins see the code (what the CLI uses) with its meaning on hover. */
export function StatusBadge({ status, code = false }: { status: AccountStatus; code?: boolean }) {
  const t = useTranslations("status");
  if (!code) {
    return (
      <Badge color={STATUS_COLORS[status]} variant="light" data-testid="status-badge">
        {t(status)}
      </Badge>
    );
  }
  return (
    <Tooltip label={t(status)}>
      <Badge color={STATUS_COLORS[status]} variant="light" data-testid="status-badge">
        {status}
      </Badge>
    </Tooltip>
  );
}
