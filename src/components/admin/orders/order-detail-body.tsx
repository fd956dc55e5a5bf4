"use client";
// One order in full (issue 24 item 6): the actions the row menu offers (confirm, cancel, review,
// refund: the same dialogs), the buyer (a link to the user), totals and coupon, the review and refund
// notes, the refund itself, each line with the subscription it made or extends (a link), and every
// payment attempt with its state.
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconFlag, IconReceiptRefund, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { AnchorLink } from "@/components/links";
import { PlanChangeCard } from "@/components/plan-change/plan-change-card";
import { Fact } from "../detail-parts";
import { canCancel, canConfirm, canRefund, type OrderRow } from "./order-codes";
import type { OrderDialog } from "./order-dialogs";
import type { OrderDetail } from "./order-detail-types";
import { OrderStatusBadge, ReviewBadge, useMoney, useWhen } from "./order-labels";
import { OrderPaymentsList } from "./order-payments-list";
import { OrderRefundCard } from "./order-refund-card";
import { GiftSummaryLine } from "@/components/gifts/gift-summary-line";
import { useCan } from "../staff-permissions";

function Note({ label, text, empty, testId, flagged = false }: { label: string; text: string | null; empty?: string; testId: string; flagged?: boolean }) {
  if (!text && !empty) return null;
  return (
    <Card withBorder padding="sm" style={flagged ? { borderColor: "var(--mantine-color-red-filled)" } : undefined}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} c={text ? undefined : "dimmed"} data-testid={testId}>
        {text ?? empty}
      </Text>
    </Card>
  );
}

/** The row menu's actions as buttons; each opens the same dialog the menu does. Only those the role may do. */
function Actions({ row, onOpen }: { row: OrderRow; onOpen: (d: NonNullable<OrderDialog>) => void }) {
  const t = useTranslations("adminOrders");
  const td = useTranslations("orderDrawer");
  const can = useCan();
  const write = can("orders.write");
  const refund = can("orders.refund") && canRefund(row);
  if (!write && !refund) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={td("actions")} data-testid="order-drawer-actions">
      {write && canConfirm(row) ? (
        <Button size="compact-sm" color="teal" leftSection={<IconCheck size={14} />} onClick={() => onOpen({ kind: "confirm", order: row })} data-testid="drawer-order-confirm">
          {t("confirm")}
        </Button>
      ) : null}
      {write && canCancel(row) ? (
        <Button size="compact-sm" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => onOpen({ kind: "cancel", order: row })} data-testid="drawer-order-cancel">
          {t("cancel")}
        </Button>
      ) : null}
      {write ? (
        <Button size="compact-sm" variant="default" leftSection={<IconFlag size={14} />} onClick={() => onOpen({ kind: "review", order: row })} data-testid="drawer-order-review">
          {t("reviewAction")}
        </Button>
      ) : null}
      {refund ? (
        <Button size="compact-sm" color="grape" variant="light" leftSection={<IconReceiptRefund size={14} />} onClick={() => onOpen({ kind: "refund", order: row })} data-testid="drawer-order-refund">
          {t("refund")}
        </Button>
      ) : null}
    </Group>
  );
}

