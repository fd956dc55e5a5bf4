"use client";
// The order's refund in the detail drawer (issue 23 item 5): where the money went, the refund's
// state (waiting for the gateway, done, refused), its refund number, the gateway's reference and
// the last error worded from the error catalogue. Loaded with the drawer (a Server Action read).
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { refundOptions } from "@/app/admin/orders/refund-actions";
import { useErrorText } from "../../forms/server-error";
import { useMoney, useWhen } from "./order-labels";

type Options = Extract<Awaited<ReturnType<typeof refundOptions>>, { ok: true }>["data"];
const STATUS_COLORS = { PENDING: "yellow", DONE: "grape", FAILED: "red" } as const;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: "anywhere" }} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** Renders nothing until loaded, and nothing for an order that was never refunded. */
export function OrderRefundCard({ orderId, currency }: { orderId: string; currency: string }) {
  const t = useTranslations("refunds");
  const money = useMoney();
  const when = useWhen();
  const { messageOf } = useErrorText();
  const [state, setState] = useState<{ id: string; options: Options | null } | null>(null);
  useEffect(() => {
    let live = true;
    refundOptions(orderId)
      .catch(() => null)
      .then((r) => {
        if (live) setState({ id: orderId, options: r?.ok ? r.data : null });
      });
    return () => {
      live = false;
    };
  }, [orderId]);
  const refund = state?.id === orderId ? state.options?.refund : null;
  if (!refund) return null;
  const error = refund.lastError ? messageOf({ code: "CONFLICT", message: refund.lastError.reason, details: { ...refund.lastError.details, reason: refund.lastError.reason } }) : null;
  return (
    <Card withBorder padding="sm" data-testid="order-refund" data-status={refund.status} data-destination={refund.destination}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {t("section")}
          </Text>
          <Badge color={STATUS_COLORS[refund.status]} variant="light" data-testid="order-refund-status">
            {t(`status.${refund.status}`)}
          </Badge>
        </Group>
        <Row label={t("refundDestination")}>
          {t(`destinations.${refund.destination}`)}
          {refund.destination === "GATEWAY" && (refund.provider === "epay" || refund.provider === "alipay_f2f") ? ` · ${t(`providers.${refund.provider}`)}` : ""}
        </Row>
        <Row label={t("refundAmount")}>{money(refund.amountMinor, currency)}</Row>
        <Row label={t("refundNo")} testId="order-refund-no">
          {refund.refundNo}
        </Row>
        {refund.gatewayReference ? (
          <Row label={t("gatewayReference")} testId="order-refund-reference">
            {refund.gatewayReference}
          </Row>
        ) : null}
        <Row label={t("requestedAt")}>{when(refund.createdAt)}</Row>
        {refund.completedAt && refund.status === "DONE" ? <Row label={t("completedAt")}>{when(refund.completedAt)}</Row> : null}
        <Row label={t("subscriptionEnded")}>{refund.endSubscription ? t("yes") : t("no")}</Row>
        {error ? (
          <Row label={t("lastError")} testId="order-refund-error">
            <Text span size="sm" c={refund.status === "FAILED" ? "red" : undefined}>
              {error}
            </Text>
          </Row>
        ) : null}
        {refund.status === "PENDING" ? (
          <Text size="xs" c="dimmed">
            {t("pendingHint")}
          </Text>
        ) : refund.status === "FAILED" ? (
          <Text size="xs" c="dimmed">
            {t("failedHint")}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
