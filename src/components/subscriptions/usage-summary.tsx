"use client";
// Traffic used against the limit, with upload and download apart; shown on the detail page, on the
// browser view of a subscription link and on the dashboard. Plain elements with a class each: the
// first two are light pages with a byte budget (issue 24 item 11).
import { Badge } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { OUTLINE_IN_CSS } from "../outline-icon";
import { formatBytes } from "./bytes";
import c from "./light-layout.module.css";
import u from "./usage-summary.module.css";

export interface Usage {
  trafficLimitBytes: number;
  trafficUsedBytes: number;
  trafficUpBytes: number;
  trafficDownBytes: number;
}

export function UsageSummary({ usage, exhausted, testId = "usage" }: { usage: Usage; exhausted: boolean; testId?: string }) {
  const t = useTranslations("subscriptionPage");
  const limited = usage.trafficLimitBytes > 0;
  const pct = limited ? Math.min(100, (usage.trafficUsedBytes / usage.trafficLimitBytes) * 100) : 0;
  const used = formatBytes(usage.trafficUsedBytes);
  return (
    <div className={u.stack} data-testid={testId}>
      <div className={`${c.inline} ${c.between}`}>
        <p className={`${c.text} ${c.strong}`}>{t("usage")}</p>
        <div className={c.inline}>
          {exhausted ? (
            <Badge color="red" variant="light" tt="none" data-testid={`${testId}-exhausted`}>
              {t("trafficUsedUp")}
            </Badge>
          ) : null}
          <p className={c.text} data-testid={`${testId}-used`}>
            {limited ? t("usedOf", { used, limit: formatBytes(usage.trafficLimitBytes) }) : t("usedUnlimited", { used })}
          </p>
        </div>
      </div>
      {limited ? (
        <div className={u.bar} role="progressbar" aria-label={t("usage")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} aria-valuetext={`${Math.round(pct)}%`}>
          <div className={u.fill} style={{ width: `${pct}%` }} data-full={exhausted || pct >= 90 || undefined} />
        </div>
      ) : null}
      <div className={u.directions}>
        <span className={u.direction}>
          <IconArrowUp size={14} aria-hidden {...OUTLINE_IN_CSS} />
          <span className={c.small} data-testid={`${testId}-up`}>
            {t("upload", { value: formatBytes(usage.trafficUpBytes) })}
          </span>
        </span>
        <span className={u.direction}>
          <IconArrowDown size={14} aria-hidden {...OUTLINE_IN_CSS} />
          <span className={c.small} data-testid={`${testId}-down`}>
            {t("download", { value: formatBytes(usage.trafficDownBytes) })}
          </span>
        </span>
      </div>
    </div>
  );
}
