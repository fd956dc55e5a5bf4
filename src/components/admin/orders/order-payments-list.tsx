"use client";
// An order's payment attempts in the detail drawer: state, method, amount, trade number, times, and a
// late payment (one that arrived after the order closed) flagged with what it means.
import { Badge, Card, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { OrderDetail } from "./order-detail-types";
import { useMoney, useWhen } from "./order-labels";

const PAYMENT_COLORS: Record<string, string> = { PAID: "teal", PENDING: "yellow", REFUNDED: "grape" };

export function OrderPaymentsList({ payments, currency }: { payments: OrderDetail["payments"]; currency: string }) {
  const t = useTranslations("adminOrders");
  const money = useMoney();
  const when = useWhen();
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("noPayments")}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {payments.map((p) => (
        <Card key={p.tradeNo} withBorder padding="sm" data-testid="order-payment" data-status={p.status} data-late={p.late} style={p.late ? { borderColor: "var(--mantine-color-red-filled)" } : undefined}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap={6}>
              <Badge variant="light" color={PAYMENT_COLORS[p.status] ?? "gray"} data-testid="order-payment-status">
                {t(`paymentStatus.${p.status}`)}
              </Badge>
              {p.late ? (
                <Tooltip label={t("lateHint")} multiline w={240}>
                  <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />} data-testid="payment-late">
                    {t("late")}
                  </Badge>
                </Tooltip>
              ) : null}
              <Text size="sm">{t(`providers.${p.provider}`)}</Text>
            </Group>
            <Text size="sm" fw={500}>
              {money(p.amountMinor, currency)}
            </Text>
          </Group>
          <Text size="xs" mt={4} style={{ overflowWrap: "anywhere" }}>
            {t("labeled", { label: t("tradeNo"), value: p.tradeNo })}
          </Text>
          {p.late ? (
            <Text size="xs" c="red">
              {t("lateHint")}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t("labeled", { label: t("createdAt"), value: when(p.createdAt) })}
            {p.paidAt ? ` · ${t("labeled", { label: t("paidAt"), value: when(p.paidAt) })}` : ""}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
