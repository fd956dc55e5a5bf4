"use client";
import { useTranslations } from "next-intl";
import { RECHARGE_STATUSES } from "@/server/db/schema/wallet";
import { ListToolbar } from "../list-kit";

/** Email search as you type and the status filter, kept in the URL; any change starts again at page 1. */
export function RechargesToolbar() {
  const t = useTranslations("adminWallet.recharges");
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "recharge-search" }}
      filters={[{ param: "status", label: t("status"), placeholder: t("allStatuses"), data: RECHARGE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })), testId: "recharge-status-filter", width: 200 }]}
    />
  );
}
