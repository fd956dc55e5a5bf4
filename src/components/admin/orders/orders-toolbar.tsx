"use client";
import { useTranslations } from "next-intl";
import { ListToolbar } from "../list-kit";
import { ORDER_STATUS_CODES, PROVIDER_CODES, REVIEW_STATUS_CODES } from "./order-codes";

/** Search as you type and the filters, kept in the URL; any change starts again at page 1. */
export function OrdersToolbar() {
  const t = useTranslations("adminOrders");
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "order-search" }}
      filters={[
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: ORDER_STATUS_CODES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) })), testId: "order-status-filter" },
        { param: "review", label: t("review"), placeholder: t("allReviews"), data: REVIEW_STATUS_CODES.map((s) => ({ value: s, label: t(`reviewStatus.${s}`) })), testId: "order-review-filter" },
        { param: "provider", label: t("provider"), placeholder: t("allProviders"), data: PROVIDER_CODES.map((p) => ({ value: p, label: t(`providers.${p}`) })), testId: "order-provider-filter", width: 200 },
      ]}
    />
  );
}
