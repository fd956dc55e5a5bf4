"use client";
// What the pay page charges for (issue 24 item 2): the order's kind, each line's plan with its traffic
// and days, the price before discounts, the coupon (by its code) and the promotion with what they
// take off, and the amount to pay. One card that stacks on a phone.
import { Badge, Card, Divider, Group, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import type { OrderKind } from "@/server/db/schema/commerce";
import { PlanChangeCard } from "@/components/plan-change/plan-change-card";
import type { PlanChangeView } from "@/server/services/plan-change/view";
import { GiftSummaryLine } from "@/components/gifts/gift-summary-line";
import { formatMoney } from "./money";

export interface PaySummaryLine {
  planName: string;
  kind: OrderKind;
  trafficGb: number;
  durationDays: number;
  amountMinor: number;
}

export interface PaySummaryData {
  kind: OrderKind;
  currency: string;
  lines: PaySummaryLine[];
  subtotalMinor: number;
  couponCode: string | null;
  couponDiscountMinor: number;
  promotionDiscountMinor: number;
  totalMinor: number;
  /** A plan change's order: the arithmetic behind its amount (issue 28 item 2). */
  planChange?: PlanChangeView | null;
  /** Issue 28: bought as a gift for this address (mailed a link to claim it once paid). */
  giftEmail?: string | null;
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: "nowrap" }} data-testid={`${testId}-amount`}>
        {value}
      </Text>
    </Group>
  );
}

export function PaySummary({ summary }: { summary: PaySummaryData }) {
  const t = useTranslations("payPage");
  const tk = useTranslations("store.kind");
  const locale = useLocale();
  const money = (m: number) => formatMoney(m, summary.currency, locale);
  const saved = summary.couponDiscountMinor + summary.promotionDiscountMinor;
  return (
    <Card withBorder padding="md" data-testid="pay-summary" data-kind={summary.kind}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t("summaryTitle")}</Text>
          <Badge variant="light" color={summary.kind === "NEW_PURCHASE" ? "blue" : "violet"} tt="none" aria-label={`${t("kindLabel")}: ${tk(summary.kind)}`} data-testid="pay-summary-kind">
            {tk(summary.kind)}
          </Badge>
        </Group>
        {summary.lines.map((l, i) => (
          <Group key={i} justify="space-between" wrap="nowrap" align="flex-start" gap="xs" data-testid="pay-summary-line">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid="pay-summary-plan">
                {l.planName}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  l.trafficGb > 0 ? <span key="gb" data-testid="pay-summary-traffic">{t("traffic", { gb: l.trafficGb })}</span> : null,
                  l.durationDays > 0 ? <span key="days" data-testid="pay-summary-days">{t("days", { days: l.durationDays })}</span> : null,
                  summary.lines.length > 1 ? <span key="kind">{tk(l.kind)}</span> : null,
                ]
                  .filter(Boolean)
                  .flatMap((el, i) => (i === 0 ? [el] : [" · ", el]))}
              </Text>
            </Stack>
            <Text size="sm" style={{ whiteSpace: "nowrap" }}>
              {money(l.amountMinor)}
            </Text>
          </Group>
        ))}
        {summary.planChange ? <PlanChangeCard view={summary.planChange} withBorder={false} /> : null}
        {summary.giftEmail ? <GiftSummaryLine email={summary.giftEmail} /> : null}
        {saved > 0 ? (
          <>
            <Divider />
            <Row label={t("subtotal")} value={money(summary.subtotalMinor)} testId="pay-summary-subtotal" />
            {summary.couponDiscountMinor > 0 ? (
              <Row label={summary.couponCode ? t("coupon", { code: summary.couponCode }) : t("couponNoCode")} value={money(-summary.couponDiscountMinor)} testId="pay-summary-coupon" />
            ) : null}
            {summary.promotionDiscountMinor > 0 ? <Row label={t("promotion")} value={money(-summary.promotionDiscountMinor)} testId="pay-summary-promotion" /> : null}
            <Text size="xs" fw={600} ta="right" data-testid="pay-summary-discount">
              {t("saved", { amount: money(saved) })}
            </Text>
          </>
        ) : null}
        <Divider />
        <Row label={t("total")} value={money(summary.totalMinor)} testId="pay-summary-total" strong />
      </Stack>
    </Card>
  );
}
