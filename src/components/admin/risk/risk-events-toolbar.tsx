"use client";
import { useTranslations } from "next-intl";
import { DateFilter, ListToolbar } from "../list-kit";
import { RESTRICTION_CODES, RISK_FINAL_CODES, RISK_LEVEL_CODES, RISK_REASON_CODES, RISK_REVIEW_CODES } from "./risk-codes";

/** Search as you type and the filters, kept in the URL; any change starts again at the newest events. */
export function RiskEventsToolbar() {
  const t = useTranslations("adminRisk");
  return (
    <ListToolbar
      testId="risk-toolbar"
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "risk-search" }}
      filters={[
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: RISK_REVIEW_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) })), testId: "risk-status-filter" },
        { param: "level", label: t("level"), placeholder: t("allLevels"), data: RISK_LEVEL_CODES.map((s) => ({ value: s, label: t(`levels.${s}`) })), testId: "risk-level-filter" },
        { param: "reason", label: t("reason"), placeholder: t("allReasons"), data: RISK_REASON_CODES.map((s) => ({ value: s, label: t(`reasons.${s}`) })), testId: "risk-reason-filter", width: 200 },
        { param: "final", label: t("finalAction"), placeholder: t("allFinal"), data: RISK_FINAL_CODES.map((s) => ({ value: s, label: t(`finalActions.${s}`) })), testId: "risk-final-filter" },
        { param: "restriction", label: t("restriction"), placeholder: t("allRestriction"), data: RESTRICTION_CODES.map((s) => ({ value: s, label: t(`restrictionOptions.${s}`) })), testId: "risk-restriction-filter" },
      ]}
    >
      <DateFilter param="from" label={t("from")} testId="risk-from" />
      <DateFilter param="to" label={t("to")} testId="risk-to" />
    </ListToolbar>
  );
}
