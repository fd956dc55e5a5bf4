"use client";
// A priced order before it is placed (previewOrder's answer): the price, the coupon's and the
// promotion's discounts, and the total. The cart and buy now's dialog show it alike.
import { Divider, Group, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { OrderPreview } from "@/server/services/orders/preview-order";
import { formatMoney } from "./money";

export function SummaryRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? "lg" : "sm"} fw={strong ? 700 : undefined} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Test ids `<prefix>-summary`, `-subtotal`, `-coupon-discount`, `-promotion-discount`, `-total`. */
export function PreviewTotals({ data, prefix, children }: { data: OrderPreview; prefix: string; children?: ReactNode }) {
  const t = useTranslations("store.cart");
  const locale = useLocale();
  const money = (m: number) => formatMoney(m, data.currency, locale);
  return (
    <Stack gap={6} data-testid={`${prefix}-summary`}>
      <SummaryRow label={t("subtotal")} value={money(data.subtotalMinor)} testId={`${prefix}-subtotal`} />
      {data.couponDiscountMinor > 0 ? <SummaryRow label={t("couponDiscount")} value={money(-data.couponDiscountMinor)} testId={`${prefix}-coupon-discount`} /> : null}
      {data.promotionDiscountMinor > 0 ? <SummaryRow label={t("promotionDiscount")} value={money(-data.promotionDiscountMinor)} testId={`${prefix}-promotion-discount`} /> : null}
      <Divider variant="dashed" />
      <SummaryRow label={t("total")} value={money(data.totalMinor)} strong testId={`${prefix}-total`} />
      {children}
    </Stack>
  );
}
