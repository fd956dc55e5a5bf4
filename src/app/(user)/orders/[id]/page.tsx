import { Badge, Card, Divider, Group, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations, getLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { AnchorLink, ButtonLink } from "@/components/links";
import { PlanChangeCard } from "@/components/plan-change/plan-change-card";
import { GiftsSent } from "@/components/gifts/gifts-sent";
import { giftRowData } from "@/components/gifts/gift-row-data";
import { GiftSummaryLine } from "@/components/gifts/gift-summary-line";
import { listMyOrderGifts } from "@/server/services/gifts";
import { formatMoney } from "@/components/store/money";
import { OrderStatusBadge, PaymentStatusBadge } from "@/components/store/status";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { getOrderDetail } from "@/server/services/orders";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("orders") };
}

/** The order, or 404 for a malformed id, someone else's order or none. */
async function loadOrder(id: string) {
  try {
    return await getOrderDetail(await requestCtx(), id);
  } catch (err) {
    if (isDomainError(err) && (err.code === "NOT_FOUND" || err.code === "VALIDATION")) notFound();
    throw err;
  }
}

export default async function OrderDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const locale = await getLocale();
  await requireUserPage();
  const { id } = await params;
  const [{ order, lines, payments, planChange }, t, tk, tp, tc, tpp, format] = await Promise.all([
    loadOrder(id),
    getTranslations("store.detail"),
    getTranslations("store.kind"),
    getTranslations("store.provider"),
    getTranslations("store.catalog"),
    getTranslations("payPage"),
    getFormatter(),
  ]);
  const money = (m: number) => formatMoney(m, order.currency, locale);
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });
  // Issue 28: a gift's subscription (once claimed) is the claimer's, never the buyer's.
  const giftEmail = lines.find((l) => l.giftEmail)?.giftEmail ?? null;
  const gifts = giftEmail ? await listMyOrderGifts(await requestCtx(), [order.id]) : [];
  const hasSubscription = order.status === "PAID" && !giftEmail && lines.some((l) => l.subscriptionId || l.targetSubscriptionId);

  return (
    <Stack gap="md" data-testid="order-detail">
      <AnchorLink href="/orders" size="sm">
        ← {t("back")}
      </AnchorLink>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {t("title", { orderNo: order.orderNo })}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color={order.kind === "NEW_PURCHASE" ? "blue" : "violet"} tt="none" data-testid="order-kind" data-kind={order.kind}>
            {tk(order.kind)}
          </Badge>
          <OrderStatusBadge status={order.status} />
        </Group>
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("placed")}
            </Text>
            <Text size="sm">{when(order.createdAt)}</Text>
          </Stack>
          {order.status === "PENDING" ? (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t("expires")}
              </Text>
              <Text size="sm">{when(order.expiresAt)}</Text>
            </Stack>
          ) : null}
          {order.paidAt ? (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t("paidAt")}
              </Text>
              <Text size="sm">{when(order.paidAt)}</Text>
            </Stack>
          ) : null}
        </SimpleGrid>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text fw={600}>{t("lines")}</Text>
          {lines.map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="order-line">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {l.planName}
                </Text>
                <Text size="xs" c="dimmed">
                  {[tk(l.kind), l.trafficGb ? t("gb", { gb: l.trafficGb }) : null, l.durationDays ? tc("duration", { days: l.durationDays }) : null].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                {money(l.amountMinor)}
              </Text>
            </Group>
          ))}
          <Divider />
          <Group justify="space-between">
            <Text size="sm">{t("subtotal")}</Text>
            <Text size="sm">{money(order.subtotalMinor)}</Text>
          </Group>
          {order.couponDiscountMinor > 0 ? (
            <Group justify="space-between">
              <Text size="sm">{t("couponDiscount")}</Text>
              <Text size="sm">{money(-order.couponDiscountMinor)}</Text>
            </Group>
          ) : null}
          {order.promotionDiscountMinor > 0 ? (
            <Group justify="space-between">
              <Text size="sm">{t("promotionDiscount")}</Text>
              <Text size="sm">{money(-order.promotionDiscountMinor)}</Text>
            </Group>
          ) : null}
          <Group justify="space-between">
            <Text fw={700}>{t("total")}</Text>
            <Text fw={700} size="lg" data-testid="order-total">
              {money(order.totalMinor)}
            </Text>
          </Group>
          {order.refundedAt && order.refundAmountMinor !== null ? (
            <Group justify="space-between" data-testid="order-refunded">
              <Text size="sm">
                {tpp("refunded")}
              </Text>
              <Text size="sm">
                {tpp("refundedOn", { amount: money(order.refundAmountMinor), date: when(order.refundedAt) })}
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Card>

      {planChange ? <PlanChangeCard view={planChange} /> : null}

      {giftEmail && gifts.length === 0 ? <GiftSummaryLine email={giftEmail} /> : null}
      <GiftsSent gifts={gifts.map(giftRowData)} showOrder={false} />

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text fw={600}>{t("payments")}</Text>
          {payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("noPayments")}
            </Text>
          ) : (
            <TableScrollContainer minWidth={520}>
              <Table verticalSpacing="xs">
                <TableThead>
                  <TableTr>
                    <TableTh>{t("method")}</TableTh>
                    <TableTh>{t("tradeNo")}</TableTh>
                    <TableTh>{t("startedAt")}</TableTh>
                    <TableTh>{t("attemptStatus")}</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {payments.map((p) => (
                    <TableTr key={p.tradeNo} data-testid="order-payment">
                      <TableTd>{tp(p.provider)}</TableTd>
                      <TableTd>
                        <Text size="sm" ff="monospace">
                          {p.tradeNo}
                        </Text>
                      </TableTd>
                      <TableTd style={{ whiteSpace: "nowrap" }}>{when(p.createdAt)}</TableTd>
                      <TableTd>
                        <Group gap={4}>
                          <PaymentStatusBadge status={p.status} />
                          {p.late ? (
                            <Text size="xs" c="dimmed">
                              {t("late")}
                            </Text>
                          ) : null}
                        </Group>
                      </TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </TableScrollContainer>
          )}
        </Stack>
      </Card>

      <Group gap="sm">
        {order.status === "PENDING" ? (
          <ButtonLink href={`/orders/${order.id}/pay`} data-testid="order-detail-pay">
            {t("pay")}
          </ButtonLink>
        ) : null}
        {hasSubscription ? (
          <ButtonLink href="/subscriptions" variant="light">
            {t("subscriptions")}
          </ButtonLink>
        ) : null}
      </Group>
    </Stack>
  );
}