export function DetailBody({ detail, row, onOpen }: { detail: OrderDetail; row: OrderRow; onOpen: (d: NonNullable<OrderDialog>) => void }) {
  const t = useTranslations("adminOrders");
  const td = useTranslations("orderDrawer");
  const money = useMoney();
  const when = useWhen();
  const can = useCan();
  const { order, lines, payments, buyer } = detail;
  const cur = order.currency;
  return (
    <Stack gap="md" data-testid="order-detail" data-order-no={order.orderNo}>
      <Group gap={6}>
        <OrderStatusBadge status={order.status} />
        <ReviewBadge review={order.reviewStatus} />
      </Group>
      <Actions row={row} onOpen={onOpen} />
      <Stack gap={4}>
        <Fact label={td("buyer")}>
          {can("users.read") ? (
            <AnchorLink href={`/admin/users/${buyer.id}`} size="sm" aria-label={td("openBuyer", { email: buyer.email })} data-testid="order-buyer-link">
              {buyer.email}
            </AnchorLink>
          ) : (
            buyer.email
          )}
        </Fact>
        <Fact label={t("kind")}>{t(`kinds.${order.kind}`)}</Fact>
        <Fact label={t("subtotal")}>{money(order.subtotalMinor, cur)}</Fact>
        {order.couponDiscountMinor > 0 || detail.couponCode ? (
          <Fact label={t("couponDiscount")}>{[order.couponDiscountMinor > 0 ? `−${money(order.couponDiscountMinor, cur)}` : null, detail.couponCode].filter(Boolean).join(" · ")}</Fact>
        ) : null}
        {order.promotionDiscountMinor > 0 ? <Fact label={t("promotionDiscount")}>−{money(order.promotionDiscountMinor, cur)}</Fact> : null}
        <Fact label={t("totalAmount")}>
          <Text span fw={600} size="sm">
            {money(order.totalMinor, cur)}
          </Text>
        </Fact>
        <Fact label={t("provider")}>{order.provider ? t(`providers.${order.provider}`) : t("none")}</Fact>
        {order.paidVia ? <Fact label={t("paidVia")}>{t(`paidVias.${order.paidVia}`)}</Fact> : null}
        <Fact label={t("createdAt")}>{when(order.createdAt)}</Fact>
        {order.status === "PENDING" ? <Fact label={t("expiresAt")}>{when(order.expiresAt)}</Fact> : null}
        {order.paidAt ? <Fact label={t("paidAt")}>{when(order.paidAt)}</Fact> : null}
        {order.closedAt ? <Fact label={t("closedAt")}>{when(order.closedAt)}</Fact> : null}
        {order.refundedAt ? <Fact label={t("refundedAt")}>{when(order.refundedAt)}</Fact> : null}
        {order.refundAmountMinor !== null ? <Fact label={t("refundAmountLabel")}>{money(order.refundAmountMinor, cur)}</Fact> : null}
      </Stack>

      <Note label={t("refundNoteLabel")} text={order.refundNote} testId="order-refund-note-text" />
      {/* Its read (refund options) is the refund permission's. */}
      {can("orders.refund") ? <OrderRefundCard orderId={order.id} currency={cur} /> : null}
      <Note label={t("reviewNoteLabel")} text={order.reviewNote} empty={t("noNote")} testId="order-review-note-text" flagged={order.reviewStatus === "FLAGGED"} />

      {detail.planChange ? <PlanChangeCard view={detail.planChange} /> : null}

      <Title order={4}>{t("lines")}</Title>
      <Stack gap="xs">
        {lines.map((l) => {
          const sub = l.subscriptionId ?? l.targetSubscriptionId;
          return (
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
              {/* Issue 28: a gift line provisions for whoever claims its mailed link, not for the buyer. */}
              {l.giftEmail ? <GiftSummaryLine email={l.giftEmail} /> : null}
              <Text size="xs" mt={4}>
                {l.kind === "NEW_PURCHASE" ? td("subscriptionMade") : td("subscriptionTarget")}
                {": "}
                {sub && !can("subscriptions.read") ? (
                  <Text span size="xs">
                    {sub.slice(0, 8)}
                  </Text>
                ) : sub ? (
                  <AnchorLink href={`/admin/subscriptions/${sub}`} size="xs" data-testid="order-subscription-link">
                    {td("openSubscription")}
                  </AnchorLink>
                ) : (
                  <Text span size="xs" c="dimmed">
                    {td("subscriptionNone")}
                  </Text>
                )}
              </Text>
            </Card>
          );
        })}
      </Stack>

      <Title order={4}>{t("payments")}</Title>
      <OrderPaymentsList payments={payments} currency={cur} />
    </Stack>
  );
}
