"use client";
import { useTranslations } from "next-intl";
import { KeysetPager } from "../../shell/keyset-pager";

export function AccessLogPager({ rowCount, newestHref, newerHref, olderHref }: { rowCount: number; newestHref: string | null; newerHref: string | null; olderHref: string | null }) {
  const t = useTranslations("adminRiskLogs");
  const labels = { count: t("rowsOnPage", { count: rowCount }), pagination: t("pagination"), newest: t("newest"), newer: t("newer"), older: t("older") };
  return <KeysetPager newestHref={newestHref} newerHref={newerHref} olderHref={olderHref} labels={labels} testIdPrefix="access-log" />;
}
