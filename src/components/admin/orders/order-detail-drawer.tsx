"use client";
// One order in full: totals, lines, every payment attempt (trade numbers, late payments flagged),
// the review and refund notes, and the refund itself (destination, state, numbers, error). Loaded
// when the drawer opens (a Server Action read).
import { Badge, Card, Drawer, Group, Loader, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { orderDetail } from "@/app/admin/orders/actions";
import { FormError } from "../../forms/form-error";
import { networkError, useErrorText } from "../../forms/server-error";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { OrderStatusBadge, ReviewBadge, useMoney, useWhen } from "./order-labels";
import { OrderRefundCard } from "./order-refund-card";

type Detail = Extract<Awaited<ReturnType<typeof orderDetail>>, { ok: true }>["data"];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

function DetailBody({ detail }: { detail: Detail }) {
  const t = useTranslations("adminOrders");
  const money = useMoney();
  const when = useWhen();
  const { order, lines, payments } = detail;
  const cur = order.currency;
  return (
    <Stack gap="md" data-testid="order-detail" data-order-no={order.orderNo}>
      <Group gap={6}>
        <OrderStatusBadge status={order.status} />
        <ReviewBadge review={order.reviewStatus} />
      </Group>
      <Stack gap={4}>
        <Field label={t("kind")}>{t(`kinds.${order.kind}`)}</Field>
        <Field label={t("subtotal")}>{money(order.subtotalMinor, cur)}</Field>
        {order.couponDiscountMinor > 0 ? <Field label={t("couponDiscount")}>−{money(order.couponDiscountMinor, cur)}</Field> : null}
        {order.promotionDiscountMinor > 0 ? <Field label={t("promotionDiscount")}>−{money(order.promotionDiscountMinor, cur)}</Field> : null}
        <Field label={t("totalAmount")}>
          <Text span fw={600} size="sm">
            {money(order.totalMinor, cur)}
          </Text>
        </Field>
        <Field label={t("provider")}>{order.provider ? t(`providers.${order.provider}`) : t("none")}</Field>
        {order.paidVia ? <Field label={t("paidVia")}>{t(`paidVias.${order.paidVia}`)}</Field> : null}
        <Field label={t("createdAt")}>{when(order.createdAt)}</Field>
        {order.status === "PENDING" ? <Field label={t("expiresAt")}>{when(order.expiresAt)}</Field> : null}
        {order.paidAt ? <Field label={t("paidAt")}>{when(order.paidAt)}</Field> : null}
        {order.closedAt ? <Field label={t("closedAt")}>{when(order.closedAt)}</Field> : null}
        {order.refundedAt ? <Field label={t("refundedAt")}>{when(order.refundedAt)}</Field> : null}
        {order.refundAmountMinor !== null ? <Field label={t("refundAmountLabel")}>{money(order.refundAmountMinor, cur)}</Field> : null}
      </Stack>

      {order.refundNote ? (
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {t("refundNoteLabel")}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="order-refund-note-text">
            {order.refundNote}
          </Text>
        </Card>
      ) : null}
      <OrderRefundCard orderId={order.id} currency={cur} />
      <Card withBorder padding="sm" style={order.reviewStatus === "FLAGGED" ? { borderColor: "var(--mantine-color-red-filled)" } : undefined}>
        <Text size="xs" c="dimmed">
          {t("reviewNoteLabel")}
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} c={order.reviewNote ? undefined : "dimmed"} data-testid="order-review-note-text">
          {order.reviewNote ?? t("noNote")}
        </Text>
      </Card>

      <Title order={4}>{t("lines")}</Title>
      <Stack gap="xs">
        {lines.map((l) => (
          <Card key={l.id} withBorder padding="sm" data-testid="order-line">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                {l.planName}
              </Text>
              <Text size="sm" style={{ flexShrink: 0 }}>
                {money(l.amountMinor, cur)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {[t(`kinds.${l.kind}`), l.trafficGb > 0 ? t("trafficGb", { gb: l.trafficGb }) : null, l.durationDays > 0 ? t("durationDays", { days: l.durationDays }) : null].filter(Boolean).join(" · ")}
            </Text>
          </Card>
        ))}
      </Stack>

      <Title order={4}>{t("payments")}</Title>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noPayments")}
        </Text>
      ) : (
        <Stack gap="xs">
          {payments.map((p) => (
            <Card key={p.tradeNo} withBorder padding="sm" data-testid="order-payment" data-late={p.late} style={p.late ? { borderColor: "var(--mantine-color-red-filled)" } : undefined}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap={6}>
                  <Badge variant="light" color={p.status === "PAID" ? "teal" : p.status === "PENDING" ? "yellow" : p.status === "REFUNDED" ? "grape" : "gray"}>
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
                  {money(p.amountMinor, cur)}
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
      )}
    </Stack>
  );
}

/** Opens for `orderId`; null closes it. */
export function OrderDetailDrawer({ order, onClose }: { order: { id: string; orderNo: string } | null; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const phone = usePhoneLayout();
  const { messageOf } = useErrorText();
  const [state, setState] = useState<{ id: string; detail?: Detail; error?: string } | null>(null);
  const id = order?.id ?? null;
  useEffect(() => {
    if (!id) return;
    let live = true;
    orderDetail(id)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => {
        if (!live) return;
        setState(r.ok ? { id, detail: r.data } : { id, error: messageOf(r.error) });
      });
    return () => {
      live = false;
    };
  }, [id, messageOf]);
  const current = state && state.id === id ? state : null;
  return (
    <Drawer opened={!!order} onClose={onClose} position="right" size={phone ? "100%" : "lg"} title={order ? t("detailTitle", { orderNo: order.orderNo }) : ""} closeButtonProps={{ "aria-label": t("close") }}>
      {!current ? (
        <Group gap="xs" data-testid="order-detail-loading">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t("detailLoading")}
          </Text>
        </Group>
      ) : current.error ? (
        <FormError>{current.error}</FormError>
      ) : current.detail ? (
        <DetailBody detail={current.detail} />
      ) : null}
    </Drawer>
  );
}
