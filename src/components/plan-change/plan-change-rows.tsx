"use client";
// The arithmetic of a plan change as rows a person can follow: from which plan to which, how much of
// the current period is left (time and traffic), what that period was worth and the share credited,
// the new plan's price, what is due now and what credit is left over (and where it goes). Stacks
// label over value on a phone.
import { Divider, Group, Stack, Text } from "@mantine/core";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { formatBytes, formatGb } from "@/i18n/format";
import { formatMoney } from "@/components/store/money";
import type { PlanChangeFigures } from "./figures";

const DAY_MS = 86_400_000;

function Row({ label, value, testId, strong, hint }: { label: string; value: string; testId: string; strong?: boolean; hint?: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap={4} align="flex-start" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0, flex: "1 1 10rem" }}>
        <Text size="sm" fw={strong ? 700 : undefined}>
          {label}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : 500} ta="right" style={{ overflowWrap: "anywhere" }} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Group>
  );
}

export function PlanChangeRows({ figures: f, testId = "plan-change-rows" }: { figures: PlanChangeFigures; testId?: string }) {
  const t = useTranslations("planChange");
  const tr = useTranslations("planChange.rows");
  const locale = useLocale();
  const format = useFormatter();
  const money = (m: number) => formatMoney(m, f.currency, locale);
  const days = Math.floor(f.msLeft / DAY_MS);
  const left = days === 0 && f.msLeft > 0 ? t("lessThanADay") : t("daysLeft", { days });
  // Shown rounded down like the credit it yields (99.99 % must not read as 100 % beside a credit below the whole).
  const share = f.unusedDenominator > 0 ? Math.floor((f.unusedNumerator / f.unusedDenominator) * 1000) / 1000 : 0;
  const traffic =
    f.trafficLimitBytes === 0
      ? tr("trafficUnlimited")
      : f.trafficMeasures === false
        ? tr("trafficNotCounted")
        : tr("trafficLeftValue", { left: formatBytes(f.trafficLeftBytes), limit: formatBytes(f.trafficLimitBytes) });
  const basis = (["TIME", "TRAFFIC", "LOWER"] as const).find((b) => b === f.basis) ?? "TIME";
  return (
    <Stack gap={6} data-testid={testId}>
      <Row label={tr("current")} value={f.fromPlanName} testId="plan-change-from" />
      <Row label={tr("next")} value={f.toPlanName} testId="plan-change-to" />
      <Divider variant="dashed" />
      <Row label={tr("timeLeft")} value={tr("timeLeftValue", { left, total: Math.round(f.termMs / DAY_MS) })} testId="plan-change-time-left" />
      <Row label={tr("trafficLeft")} value={traffic} testId="plan-change-traffic-left" />
      <Row label={tr("basis")} value={`${t(`basisWords.${basis}`)} ${t(`measureWords.${f.measure}`)}`} testId="plan-change-basis" />
      <Row label={tr("periodValue")} value={money(f.termValueMinor)} testId="plan-change-period-value" />
      <Row label={tr("unusedShare")} value={format.number(share, { style: "percent", maximumFractionDigits: 1 })} testId="plan-change-share" />
      <Row label={tr("credit")} value={money(-f.creditMinor)} testId="plan-change-credit" />
      <Row label={tr("newPrice")} value={money(f.newPriceMinor)} testId="plan-change-new-price" hint={t("newTerm", { traffic: f.newTrafficGb > 0 ? formatGb(f.newTrafficGb) : t("unlimited"), days: f.newDurationDays })} />
      <Divider variant="dashed" />
      <Row label={tr("due")} value={money(f.dueMinor)} testId="plan-change-due" strong />
      {f.leftoverMinor > 0 ? <Row label={tr("leftover")} value={money(f.leftoverMinor)} testId="plan-change-leftover" hint={tr(`leftoverTo.${f.leftoverTo}`)} /> : null}
      {f.forfeitedMinor > 0 ? <Row label={tr("forfeited")} value={money(f.forfeitedMinor)} testId="plan-change-forfeited" hint={tr("forfeitedHint")} /> : null}
    </Stack>
  );
}
