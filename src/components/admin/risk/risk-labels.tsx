"use client";
// Risk events in words: level, review status, the restriction and the final decision as badges.
import { Badge } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { RiskFinalAction, RiskLevel, RiskReviewStatus } from "@/server/db/schema/risk";
import { LabelBadge } from "../../labels/label-badge";
import { useLabels } from "../../labels/use-labels";

const LEVEL_COLORS: Record<RiskLevel, string> = { WARNING: "yellow", SUSPEND: "red" };
const REVIEW_COLORS: Record<RiskReviewStatus, string> = { OPEN: "orange", ACKNOWLEDGED: "blue", RESOLVED: "gray" };
const FINAL_COLORS: Record<RiskFinalAction, string> = { RELEASED: "teal", KEPT_BANNED: "dark" };

export function RiskLevelBadge({ level }: { level: RiskLevel }) {
  return <LabelBadge family="riskLevel" code={level} color={LEVEL_COLORS[level]} variant={level === "SUSPEND" ? "filled" : "light"} testId="risk-level" data-level={level} />;
}

export function RiskReviewBadge({ status }: { status: RiskReviewStatus }) {
  return <LabelBadge family="riskReviewStatus" code={status} color={REVIEW_COLORS[status]} testId="risk-review-status" />;
}

/** The restriction (while on) and the final decision (once made); nothing for an undecided, unrestricted event. */
export function RiskMarks({ restrictionActive, finalAction }: { restrictionActive: boolean; finalAction: RiskFinalAction | null }) {
  const t = useTranslations("adminRisk");
  const label = useLabels();
  return (
    <>
      {restrictionActive ? (
        <Badge color="red" variant="outline" leftSection={<IconShieldLock size={12} aria-hidden />} style={{ flexShrink: 0 }} data-testid="risk-restricted">
          {t("restricted")}
        </Badge>
      ) : null}
      {finalAction ? (
        <Badge color={FINAL_COLORS[finalAction]} variant="light" style={{ flexShrink: 0 }} data-testid="risk-final" data-final={finalAction}>
          {label("riskFinalAction", finalAction)}
        </Badge>
      ) : null}
    </>
  );
}
