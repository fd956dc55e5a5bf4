"use client";
// The admin transfer list's search as you type (either party's email) and status filter, kept in
// the URL (the admin list kit); any change starts again at page 1.
import { useTranslations } from "next-intl";
import { ListToolbar } from "../admin/list-kit";
import { TRANSFER_STATUS_CODES } from "./transfer-codes";

export function AdminTransfersToolbar() {
  const t = useTranslations("adminTransfers");
  const ts = useTranslations("transfers.statuses");
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "admin-transfer-search" }}
      filters={[{ param: "status", label: t("status"), placeholder: t("allStatuses"), data: TRANSFER_STATUS_CODES.map((s) => ({ value: s, label: ts(s) })), testId: "admin-transfer-status-filter", width: 180 }]}
    />
  );
}
