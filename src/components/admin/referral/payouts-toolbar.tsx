"use client";
import { useTranslations } from "next-intl";
import { useLabels } from "@/components/labels/use-labels";
import { PAYOUT_METHODS, PAYOUT_STATUSES } from "@/server/db/schema/referral";
import { ListToolbar } from "../list-kit";

/** Email search as you type, the status and method filters, kept in the URL; any change starts again at page 1. */
export function PayoutsToolbar() {
  const t = useTranslations("referral.admin");
  const label = useLabels();
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "payout-search" }}
      filters={[
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: PAYOUT_STATUSES.map((s) => ({ value: s, label: label("referralPayoutStatus", s) })), testId: "payout-status-filter", width: 180 },
        { param: "method", label: t("method"), placeholder: t("allMethods"), data: PAYOUT_METHODS.map((m) => ({ value: m, label: label("referralPayoutMethod", m) })), testId: "payout-method-filter", width: 180 },
      ]}
    />
  );
}
