"use client";
// A recharge's state in words: awaiting payment, credited, cancelled, or expired (a cancellation by
// the expiry job reads as "expired", which is what happened).
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { RechargeStatus } from "@/server/db/schema/wallet";

export type RechargeShownStatus = RechargeStatus | "EXPIRED";

export const shownStatus = (r: { status: RechargeStatus; cancelReason: string | null }): RechargeShownStatus => (r.status === "CANCELLED" && r.cancelReason === "expired" ? "EXPIRED" : r.status);

const COLORS: Record<RechargeShownStatus, string> = { PENDING: "yellow", CREDITED: "teal", CANCELLED: "gray", EXPIRED: "gray" };

export function RechargeStatusBadge({ recharge }: { recharge: { status: RechargeStatus; cancelReason: string | null } }) {
  const t = useTranslations("wallet.status");
  const status = shownStatus(recharge);
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0, maxWidth: "none" }} styles={{ label: { overflow: "visible" } }} data-testid="recharge-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
