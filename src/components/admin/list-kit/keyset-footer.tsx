"use client";
// Under a keyset list: how many rows this page shows and the three page links (no page numbers, no
// total: the long lists never count their rows).
import { useTranslations } from "next-intl";
import { KeysetPager } from "../../shell/keyset-pager";
import type { KeysetHrefs } from "./keyset-links";

export function KeysetFooter({ rowCount, hrefs, testIdPrefix }: { rowCount: number; hrefs: KeysetHrefs; testIdPrefix: string }) {
  const t = useTranslations("listKit");
  const labels = { count: t("rowsOnPage", { count: rowCount }), pagination: t("pagination"), newest: t("newest"), newer: t("newer"), older: t("older") };
  return <KeysetPager {...hrefs} labels={labels} testIdPrefix={testIdPrefix} />;
}
